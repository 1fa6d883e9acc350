// Cross-site requests: a page on 127.0.0.2, in Chromium, sends wallet-sim (127.0.0.1) every request a
// web page can send without the server's consent — a no-cors fetch and a form POST, both text/plain with a
// JSON body smuggled in — plus a CORS JSON fetch where the service is not public. It aims at the wallet's
// API, its router over HTTP (/trpc/<procedure>), login, the dev API, the cosigner, the paymaster and the devnet_* methods. The answers are opaque to
// the page, so the state is read afterwards from Node: nothing changed. The same requests from Node (no
// Origin, JSON, with the user's token where one is needed) do change it, so the checks can see a change.
import { startSim } from '@webwallet/wallet-sim'
import type { Page } from 'playwright-core'
import { expect, it } from 'vitest'
import { launchBrowser } from '../../support/browser'
import { attackerSite, postJson, raw, rpcCall } from './attacker'

const VICTIM = 'victim@example.com'
const STRK = '0x04718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d'

interface Forged {
  url: string
  body: unknown
  /** Also try a CORS fetch with a JSON body (services that are not public). */
  cors?: 'POST' | 'PUT'
  /**
   * How the legitimate client sends the same request from Node (JSON, no Origin): with the user's token, or
   * plain; absent for the signature-gated public services, whose bodies here are forgeries.
   */
  node?: 'token' | 'plain'
}

/**
 * From the attacker's page: for each request, a no-cors fetch and a form POST (text/plain, the JSON body
 * smuggled in the field name), then, where asked, a CORS fetch. Returns what the page could see of each.
 */
function fire(page: Page, requests: Forged[]) {
  return page.evaluate(async (list) => {
    const seen: string[] = []
    for (const [i, { url, body, cors }] of list.entries()) {
      const json = JSON.stringify(body)
      const blind = await fetch(url, {
        method: 'POST',
        mode: 'no-cors',
        headers: { 'content-type': 'text/plain' },
        body: json,
      })
      seen.push(`no-cors ${url}: ${blind.type}`)
      // A form with enctype text/plain sends `name=value\r\n`: name `{…,"_":"` and value `"}` make JSON.
      const sink = document.createElement('iframe')
      sink.name = `sink${i}`
      document.body.append(sink)
      const answered = new Promise<void>((resolve) =>
        sink.addEventListener('load', () => {
          if (sink.contentDocument === null) resolve() // the cross-origin answer, not about:blank
        }),
      )
      const form = document.createElement('form')
      Object.assign(form, { method: 'POST', action: url, target: sink.name })
      form.setAttribute('enctype', 'text/plain')
      const field = document.createElement('input')
      Object.assign(field, { type: 'hidden', name: `${json.slice(0, -1)},"_":"`, value: '"}' })
      form.append(field)
      document.body.append(form)
      form.submit()
      await answered
      seen.push(`form ${url}: answered`)
      if (cors) {
        const answer = await fetch(url, {
          method: cors,
          headers: { 'content-type': 'application/json' },
          body: json,
        }).then(
          (response) => `${response.status}`,
          () => 'blocked',
        )
        seen.push(`cors ${url}: ${answer}`)
      }
    }
    return seen
  }, requests)
}

