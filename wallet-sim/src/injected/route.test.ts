// GET /injected.js: the script for each identity, pointed at the origin it was asked from, with the chain's
// id; an unknown identity is 400 BAD_REQUEST; a Host wallet-sim does not answer is refused like every route.
// The script itself runs in Chromium in e2e/tests/compat/injected.test.ts.
import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningSim, startSim } from '../index'
import { injectedWalletScript } from './script'

let sim: RunningSim
beforeAll(async () => {
  sim = await startSim({ accounts: 1 })
})
afterAll(() => sim?.close())

/** The config the script calls its page function with (its last JSON argument). */
function configOf(script: string): Record<string, unknown> {
  const json = /\)\((\{.*?\}), \{ openWalletFrame: /s.exec(script)?.[1]
  if (json === undefined) throw new Error('no config in the script')
  return JSON.parse(json)
}

describe('GET /injected.js', () => {
  it('answers the script of each identity, for the origin asked and the chain served', async () => {
    for (const [as, name] of [
      ['walletsim', 'wallet-sim'],
      ['argentX', 'Argent X'],
      ['braavos', 'Braavos'],
    ] as const) {
      const response = await fetch(`${sim.url}/injected.js${as === 'walletsim' ? '' : `?as=${as}`}`)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toMatch(/^text\/javascript/)
      expect(response.headers.get('cache-control')).toBe('no-store')
      const config = configOf(await response.text())
      expect(config).toMatchObject({
        walletOrigin: sim.url,
        id: as,
        name,
        chainId: '0x534e5f5345504f4c4941',
        chain: 'starknet:SN_SEPOLIA',
        icon: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
      })
      // A refusal is the wallet API's 113, as dapps check it.
      expect(config.walletApiCodes).toMatchObject({ USER_REJECTED: 113 })
      // Loaded at the first request unless asked to preload (the Playwright fixtures ask).
      expect(config.preload).toBe(false)
    }
    const preloading = await fetch(`${sim.url}/injected.js?as=argentX&preload=1`)
    expect(configOf(await preloading.text())).toMatchObject({ id: 'argentX', preload: true })
  })

  it('refuses an unknown identity with 400 and a Host it does not answer with 403', async () => {
    for (const query of [
      '?as=metamask',
      '?as=',
      '?as=argentX&as=braavos',
      '?preload=yes',
      '?preload=1&preload=1',
    ]) {
      const response = await fetch(`${sim.url}/injected.js${query}`)
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({ code: 'BAD_REQUEST' })
    }
    // A page of another name that resolves here (DNS rebinding) gets no script pointed at itself.
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(`${sim.url}/injected.js`, { headers: { host: 'evil.example' } }, (res) => {
        res.resume()
        resolve(res.statusCode ?? 0)
      })
      req.once('error', reject)
      req.end()
    })
    expect(status).toBe(403)
    // Under localhost, the script points at localhost.
    const localhost = sim.url.replace('127.0.0.1', 'localhost')
    expect(configOf(await (await fetch(`${localhost}/injected.js`)).text()).walletOrigin).toBe(localhost)
  })

  it('builds a script that parses, for a chain id of any form', () => {
    const script = injectedWalletScript({
      walletOrigin: 'http://127.0.0.1:3005/x',
      chainId: '0x1',
      version: '1.0.0',
    })
    expect(() => new Function(script)).not.toThrow()
    expect(configOf(script)).toMatchObject({ walletOrigin: 'http://127.0.0.1:3005', chain: 'starknet:0x1' })
  })
})
