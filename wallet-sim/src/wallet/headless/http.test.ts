// The wallet router over tRPC's HTTP wire (/trpc/<procedure>), called by tRPC's own httpBatchLink against a
// whole wallet-sim (`--approve auto --email --allow-dapp http://localhost:5173`): the same origin, login and
// approval rules as the WebSocket, CORS only for listed pages, and what no page of another site can send.
import { request as httpRequest } from 'node:http'
import { createTRPCClient, httpBatchLink, httpLink, TRPCClientError } from '@trpc/client'
import type { WalletRouter } from '@webwallet/protocol/router'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { greeting } from '../../../../protocol/src/typedData/testing/messages'
import { type RunningSim, startSim } from '../../index'

const EMAIL = 'bot@example.com'
const DAPP = 'http://localhost:5173'
const SEPOLIA = '0x534e5f5345504f4c4941'

let sim: RunningSim
beforeAll(async () => {
  sim = await startSim({ seed: 7, approve: 'auto', email: EMAIL, allowedDapps: [DAPP] })
})
afterAll(() => sim?.close())

/** tRPC's client as anyone would write it; `sent` records each HTTP request's method and path. */
function client(headers: Record<string, string> = {}) {
  const sent: string[] = []
  const trpc = createTRPCClient<WalletRouter>({
    links: [
      httpBatchLink({
        url: `${sim.url}/trpc`,
        headers,
        fetch: (url, init) => {
          const target = new URL(String(url))
          sent.push(`${init?.method ?? 'GET'} ${target.pathname}${target.search}`)
          return fetch(url, init as RequestInit)
        },
      }),
    ],
  })
  return { trpc, sent }
}

/** The protocol's code a call failed with (starknetkit's `webwalletErrorCode` in the error data). */
async function codeOf(call: Promise<unknown>): Promise<unknown> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(TRPCClientError)
  return (error as TRPCClientError<WalletRouter>).data?.webwalletErrorCode
}

async function devLogin(): Promise<string> {
  const response = await fetch(`${sim.url}/wallet/api/devLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  })
  expect(response.status).toBe(200)
  return ((await response.json()) as { token: string }).token
}

async function pendingApprovals(): Promise<Array<{ id: string; kind: string; origin: string }>> {
  const response = await fetch(`${sim.url}/wallet/approvals`)
  return ((await response.json()) as { approvals: Array<{ id: string; kind: string; origin: string }> })
    .approvals
}

/** The pending approvals once there is one (polled; the request that asks is still in flight). */
function waitForApprovals() {
  return vi.waitFor(
    async () => {
      const pending = await pendingApprovals()
      expect(pending.length).toBeGreaterThan(0)
      return pending
    },
    { timeout: 10_000, interval: 20 },
  )
}

async function answerApproval(id: string, approve: boolean) {
  const answer = await fetch(`${sim.url}/wallet/approvals/${id}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ approve }),
  })
  expect(answer.status).toBe(200)
}

const GREETING = greeting('gm')