it('no cross-site request changes state: wallet API, login, dev API, cosigner, paymaster, devnet_*', async () => {
  await using sim = await startSim({ accounts: 2, approve: 'auto', email: 'dev@example.com' })
  const attacker = await attackerSite('127.0.0.2')
  await using browser = await launchBrowser()
  try {
    const { walletSim } = sim
    // The victim is logged in (from Node here: the token lives in the wallet's storage, never in a cookie).
    expect((await postJson(`${sim.url}/login/start`, { email: VICTIM })).status).toBe(200)
    const code = walletSim.inbox.latest(VICTIM)?.code ?? ''
    const { token, user } = (await postJson(`${sim.url}/login/verify`, { email: VICTIM, code })).json<{
      token: string
      user: { address: string }
    }>()
    const auth = { authorization: `Bearer ${token}` }
    const relayer = sim.walletSim.relayer.address
    const named = sim.accounts[0]?.address ?? ''
    const balance = async (address: string) =>
      BigInt(
        (await postJson(sim.rpcUrl, rpcCall('devnet_getAccountBalance', { address, unit: 'FRI' }))).json<{
          result: { amount: string }
        }>().result.amount,
      )
    const nonce = async (address: string) =>
      (
        await postJson(
          sim.rpcUrl,
          rpcCall('starknet_getNonce', { block_id: 'latest', contract_address: address }),
        )
      ).json<{ result: string }>().result
    const connected = async (origin: string) =>
      (
        await raw(`${sim.url}/wallet/api/permissions?origin=${encodeURIComponent(origin)}`, { headers: auth })
      ).json<{ connected: boolean }>().connected
    const state = async () => ({
      victim: await balance(user.address),
      predeployed: await balance(sim.accounts[0]!.address),
      relayerNonce: await nonce(relayer),
      approval: walletSim.approval.get(),
      faults: walletSim.faults.list().length,
      users: walletSim.login.users().length,
      tokens: Object.keys(walletSim.login.snapshot().sessions).length,
      mails: walletSim.inbox.all().length,
      connected: await connected(attacker.origin),
      name: walletSim.names.nameOf(named) ?? null,
    })
    const before = await state()
    const clock = sim.chain.now()

    const page = await browser.newPage()
    await page.goto(`${attacker.origin}/`)
    const transfer = { contractAddress: STRK, entrypoint: 'transfer', calldata: ['0x0bad', '100', '0'] }
    const typedData = JSON.stringify({ types: {}, primaryType: 'x', domain: {}, message: {} })
    const devnet = (method: string, params: unknown): Forged => ({
      url: sim.rpcUrl,
      body: rpcCall(method, params),
      node: 'plain',
    })
    const requests: Forged[] = [
      {
        url: `${sim.url}/wallet/api/connect`,
        body: { origin: attacker.origin },
        cors: 'POST',
        node: 'token',
      },
      {
        url: `${sim.url}/wallet/api/execute`,
        body: { origin: attacker.origin, calls: [transfer] },
        cors: 'POST',
        node: 'token',
      },
      // The wallet router over HTTP (tRPC's wire): a POST must be JSON, and only listed pages pass the preflight.
      { url: `${sim.url}/trpc/connect`, body: {}, cors: 'POST', node: 'token' },
      { url: `${sim.url}/trpc/execute`, body: [[transfer]], cors: 'POST', node: 'token' },
      { url: `${sim.url}/wallet/api/devLogin`, body: {}, cors: 'POST', node: 'plain' },
      { url: `${sim.url}/login/start`, body: { email: VICTIM }, cors: 'POST', node: 'plain' },
      { url: `${sim.url}/dev/approval`, body: { mode: 'reject' }, cors: 'PUT', node: 'plain' },
      {
        url: `${sim.url}/dev/faults`,
        body: { route: '/allowlist', count: 100, status: 503 },
        cors: 'POST',
        node: 'plain',
      },
      {
        url: `${sim.url}/dev/accounts`,
        body: { email: 'attacker@example.com' },
        cors: 'POST',
        node: 'plain',
      },
      {
        url: `${sim.url}/dev/accounts/${user.address}/fund`,
        body: { amount: '1' },
        cors: 'POST',
        node: 'plain',
      },
      {
        url: `${sim.url}/dev/accounts/${named}/name`,
        body: { name: 'pwned.stark' },
        cors: 'POST',
        node: 'plain',
      },
      { url: `${sim.url}/dev/time`, body: { increase: 86_400 }, cors: 'POST', node: 'plain' },
      { url: `${sim.url}/cosigner/signSession`, body: { session: {}, transaction: {} } },
      { url: `${sim.url}/cosigner/signSessionEFO`, body: { session: {}, outsideExecution: {} } },
      {
        url: `${sim.url}/paymaster/v1/execute`,
        body: { userAddress: user.address, typedData, signature: ['0x1', '0x2'] },
      },
      devnet('devnet_mint', { address: user.address, amount: 1e15, unit: 'FRI' }),
      devnet('devnet_setTime', { time: 4_000_000_000, generate_block: true }),
      devnet('devnet_increaseTime', { time: 86_400 }),
    ]
    const seen = await fire(page, requests)
    expect(await state()).toEqual(before)
    expect(sim.chain.now() - clock).toBeLessThan(3_600)
    // Every request went out (the page saw an opaque answer or a refused preflight, never an error first).
    expect(seen.filter((s) => s.startsWith('no-cors')).every((s) => s.endsWith('opaque'))).toBe(true)
    expect(seen.filter((s) => s.startsWith('form'))).toHaveLength(requests.length)
    expect(seen.filter((s) => s.startsWith('cors')).every((s) => s.endsWith('blocked'))).toBe(true)

    // The legitimate counterparts: the same requests from Node are accepted, and the checks see each change.
    for (const { url, body, cors, node } of requests) {
      if (node === undefined) continue
      const answer = await raw(url, {
        method: cors ?? 'POST',
        headers: { 'content-type': 'application/json', ...(node === 'token' ? auth : {}) },
        body: JSON.stringify(body),
      })
      expect(answer.status, `${url} ${answer.body}`).toBeLessThan(300)
      expect(answer.body, url).not.toContain('"error"')
    }
    const after = await state()
    for (const key of Object.keys(before) as (keyof typeof before)[]) {
      if (key !== 'predeployed' && key !== 'relayerNonce') expect(after[key], key).not.toEqual(before[key])
    }
    expect(sim.chain.now() - clock).toBeGreaterThan(86_400)
  } finally {
    await attacker.close()
  }
})
