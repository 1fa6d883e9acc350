// The wallet router at /trpc: which connections may act as the `--email` user without a token (Node clients,
// wallet-sim's own pages and exact allowed origins; any other page is logged out), and the message size limit.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { createAccess } from '../../infra/http/access'
import { MAX_MESSAGE_BYTES } from '../../rpc/wsServer'
import { SPENDER, STRK } from '../fixtures'
import { serveHeadlessWebSocket, type WalletFixture, walletFixture } from '../testing'
import type { WalletWebSocketOptions } from './ws'

const EMAIL = 'bot@example.com'
const TRANSFER = { contractAddress: STRK, entrypoint: 'transfer', calldata: [SPENDER, 3, 0] }

let fx: WalletFixture
let served: Awaited<ReturnType<typeof serveHeadlessWebSocket>> | undefined
let url: string

async function start(options: WalletWebSocketOptions = {}) {
  served = await serveHeadlessWebSocket(fx, EMAIL, options)
  url = served.url
}

beforeEach(() => {
  fx = walletFixture()
})
afterEach(async () => {
  await served?.close()
  served = undefined
})

/** A raw tRPC v11 WebSocket client (JSON-RPC frames, answers by id), with the Origin header a page sends. */
async function wsClient(origin?: string, query = '') {
  const socket = new WebSocket(`${url}${query}`, origin === undefined ? {} : { headers: { origin } })
  await new Promise((resolve, reject) => {
    socket.once('open', resolve)
    socket.once('error', reject)
  })
  let id = 0
  const mutate = (path: string, input?: unknown): Promise<Record<string, unknown>> => {
    id += 1
    const mine = id
    socket.send(JSON.stringify({ id: mine, method: 'mutation', params: { path, input } }))
    return new Promise((resolve) => {
      const onMessage = (raw: Buffer) => {
        const message = JSON.parse(raw.toString()) as Record<string, unknown>
        if (message.id !== mine) return
        socket.off('message', onMessage)
        resolve(message)
      }
      socket.on('message', onMessage)
    })
  }
  return { socket, mutate, [Symbol.dispose]: () => socket.close() }
}

const loggedOut = { error: { data: { webwalletErrorCode: 'USER_LOGGED_OUT' } } }

describe('the --email user without a token', () => {
  // wallet-sim's rules with --allow-dapp http://localhost:5173: that exact page, Node clients, its own pages.
  beforeEach(() =>
    start({ trustedPage: createAccess({ allowedDapps: ['http://localhost:5173'] }).trustedPage }),
  )

  it('is refused to a page of another origin: logged out, and nothing is sent', async () => {
    using client = await wsClient('https://evil.example')
    expect(await client.mutate('execute', [TRANSFER])).toMatchObject(loggedOut)
    const invoke = { contract_address: STRK, entry_point: 'transfer', calldata: [SPENDER, '3', '0'] }
    expect(await client.mutate('addInvokeTransaction', [invoke])).toMatchObject(loggedOut)
    expect(await client.mutate('connectWebwallet', {})).toMatchObject(loggedOut)
    expect(await client.mutate('getLoginStatus')).toMatchObject({
      result: { data: { isLoggedIn: false } },
    })
    expect(await client.mutate('requestChainId')).toMatchObject({
      result: { data: '0x534e5f5345504f4c4941' },
    })
    // Neither an `Origin: null` page (sandboxed, file://) nor a host that only starts with localhost gets it.
    using opaque = await wsClient('null')
    expect(await opaque.mutate('execute', [TRANSFER])).toMatchObject(loggedOut)
    using rebound = await wsClient('http://localhost.evil.example:5173')
    expect(await rebound.mutate('execute', [TRANSFER])).toMatchObject(loggedOut)
    expect(fx.login.user(EMAIL)).toBeUndefined()
    expect(await fx.ledger.balanceOf(SPENDER, STRK)).toBe(0n)
  })

  it('serves an allowed exact origin, its own pages and a Node client (no Origin)', async () => {
    using page = await wsClient('http://localhost:5173')
    expect(await page.mutate('execute', [TRANSFER])).toMatchObject({
      result: { data: expect.stringMatching(/^0x/) },
    })
    using own = await wsClient(new URL(url).origin.replace('ws:', 'http:'))
    expect(await own.mutate('execute', [TRANSFER])).toMatchObject({ result: { data: expect.any(String) } })
    using node = await wsClient()
    expect(await node.mutate('execute', [TRANSFER])).toMatchObject({ result: { data: expect.any(String) } })
    expect(await fx.ledger.balanceOf(SPENDER, STRK)).toBe(9n)
  })

  it('refuses another port of the same local host: local trust is by exact origin', async () => {
    for (const origin of ['http://localhost:5174', 'http://127.0.0.1:3000', 'https://localhost:5173']) {
      using page = await wsClient(origin)
      expect(await page.mutate('execute', [TRANSFER]), origin).toMatchObject(loggedOut)
    }
    expect(await fx.ledger.balanceOf(SPENDER, STRK)).toBe(0n)
  })

  it('a page of another origin with a login token acts as that token’s user, but is never auto-approved', async () => {
    const { token } = await fx.logIn('ann@example.com')
    using client = await wsClient('https://evil.example', `?token=${token}`)
    expect(await client.mutate('getLoginStatus')).toMatchObject({ result: { data: { isLoggedIn: true } } })
    // The policy is auto, yet the foreign page's request waits for a manual answer, as a screen would.
    const answer = client.mutate('execute', [TRANSFER])
    await expect
      .poll(() => fx.approvals.pending())
      .toMatchObject([{ kind: 'execute', origin: 'https://evil.example' }])
    fx.approvals.answer(fx.approvals.pending()[0]?.id ?? '', true)
    expect(await answer).toMatchObject({ result: { data: expect.any(String) } })
  })
})

it('without access rules, only clients that are not browsers act as the --email user', async () => {
  await start()
  using node = await wsClient()
  expect(await node.mutate('execute', [TRANSFER])).toMatchObject({ result: { data: expect.any(String) } })
  using local = await wsClient('http://localhost:5173')
  expect(await local.mutate('execute', [TRANSFER])).toMatchObject(loggedOut)
})

it('closes a connection whose message is over 20 MiB with 1009', async () => {
  await start()
  using client = await wsClient()
  const closed = new Promise<number>((resolve) => client.socket.once('close', resolve))
  client.socket.send('x'.repeat(MAX_MESSAGE_BYTES + 1))
  expect(await closed).toBe(1009)
})
