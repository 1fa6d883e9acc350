// DNS rebinding: an attacker's page whose own name now resolves to wallet-sim's address calls it
// same-origin, with the attacker's name in the Host header. On any bound address (127.0.0.2, 0.0.0.0)
// every route but the starknet_* methods of /rpc must refuse that Host; names wallet-sim answers still work.
import { type RunningSim, startSim } from '@webwallet/wallet-sim'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { browserResolving, postJson, raw, rpcCall } from './attacker'

const VICTIM = 'victim@example.com'

describe('a wallet-sim on 127.0.0.2', () => {
  let sim: RunningSim
  let port: string
  beforeAll(async () => {
    sim = await startSim({ host: '127.0.0.2', accounts: 2, allowedHosts: ['wallet.test'] })
    port = new URL(sim.url).port
  })
  afterAll(() => sim.close())

  it('refuses a forged Host on every route: inbox, login, wallet API, wallet pages, devnet_*', async () => {
    const evil = { host: `rebind.evil.test:${port}` }
    await postJson(`${sim.url}/login/start`, { email: VICTIM })
    for (const path of ['/dev/inbox', `/dev/inbox/${VICTIM}`, '/wallet/api/chainId', '/interstitialLogin'])
      expect((await raw(`${sim.url}${path}`, { headers: evil })).status, path).toBe(403)
    const refused = await postJson(`${sim.url}/login/start`, { email: VICTIM }, evil)
    expect(refused.status).toBe(403)
    expect(refused.json().message).toMatch(
      /^Host rebind\.evil\.test is not a name this wallet-sim answers.*--allow-host/,
    )
    expect(
      (await postJson(`${sim.url}/dev/accounts/${sim.accounts[0]!.address}/fund`, { amount: '1' }, evil))
        .status,
    ).toBe(403)
    // The chain's reads answer any Host, as nodes do; its dev methods do not.
    expect((await postJson(sim.rpcUrl, rpcCall('starknet_chainId'), evil)).json().result).toBe(
      '0x534e5f5345504f4c4941',
    )
    const keys = await postJson(sim.rpcUrl, rpcCall('devnet_getPredeployedAccounts'), evil)
    expect(keys.json()).toMatchObject({ error: { code: -32001 } })
    expect(keys.body).not.toContain(sim.accounts[0]!.private_key.slice(2))
  })

  it('refuses a forged Host on WebSocket upgrades of the wallet router', async () => {
    const socket = new WebSocket(sim.trpcUrl, { headers: { host: `rebind.evil.test:${port}` } })
    const status = await new Promise<number>((resolve) => {
      socket.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0))
      socket.once('open', () => resolve(101))
    })
    expect(status).toBe(403)
    const own = new WebSocket(sim.trpcUrl)
    await new Promise((resolve, reject) => {
      own.once('open', resolve)
      own.once('error', reject)
    })
    own.close()
  })

  it('answers its own address, localhost names and --allow-host names', async () => {
    for (const host of [`127.0.0.2:${port}`, `localhost:${port}`, `app.localhost:${port}`, 'wallet.test'])
      expect((await raw(`${sim.url}/dev/inbox`, { headers: { host } })).status, host).toBe(200)
    expect((await raw(`${sim.url}/dev/inbox`, { headers: { host: `127.0.0.1:${port}` } })).status).toBe(200)
  })

  it('in Chromium, a rebound page can neither read the inbox nor mint, nor reach the wallet API', async () => {
    await using browser = await browserResolving(['rebind.evil.test'], '127.0.0.2')
    const page = await browser.newPage()
    // After rebinding, the attacker's name resolves to wallet-sim: even the page's own load reaches it (and is
    // refused); the script on that origin then calls wallet-sim same-origin.
    const loaded = await page.goto(`http://rebind.evil.test:${port}/`)
    expect(loaded?.status()).toBe(403)
    const address = sim.accounts[1]!.address
    const before = await postJson(sim.rpcUrl, rpcCall('devnet_getAccountBalance', { address, unit: 'FRI' }))
    const results = await page.evaluate(async (address) => {
      const get = async (path: string, init?: RequestInit) => {
        const response = await fetch(path, init)
        return { status: response.status, text: await response.text() }
      }
      return {
        inbox: await get('/dev/inbox'),
        login: await get('/login/start', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'victim@example.com' }),
        }),
        chainId: await get('/wallet/api/chainId'),
        mint: await get('/rpc', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            jsonrpc: '2.0',
            id: 1,
            method: 'devnet_mint',
            params: { address, amount: 1e15, unit: 'FRI' },
          }),
        }),
      }
    }, address)
    expect(results.inbox.status).toBe(403)
    expect(results.login.status).toBe(403)
    expect(results.chainId.status).toBe(403)
    expect(JSON.parse(results.mint.text)).toMatchObject({ error: { code: -32001 } })
    const after = await postJson(sim.rpcUrl, rpcCall('devnet_getAccountBalance', { address, unit: 'FRI' }))
    expect(after.json().result).toEqual(before.json().result)
  })
})

it('a wallet-sim on 0.0.0.0 answers the address each request reached, and refuses rebinding names', async () => {
  await using sim = await startSim({ host: '0.0.0.0', accounts: 1 })
  const port = new URL(sim.url).port
  const via = `http://127.0.0.3:${port}`
  expect((await raw(`${via}/dev/inbox`, { headers: { host: `127.0.0.3:${port}` } })).status).toBe(200)
  expect((await raw(`${via}/dev/inbox`, { headers: { host: `127.0.0.4:${port}` } })).status).toBe(403)
  expect((await raw(`${via}/dev/inbox`, { headers: { host: `wallet-sim:${port}` } })).status).toBe(403)
  // docker-compose's service name is answered once allowed.
  await using allowed = await startSim({ host: '0.0.0.0', accounts: 1, allowedHosts: ['wallet-sim'] })
  const allowedPort = new URL(allowed.url).port
  const reached = await raw(`http://127.0.0.3:${allowedPort}/dev/inbox`, {
    headers: { host: `wallet-sim:${allowedPort}` },
  })
  expect(reached.status).toBe(200)
})
