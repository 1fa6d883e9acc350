import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ALLOWED_DAPPS_ELEMENT_ID } from '@webwallet/protocol/wallet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Served, serve } from '../infra/http/serve'
import { createWalletUiRouter, withAllowList } from './static'

// The approval window (a prompt a frame that cannot prove itself visible hands over) included.
const POPUP_ROUTES = ['/interstitialLogin', '/signMessage', '/signSessionKeys', '/review', '/approvalWindow']
let defaults: Served
let configured: Served
let unbuilt: Served

beforeAll(async () => {
  const uiDir = mkdtempSync(join(tmpdir(), 'wallet-ui-'))
  writeFileSync(
    join(uiDir, 'index.html'),
    '<!doctype html><html><head><title>wallet-sim</title></head><body></body></html>',
  )
  defaults = await serve('/', createWalletUiRouter(uiDir))
  configured = await serve(
    '/',
    createWalletUiRouter(uiDir, { allowedDapps: ['app.example', 'http://127.0.0.2:5173', 'bad;entry'] }),
  )
  unbuilt = await serve('/', createWalletUiRouter(join(uiDir, 'missing')))
})
afterAll(async () => {
  await Promise.all([defaults.close(), configured.close(), unbuilt.close()])
})

const csp = (response: Response) => response.headers.get('content-security-policy') ?? ''

describe('framing', () => {
  it('/iframes/comms may be framed only by the allow-listed hosts (localhost and 127.0.0.1 by default)', async () => {
    const response = await fetch(`${defaults.url}/iframes/comms?theme=dark`)
    expect(response.status).toBe(200)
    expect(csp(response)).toContain(
      'frame-ancestors http://localhost:* https://localhost:* http://127.0.0.1:* https://127.0.0.1:*',
    )
    expect(response.headers.get('x-frame-options')).toBeNull()
  })

  it('follows --allow-dapp: hosts on any port, origins exactly, invalid entries never in the header', async () => {
    const header = csp(await fetch(`${configured.url}/iframes/comms`))
    expect(header).toMatch(
      /frame-ancestors http:\/\/app\.example:\* https:\/\/app\.example:\* http:\/\/127\.0\.0\.2:5173$/,
    )
    expect(header).not.toContain('bad')
    expect(header).not.toContain('localhost')
  })

  it("every other wallet page refuses any frame: frame-ancestors 'none' and X-Frame-Options DENY", async () => {
    for (const route of [...POPUP_ROUTES, '/review/']) {
      const response = await fetch(`${configured.url}${route}`)
      expect(response.status, route).toBe(200)
      expect(csp(response), route).toContain("frame-ancestors 'none'")
      expect(response.headers.get('x-frame-options'), route).toBe('DENY')
    }
  })

  it('the same headers go with the page that says the UI is not built', async () => {
    const response = await fetch(`${unbuilt.url}/review`)
    expect(response.status).toBe(503)
    expect(csp(response)).toContain("frame-ancestors 'none'")
    expect(response.headers.get('x-frame-options')).toBe('DENY')
  })
})

describe('the page', () => {
  it('loads only its own scripts, styles and API, and is never cached', async () => {
    const response = await fetch(`${defaults.url}/signMessage`)
    expect(csp(response)).toContain("script-src 'self'")
    expect(csp(response)).toContain("connect-src 'self'")
    expect(csp(response)).toContain("object-src 'none'")
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it('carries the valid allow-list entries as a JSON data block', async () => {
    const html = await (await fetch(`${configured.url}/iframes/comms`)).text()
    const block = html.match(
      new RegExp(`<script type="application/json" id="${ALLOWED_DAPPS_ELEMENT_ID}">(.*?)</script>`),
    )
    expect(JSON.parse(block?.[1] ?? 'null')).toEqual(['app.example', 'http://127.0.0.2:5173'])
    expect(html.indexOf(ALLOWED_DAPPS_ELEMENT_ID)).toBeLessThan(html.indexOf('</head>'))
  })

  it('drops entries that could close the data block', () => {
    expect(withAllowList('<head></head>', ['</script><script>alert(1)</script>'])).not.toContain('alert')
    expect(withAllowList('<head></head>', ['a</script>'])).toBe(
      `<head><script type="application/json" id="${ALLOWED_DAPPS_ELEMENT_ID}">[]</script></head>`,
    )
  })
})
