// Dev powers are for developers: a web page of a foreign origin (another site, or just another port of
// localhost) must not mint, move the clock, read the predeployed keys, fund accounts through /dev, log in
// with devLogin or act as the --email user over /trpc — by CORS fetch or by CSRF "simple" request. Node
// clients (no Origin) and the exact --allow-dapp origin keep every power.
import { type RunningSim, startSim } from '@webwallet/wallet-sim'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { attackerSite, browserResolving, postJson, rpcCall } from './attacker'

const EMAIL = 'dev@example.com'
let sim: RunningSim
let attacker: Awaited<ReturnType<typeof attackerSite>>
let dapp: Awaited<ReturnType<typeof attackerSite>>
let browser: Awaited<ReturnType<typeof browserResolving>>

beforeAll(async () => {
  // Another port of localhost (the attacker) and the developer's own dapp, whose exact origin is allowed.
  attacker = await attackerSite('127.0.0.1')
  dapp = await attackerSite('127.0.0.1')
  sim = await startSim({
    accounts: 2,
    approve: 'auto',
    email: EMAIL,
    allowedDapps: ['localhost', '127.0.0.1', dapp.origin],
  })
  browser = await browserResolving([], '')
})
afterAll(async () => {
  await browser.close()
  await Promise.all([sim.close(), attacker.close(), dapp.close()])
})

async function pageOn(origin: string): Promise<Page> {
  const page = await browser.newPage()
  await page.goto(`${origin}/`)
  return page
}

const strkBalance = async (address: string) =>
  BigInt(
    (await postJson(sim.rpcUrl, rpcCall('devnet_getAccountBalance', { address, unit: 'FRI' }))).json<{
      result: { amount: string }
    }>().result.amount,
  )

/** From the page: devnet_mint to `address` at wallet-sim's /rpc, as CSRF (text/plain, no-cors) and as JSON. */
function mintFromPage(page: Page, address: string) {
  return page.evaluate(
    async ({ rpcUrl, address }) => {
      const body = JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'devnet_mint',
        params: { address, amount: 1e15, unit: 'FRI' },
      })
      await fetch(rpcUrl, {
        method: 'POST',
        mode: 'no-cors',
        headers: { 'content-type': 'text/plain' },
        body,
      })
      const json = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      })
      return (await json.json()) as {
        error?: { code: number; message: string; data: string }
        result?: unknown
      }
    },
    { rpcUrl: sim.rpcUrl, address },
  )
}