describe('a Node client (no Origin: trusted, the --email user without a token)', () => {
  it('answers calls batched into one POST /trpc/a,b,c?batch=1', async () => {
    const { trpc, sent } = client()
    const [chainId, status, permissions] = await Promise.all([
      trpc.requestChainId.mutate(),
      trpc.getLoginStatus.mutate(),
      trpc.getPermissions.mutate(),
    ])
    expect([chainId, status.isLoggedIn, permissions]).toEqual([SEPOLIA, true, []])
    expect(sent).toEqual(['POST /trpc/requestChainId,getLoginStatus,getPermissions?batch=1'])
  })

  it('waits for the approval policy (auto) on a mutation that asks the user, then answers it', async () => {
    const { trpc } = client()
    const accounts = await trpc.requestAccounts.mutate({ silent_mode: false })
    expect(accounts).toEqual([expect.stringMatching(/^0x[0-9a-f]{64}$/)])
    // The origin is 'headless' (no Origin header): now connected for it.
    expect(await trpc.getPermissions.mutate()).toEqual(['accounts'])
    expect(await trpc.getLoginStatus.mutate()).toEqual({
      isLoggedIn: true,
      hasSession: false,
      isPreauthorized: true,
    })
  })

  it('in manual mode keeps the request open until the approval is answered, then answers it', async () => {
    sim.walletSim.approval.set('manual')
    try {
      const { trpc } = client({ origin: DAPP })
      const call = trpc.signMessage.mutate([GREETING])
      let settled = false
      void call.finally(() => (settled = true)).catch(() => {})
      const [pending] = await waitForApprovals()
      expect(pending).toMatchObject({ kind: 'signTypedData', origin: DAPP })
      // An absence (no answer while the approval waits) is seen only over a window of time.
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect(settled).toBe(false)
      await answerApproval(pending!.id, true)
      // Argent's signature list: owner and guardian (count, then per signer its kind, key, r, s).
      const signature = await call
      expect(signature).toHaveLength(9)
      expect(signature.every((felt) => /^0x[0-9a-f]+$/.test(felt))).toBe(true)
    } finally {
      sim.walletSim.approval.set('auto')
    }
  })

  it('a request the client drops (aborted fetch) takes its pending approval with it at once', async () => {
    sim.walletSim.approval.set('manual')
    try {
      const trpc = createTRPCClient<WalletRouter>({ links: [httpLink({ url: `${sim.url}/trpc` })] })
      const controller = new AbortController()
      const call = trpc.signMessage.mutate([GREETING], { signal: controller.signal })
      void call.catch(() => {})
      const [pending] = await waitForApprovals()
      expect(pending).toMatchObject({ kind: 'signTypedData', origin: 'headless' })
      controller.abort()
      await expect.poll(pendingApprovals).toEqual([])
      // An answer for it finds nothing: the existing "no such approval".
      const answer = await fetch(`${sim.url}/wallet/approvals/${pending!.id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ approve: true }),
      })
      expect([answer.status, await answer.json()]).toEqual([
        404,
        { code: 'NOT_FOUND', message: `No pending approval ${pending!.id}` },
      ])
    } finally {
      sim.walletSim.approval.set('auto')
    }
  })

  it('acts as the Bearer token’s user, and an unknown token is USER_LOGGED_OUT (never --email)', async () => {
    const token = await devLogin()
    const withToken = client({ authorization: `Bearer ${token}` }).trpc
    const [address] = await withToken.requestAccounts.mutate({ silent_mode: false })
    expect(await client().trpc.requestAccounts.mutate({ silent_mode: true })).toEqual([address])

    const stale = client({ authorization: 'Bearer nope' }).trpc
    expect(await codeOf(stale.requestAccounts.mutate({ silent_mode: false }))).toBe('USER_LOGGED_OUT')
    expect(await codeOf(stale.enable.mutate())).toBe('USER_LOGGED_OUT')
    expect(await stale.getLoginStatus.mutate()).toEqual({ isLoggedIn: false })
    // Not a Bearer token at all: refused the same way, not taken for "no token".
    const basic = client({ authorization: 'Basic Ym90OnB3' }).trpc
    expect(await codeOf(basic.getPermissions.mutate())).toBe('USER_LOGGED_OUT')
  })

  it('rebuilds invalid input as VALIDATION and an unknown procedure as tRPC NOT_FOUND', async () => {
    const { trpc } = client()
    const bad = trpc.signTypedData.mutate([{ nope: 1 }] as never)
    expect(await codeOf(bad)).toBe('VALIDATION')
    const response = await fetch(`${sim.url}/trpc/nope`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    })
    expect([
      response.status,
      ((await response.json()) as { error: { data: { code: string } } }).error.data.code,
    ]).toEqual([404, 'NOT_FOUND'])
  })
})

describe('a page of another origin', () => {
  const EVIL = 'https://evil.example'

  it('without a token is logged out: USER_LOGGED_OUT, and its status is logged out', async () => {
    const { trpc } = client({ origin: EVIL })
    expect(await codeOf(trpc.requestAccounts.mutate({ silent_mode: false }))).toBe('USER_LOGGED_OUT')
    expect(await trpc.getLoginStatus.mutate()).toEqual({ isLoggedIn: false })
    expect(await pendingApprovals()).toEqual([])
  })

  it('with a valid token is never answered by the policy: its request stays open for a manual answer', async () => {
    const token = await devLogin()
    const { trpc } = client({ origin: EVIL, authorization: `Bearer ${token}` })
    const call = trpc.requestAccounts.mutate({ silent_mode: false })
    let settled = false
    void call.then(
      () => (settled = true),
      () => (settled = true),
    )
    const pending = await waitForApprovals()
    expect(pending).toEqual([expect.objectContaining({ kind: 'connect', origin: EVIL })])
    expect(settled).toBe(false)
    await answerApproval(pending[0]!.id, false)
    expect(await codeOf(call)).toBe('USER_REJECTED')
  })

  it('gets no CORS: its preflight is 403 without Access-Control-Allow-Origin', async () => {
    const response = await preflight(EVIL)
    expect([response.status, response.headers.get('access-control-allow-origin')]).toEqual([403, null])
  })
})

async function preflight(origin: string) {
  return fetch(`${sim.url}/trpc/requestAccounts`, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization,content-type',
    },
  })
}

describe('CORS for listed pages only', () => {
  it.each([
    [DAPP, 'the exact --allow-dapp origin'],
    ['http://localhost:4000', 'another port of a listed host (a foreign page for the policy)'],
  ])('answers the preflight of %s (%s) and lets it read', async (origin) => {
    const response = await preflight(origin)
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-origin')).toBe(origin)
    expect(response.headers.get('access-control-allow-headers')).toMatch(/authorization/)
    expect(response.headers.get('access-control-allow-methods')).toBe('GET, POST')
    const { trpc } = client({ origin })
    expect(await trpc.requestChainId.mutate()).toBe(SEPOLIA)
  })

  it('the exact --allow-dapp origin is the --email user and answered by the policy', async () => {
    const { trpc } = client({ origin: DAPP })
    expect(await trpc.requestAccounts.mutate({ silent_mode: false })).toHaveLength(1)
    expect(await trpc.getPermissions.mutate()).toEqual(['accounts'])
  })

  it('another port of a listed host without a token is logged out, like over WebSocket', async () => {
    const { trpc } = client({ origin: 'http://localhost:4000' })
    expect(await codeOf(trpc.enable.mutate())).toBe('USER_LOGGED_OUT')
  })
})

describe('what a page can make a browser send without CORS is refused', () => {
  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', undefined])(
    'a POST of %s is 415, before any procedure runs',
    async (type) => {
      const response = await fetch(`${sim.url}/trpc/requestAccounts`, {
        method: 'POST',
        headers: type === undefined ? {} : { 'content-type': type },
        body: type === undefined ? null : '{"silent_mode":false}',
      })
      expect(response.status).toBe(415)
      expect(((await response.json()) as { code: string }).code).toBe('UNSUPPORTED_MEDIA_TYPE')
    },
  )

  it.each(['no-cors', 'navigate'])(
    'a GET with Sec-Fetch-Mode: %s (img, script, link) is 403',
    async (mode) => {
      // Node's fetch sends its own Sec-Fetch-Mode (cors): a raw request says what a browser's <img> says.
      const { port } = new URL(sim.url)
      const answer = await raw({ port, path: '/trpc/requestChainId', headers: { 'sec-fetch-mode': mode } })
      expect([answer.status, JSON.parse(answer.body).code]).toEqual([403, 'FORBIDDEN'])
    },
  )

  it('a Host this wallet-sim does not answer (DNS rebinding) is 403', async () => {
    const { port } = new URL(sim.url)
    const headers = { host: `rebound.example:${port}`, 'content-type': 'application/json' }
    const answer = await raw({ port, path: '/trpc/requestChainId', method: 'POST', headers })
    expect([answer.status, JSON.parse(answer.body).code]).toEqual([403, 'FORBIDDEN'])
  })
})

/** A request with exactly these headers (fetch adds its own Sec-Fetch-Mode and Host). */
function raw(options: { port: string; path: string; method?: string; headers: Record<string, string> }) {
  return new Promise<{ status: number | undefined; body: string }>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', method: 'GET', ...options }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

describe('subscriptions', () => {
  it.each(['GET', 'POST'])('updateModal over %s is METHOD_NOT_SUPPORTED, not a stream', async (method) => {
    const response = await fetch(`${sim.url}/trpc/updateModal`, {
      method,
      headers: method === 'POST' ? { 'content-type': 'application/json' } : {},
    })
    expect(response.status).toBe(405)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    const { error } = (await response.json()) as { error: { code: number; message: string; data: unknown } }
    expect(error).toMatchObject({ code: -32005, data: { code: 'METHOD_NOT_SUPPORTED', path: 'updateModal' } })
    expect(error.message).toMatch(/updateModal is a subscription: over WebSocket/)
  })
})
