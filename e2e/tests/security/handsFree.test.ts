// Hands-free answers (`--approve auto --email`, the dev API's one-shot answers) answer for the user: only for
// Node clients, wallet-sim's own pages and the exact --allow-dapp origins. A foreign page (here: another
// port of localhost) that holds a valid login token — stolen, or its own — is still never answered
// hands-free over /trpc: its request waits for a manual answer, and it cannot take or queue the one-shot
// answers.
import { type RunningSim, startSim } from '@webwallet/wallet-sim'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { attackerSite, browserResolving } from './attacker'

const STRK = '0x04718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d'
let sim: RunningSim
let attacker: Awaited<ReturnType<typeof attackerSite>>
let dapp: Awaited<ReturnType<typeof attackerSite>>
let browser: Awaited<ReturnType<typeof browserResolving>>
let page: Page

beforeAll(async () => {
  attacker = await attackerSite('127.0.0.1')
  dapp = await attackerSite('127.0.0.1')
  sim = await startSim({
    accounts: 1,
    approve: 'auto',
    email: 'dev@example.com',
    allowedDapps: [dapp.origin],
  })
  browser = await browserResolving([], '')
  page = await browser.newPage()
  await page.goto(`${attacker.origin}/`)
})
afterAll(async () => {
  await browser.close()
  await Promise.all([sim.close(), attacker.close(), dapp.close()])
})

const dev = async (path: string, init: { method?: string; body?: unknown } = {}) => {
  const response = await fetch(`${sim.url}${path}`, {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json' },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  })
  return response.json() as Promise<Record<string, unknown>>
}

it('a foreign page with a valid token waits for a manual answer over /trpc, and gets no one-shot answer', async () => {
  const { login, inbox } = sim.walletSim
  login.start('victim@example.com')
  const { token } = await login.verify('victim@example.com', inbox.latest('victim@example.com')?.code ?? '')
  await dev('/dev/approval/next', { method: 'POST', body: { action: 'approve' } })

  const answer = page.evaluate(
    ({ url, calls }) =>
      new Promise<unknown>((resolve, reject) => {
        const socket = new WebSocket(url)
        socket.onerror = () => reject(new Error('socket failed'))
        socket.onopen = () =>
          socket.send(
            JSON.stringify({ id: 1, method: 'mutation', params: { path: 'execute', input: [calls] } }),
          )
        socket.onmessage = (event) => {
          const message = JSON.parse(String(event.data)) as { id?: number }
          if (message.id !== 1) return
          socket.close()
          resolve(message)
        }
      }),
    {
      url: `${sim.trpcUrl}?token=${token}`,
      calls: [{ contractAddress: STRK, entrypoint: 'transfer', calldata: ['0x5bd1e5', '1', '0'] }],
    },
  )
  // Auto mode, yet the request is held, as the wallet's screen would hold it, and the test's one-shot
  // answer is still there for the trusted clients.
  await expect
    .poll(async () => (await dev('/wallet/approvals')).approvals)
    .toMatchObject([{ kind: 'execute', origin: attacker.origin }])
  expect((await dev('/dev/approval')).next).toEqual([{ action: 'approve' }])
  const [pending] = (await dev('/wallet/approvals')).approvals as { id: string }[]
  await dev(`/wallet/approvals/${pending?.id}`, { method: 'POST', body: { approve: false } })
  expect(await answer).toMatchObject({ error: { data: { webwalletErrorCode: 'USER_REJECTED' } } })
})

it('a foreign page can neither take the hands-free decision nor queue one-shot answers', async () => {
  const statuses = await page.evaluate(async (url) => {
    const post = (path: string, body: unknown) =>
      fetch(`${url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then(
        (response) => response.status,
        () => 'blocked',
      )
    return [
      await post('/wallet/api/decide', { origin: location.origin }),
      await post('/dev/approval/next', { action: 'approve' }),
      await post('/dev/user', { email: 'attacker@example.com' }),
    ]
  }, sim.url)
  // The dev routes answer a foreign page 403 without CORS headers: the page sees a network error at most.
  for (const status of statuses) expect([403, 'blocked']).toContain(status)
  expect((await dev('/dev/approval')).next).toEqual([{ action: 'approve' }])
  expect((await dev('/dev/user')).email).toBe('dev@example.com')
})
