// wallet-sim's access rules on requests as Node sees them: who may use the dev powers, and the --allow-dapp forms.
import type { IncomingMessage } from 'node:http'
import { describe, expect, it } from 'vitest'
import { createAccess, parseDappEntries } from './access'

/** A request that reached 127.0.0.1:3005 with these headers. */
const request = (headers: Record<string, string>, method = 'POST', localAddress = '127.0.0.1') =>
  ({ headers, method, socket: { localAddress, localPort: 3005 } }) as unknown as IncomingMessage
const json = { host: 'localhost:3005', 'content-type': 'application/json' }

describe('parseDappEntries', () => {
  it('splits bare hosts (iframe allow-list) from exact origins, whose hosts join the list', () => {
    expect(parseDappEntries(['My-Dapp.test', 'http://localhost:5173', 'https://app.test:8443/'])).toEqual({
      hosts: ['my-dapp.test', 'localhost', 'app.test'],
      origins: ['http://localhost:5173', 'https://app.test:8443'],
    })
    expect(parseDappEntries()).toEqual({ hosts: ['localhost', '127.0.0.1'], origins: [] })
  })
})

describe('devRefusal', () => {
  const access = createAccess({ allowedDapps: ['localhost', 'http://localhost:5173'] })

  it('lets Node clients, wallet-sim’s own pages and the exact allowed origins use the dev powers', () => {
    expect(access.devRefusal(request(json))).toBeUndefined()
    for (const origin of ['http://localhost:5173', 'http://localhost:3005'])
      expect(access.devRefusal(request({ ...json, origin })), origin).toBeUndefined()
  })

  it('counts as its own page only the request’s own origin: another address may be another server', () => {
    expect(access.devRefusal(request({ ...json, origin: 'http://127.0.0.1:3005' }))).toMatch(/^Origin /)
    const reached = { ...json, host: '127.0.0.1:3005', origin: 'http://127.0.0.1:3005' }
    expect(access.devRefusal(request(reached))).toBeUndefined()
  })

  it('refuses other pages, another port of an allowed host included, and says which option allows them', () => {
    for (const origin of ['http://localhost:5174', 'https://localhost:5173', 'https://evil.example', 'null'])
      expect(access.devRefusal(request({ ...json, origin })), origin).toMatch(
        /^Origin .* may not use wallet-sim's dev powers .*--allow-dapp .*--open-dev-api$/,
      )
  })

  it('refuses a browser request whose body is not declared JSON (a CSRF simple request)', () => {
    const origin = 'http://localhost:5173'
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])
      expect(access.devRefusal(request({ ...json, origin, 'content-type': type }))).toBe(
        `Dev requests from a browser must be Content-Type: application/json (got ${type})`,
      )
    expect(access.devRefusal(request({ host: 'localhost:3005', origin }, 'GET'))).toBeUndefined()
  })

  it('refuses a Host it does not answer, even without an Origin', () => {
    expect(access.devRefusal(request({ ...json, host: 'evil.example:3005' }))).toMatch(/^Host evil.example/)
  })

  it('with --open-dev-api refuses nothing, and trusts pages of allowed hosts as before', () => {
    const open = createAccess({ allowedDapps: ['localhost'], openDevApi: true })
    const evil = request({
      host: 'evil.example',
      origin: 'https://evil.example',
      'content-type': 'text/plain',
    })
    expect(open.devRefusal(evil)).toBeUndefined()
    expect(open.trustedPage(request({ ...json, origin: 'http://localhost:5174' }))).toBe(true)
    expect(open.trustedPage(request({ ...json, origin: 'https://evil.example' }))).toBe(false)
  })
})
