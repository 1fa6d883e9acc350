// DNS rebinding: a page whose name resolves to wallet-sim's address reaches it with its own Host header;
// everything but the chain's JSON-RPC must refuse it, whatever address wallet-sim listens on.
import { request } from 'node:http'
import { describe, expect, it } from 'vitest'
import { startSim } from '../../index'

function get(url: string, host: string, method = 'GET', body?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers: { host, 'content-type': 'application/json' } }, (res) => {
      res.resume()
      resolve(res.statusCode ?? 0)
    })
    req.once('error', reject)
    req.end(body)
  })
}

const PATHS = [
  '/dev/inbox',
  '/dev/accounts',
  '/wallet/api/chainId',
  '/wallet/approvals',
  '/interstitialLogin',
]

describe('the Host check', () => {
  it('refuses names it does not answer on a loopback address, except for the JSON-RPC', async () => {
    await using sim = await startSim({
      accounts: 1,
      allowedHosts: ['my-sim.test'],
      allowedDapps: ['dapp.test'],
    })
    const port = new URL(sim.url).port
    for (const path of PATHS) expect(await get(`${sim.url}${path}`, `evil.example:${port}`), path).toBe(403)
    // An iframe-allowed dapp host is not a name of wallet-sim.
    expect(await get(`${sim.url}/dev/inbox`, `dapp.test:${port}`)).toBe(403)
    for (const host of [
      `localhost:${port}`,
      `127.0.0.1:${port}`,
      `[::1]:${port}`,
      `app.localhost:${port}`,
      'my-sim.test',
      `MY-SIM.test:${port}`,
    ])
      expect(await get(`${sim.url}/dev/inbox`, host), host).toBe(200)
    const rpc = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'starknet_chainId' })
    expect(await get(`${sim.url}/rpc`, `evil.example:${port}`, 'POST', rpc)).toBe(200)
  })

  it('runs on any bound address: 127.0.0.2 answers its own address and local names only', async () => {
    await using sim = await startSim({ accounts: 1, host: '127.0.0.2' })
    const port = new URL(sim.url).port
    for (const path of PATHS) expect(await get(`${sim.url}${path}`, `evil.example:${port}`), path).toBe(403)
    expect(await get(`${sim.url}/dev/inbox`, `127.0.0.2:${port}`)).toBe(200)
    expect(await get(`${sim.url}/dev/inbox`, `localhost:${port}`)).toBe(200)
    expect(await get(`${sim.url}/dev/inbox`, `127.0.0.3:${port}`)).toBe(403)
  })

  it('on 0.0.0.0 answers the address each request reached', async () => {
    await using sim = await startSim({ accounts: 1, host: '0.0.0.0' })
    const port = new URL(sim.url).port
    expect(await get(`http://127.0.0.3:${port}/dev/inbox`, `127.0.0.3:${port}`)).toBe(200)
    expect(await get(`http://127.0.0.3:${port}/dev/inbox`, `127.0.0.4:${port}`)).toBe(403)
    expect(await get(`http://127.0.0.3:${port}/dev/inbox`, `evil.example:${port}`)).toBe(403)
  })
})
