// --allow-dapp reaches the /trpc socket: pages of its exact origins may act as the --email user without a
// token; a bare host only puts the host on the iframe allow-list.
import { expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { startSim } from '../../index'

/** getLoginStatus over /trpc from a page of `origin` (no token). */
async function loginStatusFrom(trpcUrl: string, origin: string): Promise<unknown> {
  const socket = new WebSocket(trpcUrl, { headers: { origin } })
  await new Promise((resolve, reject) => {
    socket.once('open', resolve)
    socket.once('error', reject)
  })
  try {
    socket.send(JSON.stringify({ id: 1, method: 'mutation', params: { path: 'getLoginStatus' } }))
    const answer = await new Promise<{ result?: { data?: unknown } }>((resolve) =>
      socket.once('message', (raw: Buffer) => resolve(JSON.parse(raw.toString()))),
    )
    return answer.result?.data
  } finally {
    socket.close()
  }
}

it('lets pages of exact --allow-dapp origins act as the --email user, and no other page', async () => {
  await using sim = await startSim({
    accounts: 1,
    approve: 'auto',
    email: 'dev@example.com',
    allowedDapps: ['https://my-dapp.test', 'other-dapp.test'],
  })
  expect(await loginStatusFrom(sim.trpcUrl, 'https://my-dapp.test')).toMatchObject({ isLoggedIn: true })
  expect(await loginStatusFrom(sim.trpcUrl, sim.url)).toMatchObject({ isLoggedIn: true })
  for (const origin of ['https://evil.example', 'https://my-dapp.test:8443', 'https://other-dapp.test'])
    expect(await loginStatusFrom(sim.trpcUrl, origin), origin).toEqual({ isLoggedIn: false })
})
