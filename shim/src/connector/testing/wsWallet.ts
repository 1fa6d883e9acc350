import { applyWSSHandler } from '@trpc/server/adapters/ws'
import { WebSocketServer } from 'ws'
import { createTestWalletRouter, createTestWalletState, type TestWalletState } from './wallet'

/**
 * Serves the test wallet over the tRPC ws adapter on a free port; `await using` closes it.
 *
 * @example
 * await using wallet = await startWsWallet()
 * createConnector({ transport: 'websocket', websocketUrl: wallet.url, WebSocket })
 */
export async function startWsWallet(overrides: Partial<TestWalletState> = {}) {
  const state = createTestWalletState(overrides)
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' })
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()))
  const handler = applyWSSHandler({
    wss,
    router: createTestWalletRouter(state),
    createContext: ({ req }) => ({ origin: req.headers.origin ?? 'headless' }),
  })
  const { port } = wss.address() as { port: number }
  return {
    state,
    url: `ws://127.0.0.1:${port}`,
    clients: () => wss.clients.size,
    /** Drops every client connection (the server keeps listening). */
    dropClients() {
      for (const client of wss.clients) client.terminate()
    },
    async [Symbol.asyncDispose]() {
      handler.broadcastReconnectNotification()
      for (const client of wss.clients) client.terminate()
      await new Promise((resolve) => wss.close(resolve))
    },
  }
}
