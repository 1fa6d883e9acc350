import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createHTTPHandler } from '@trpc/server/adapters/standalone'
import { createTestWalletRouter, createTestWalletState, type TestWalletState } from './wallet'

/**
 * Serves the test wallet over tRPC's HTTP wire (batches; subscriptions as server-sent events) on a free port
 * at `/trpc`; `await using` closes it.
 *
 * @example
 * await using wallet = await startHttpWallet()
 */
export async function startHttpWallet(overrides: Partial<TestWalletState> = {}) {
  const state = createTestWalletState(overrides)
  const handler = createHTTPHandler({
    router: createTestWalletRouter(state),
    basePath: '/trpc/',
    createContext: ({ req }) => ({ origin: req.headers.origin ?? 'headless' }),
  })
  const server = createServer(handler)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    state,
    origin,
    url: `${origin}/trpc`,
    async [Symbol.asyncDispose]() {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