describe('a page of another localhost port', () => {
  it('cannot mint over /rpc, by CSRF text/plain or by CORS JSON; the error names the flags', async () => {
    const page = await pageOn(attacker.origin)
    const address = sim.accounts[1]!.address
    const before = await strkBalance(address)
    const answer = await mintFromPage(page, address)
    expect(answer.error).toMatchObject({ code: -32001, message: expect.stringContaining('--allow-dapp') })
    expect(answer.error?.data).toContain(`--allow-dapp ${attacker.origin}`)
    expect(await strkBalance(address)).toBe(before)
  })

  it('cannot read the predeployed private keys, move the clock, or fund through /dev', async () => {
    const page = await pageOn(attacker.origin)
    const address = sim.accounts[1]!.address
    const before = await strkBalance(address)
    const time = sim.chain.now()
    const answers = await page.evaluate(
      async ({ url, address }) => {
        const rpc = (method: string, params: unknown) =>
          fetch(`${url}/rpc`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
          }).then((r) => r.text())
        // The dev API sends no CORS headers to this page: the attacker fires blind, as a form would.
        await fetch(`${url}/dev/accounts/${address}/fund`, {
          method: 'POST',
          mode: 'no-cors',
          headers: { 'content-type': 'text/plain' },
          body: JSON.stringify({ amount: '500000000000000000000' }),
        })
        await fetch(`${url}/dev/time`, { method: 'POST', mode: 'no-cors', body: '{"increase":86400}' })
        return {
          keys: await rpc('devnet_getPredeployedAccounts', {}),
          time: await rpc('devnet_increaseTime', { time: 86_400 }),
        }
      },
      { url: sim.url, address },
    )
    expect(answers.keys).toContain('-32001')
    expect(answers.keys).not.toContain(sim.accounts[0]!.private_key.slice(2))
    expect(answers.time).toContain('-32001')
    // The chain's clock follows the wall clock: it moved seconds, not the day the attacker asked for.
    expect(sim.chain.now() - time).toBeLessThan(3_600)
    expect(await strkBalance(address)).toBe(before)
  })

  it('cannot log in as the --email user through devLogin', async () => {
    const page = await pageOn(attacker.origin)
    const sessions = Object.keys(sim.walletSim.login.snapshot().sessions).length
    const status = await page.evaluate(async (url) => {
      await fetch(`${url}/wallet/api/devLogin`, { method: 'POST', mode: 'no-cors' })
      const cors = await fetch(`${url}/wallet/api/devLogin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }).catch(() => undefined)
      return cors?.status ?? 'blocked'
    }, sim.url)
    expect(status).toBe('blocked')
    expect(Object.keys(sim.walletSim.login.snapshot().sessions)).toHaveLength(sessions)
  })

  it('does not get the --email user by embedding the wallet page: devLogin is told the dapp and refuses it', async () => {
    // What the wallet page (wallet-sim's own origin) sends when a page of `origin` framed or opened it.
    const devLoginFor = (origin: string) =>
      postJson(`${sim.url}/wallet/api/devLogin`, { origin }, { origin: sim.url })
    const refused = await devLoginFor(attacker.origin)
    expect(refused.status).toBe(403)
    expect(refused.json().message).toBe(
      `The --email user is not for ${attacker.origin}: allow that exact origin with --allow-dapp ${attacker.origin}, or log in with a code`,
    )
    expect((await devLoginFor('https://evil.example')).status).toBe(403)
    expect((await devLoginFor(dapp.origin)).json()).toMatchObject({ email: EMAIL })
  })

  it('is logged out over /trpc: not the --email user', async () => {
    const page = await pageOn(attacker.origin)
    expect(await loginStatusOver(page, sim.trpcUrl)).toEqual({ isLoggedIn: false })
  })
})

describe('the legitimate counterparts', () => {
  it('the exact allowed origin mints over /rpc (JSON) and is the --email user over /trpc', async () => {
    const page = await pageOn(dapp.origin)
    const address = sim.accounts[1]!.address
    const before = await strkBalance(address)
    const answer = await mintFromPage(page, address)
    expect(answer, JSON.stringify(answer)).toMatchObject({ result: { unit: 'FRI' } })
    // Only the JSON request minted: the text/plain one was refused even from the allowed page.
    expect(await strkBalance(address)).toBe(before + 10n ** 15n)
    expect(await loginStatusOver(page, sim.trpcUrl)).toMatchObject({ isLoggedIn: true })
  })

  it('a Node client (no Origin) mints, reads the keys and logs in with devLogin', async () => {
    const address = sim.accounts[1]!.address
    const before = await strkBalance(address)
    await postJson(sim.rpcUrl, rpcCall('devnet_mint', { address, amount: 1000, unit: 'FRI' }))
    expect(await strkBalance(address)).toBe(before + 1000n)
    const keys = await postJson(sim.rpcUrl, rpcCall('devnet_getPredeployedAccounts'))
    expect(keys.body).toContain(sim.accounts[0]!.private_key)
    const login = await postJson(`${sim.url}/wallet/api/devLogin`, {})
    expect(login.json()).toMatchObject({ email: EMAIL })
  })
})

it('--open-dev-api restores the old behaviour for those who want it', async () => {
  await using open = await startSim({ accounts: 2, openDevApi: true })
  const page = await pageOn(attacker.origin)
  const address = open.accounts[1]!.address
  const answer = await page.evaluate(
    async ({ rpcUrl, address }) => {
      const body = JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'devnet_mint',
        params: { address, amount: 7, unit: 'FRI' },
      })
      return (
        await fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
      ).json()
    },
    { rpcUrl: open.rpcUrl, address },
  )
  expect(answer).toMatchObject({ result: { unit: 'FRI' } })
})

/** getLoginStatus over /trpc from the page's own WebSocket (its Origin header is the page's). */
function loginStatusOver(page: Page, trpcUrl: string) {
  return page.evaluate(
    (trpcUrl) =>
      new Promise<unknown>((resolve, reject) => {
        const socket = new WebSocket(trpcUrl)
        socket.onerror = () => reject(new Error('socket failed'))
        socket.onopen = () =>
          socket.send(JSON.stringify({ id: 1, method: 'mutation', params: { path: 'getLoginStatus' } }))
        socket.onmessage = (event) => {
          const message = JSON.parse(String(event.data)) as { id?: number; result?: { data?: unknown } }
          if (message.id !== 1) return
          socket.close()
          resolve(message.result?.data)
        }
      }),
    trpcUrl,
  )
}
