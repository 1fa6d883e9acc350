// DNS rebinding: a page whose name resolves to 127.0.0.1 reaches the simulator with its own Host header;
// everything but the chain's JSON-RPC must refuse it, local names must pass.
import { request } from 'node:http'
import { expect, it } from 'vitest'
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

it('refuses non-local Host names on a loopback address, except for the JSON-RPC', async () => {
  await using sim = await startSim({ accounts: 1, allowedDapps: ['localhost', '127.0.0.1', 'my-dapp.test'] })
  const port = new URL(sim.url).port
  for (const path of [
    '/dev/inbox',
    '/dev/accounts',
    '/wallet/api/chainId',
    '/wallet/approvals',
    '/interstitialLogin',
  ])
    expect(await get(`${sim.url}${path}`, `evil.example:${port}`), path).toBe(403)
  for (const host of [
    `localhost:${port}`,
    `127.0.0.1:${port}`,
    `[::1]:${port}`,
    `app.localhost:${port}`,
    'my-dapp.test',
  ])
    expect(await get(`${sim.url}/dev/inbox`, host), host).toBe(200)
  const rpc = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'starknet_chainId' })
  expect(await get(`${sim.url}/rpc`, `evil.example:${port}`, 'POST', rpc)).toBe(200)
})
