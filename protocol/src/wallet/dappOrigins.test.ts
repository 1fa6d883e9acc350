import { describe, expect, it } from 'vitest'
import { frameAncestors, isListedOrigin, parseDappEntry } from './dappOrigins'

describe('parseDappEntry', () => {
  it('reads bare hosts and exact http(s) origins', () => {
    expect(parseDappEntry('LocalHost')).toEqual({ kind: 'host', host: 'localhost' })
    expect(parseDappEntry('127.0.0.1')).toEqual({ kind: 'host', host: '127.0.0.1' })
    expect(parseDappEntry('http://localhost:5173')).toEqual({
      kind: 'origin',
      origin: 'http://localhost:5173',
    })
    expect(parseDappEntry('https://app.example/')).toEqual({ kind: 'origin', origin: 'https://app.example' })
  })

  it('drops what could inject a CSP directive or is not an origin', () => {
    for (const bad of [
      "localhost; script-src 'unsafe-inline'",
      'local host',
      '*',
      "'self'",
      '[::1]',
      'ftp://app.example',
      'http://app.example/path',
      'http://user@app.example',
      'http://app.example?x=1',
      'javascript:alert(1)',
      '',
    ]) {
      expect(parseDappEntry(bad), bad).toBeUndefined()
    }
  })
})

describe('frameAncestors', () => {
  it('lets a host frame on any port over http and https, an origin exactly', () => {
    expect(frameAncestors(['localhost', '127.0.0.1', 'http://127.0.0.2:5173'])).toBe(
      'http://localhost:* https://localhost:* http://127.0.0.1:* https://127.0.0.1:* http://127.0.0.2:5173',
    )
  })

  it("is 'none' when nothing valid is listed, and never carries an invalid entry", () => {
    expect(frameAncestors([])).toBe("'none'")
    expect(frameAncestors(['a;b', "'unsafe-inline'"])).toBe("'none'")
  })
})

describe('isListedOrigin', () => {
  const list = ['localhost', 'http://127.0.0.2:5173']
  it('matches a host on any port and scheme, an origin only exactly', () => {
    expect(isListedOrigin('http://localhost:1234', list)).toBe(true)
    expect(isListedOrigin('https://localhost', list)).toBe(true)
    expect(isListedOrigin('http://127.0.0.2:5173', list)).toBe(true)
    expect(isListedOrigin('http://127.0.0.2:5174', list)).toBe(false)
    expect(isListedOrigin('https://127.0.0.2:5173', list)).toBe(false)
    expect(isListedOrigin('http://127.0.0.1:5173', list)).toBe(false)
    expect(isListedOrigin('http://localhost.evil.example', list)).toBe(false)
  })

  it('never matches null, garbage or other schemes', () => {
    for (const origin of ['null', '', 'not a url', 'file://localhost', 'chrome-extension://localhost']) {
      expect(isListedOrigin(origin, list), origin).toBe(false)
    }
  })
})
