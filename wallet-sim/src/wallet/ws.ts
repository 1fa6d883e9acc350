// The wallet router over WebSocket at /trpc, for headless clients (Node tests, CI, scripts).
import type { IncomingMessage, Server } from 'node:http'
import type { Duplex } from 'node:stream'
import type { AnyTRPCRouter } from '@trpc/server'
import { applyWSSHandler } from '@trpc/server/adapters/ws'
import { WebSocketServer } from 'ws'
import type { HeadlessContext } from './headlessHandlers'

/** Where the headless router listens. */
export const TRPC_WS_PATH = '/trpc'

/**
 * A connection's context: its dapp origin (the Origin header, else `connectionParams.origin`, else
 * 'headless') and its login token (`?token=` or `connectionParams.token`).
 */
export function headlessContext(
  req: IncomingMessage,
  connectionParams: Readonly<Record<string, string | undefined>> | null,
): HeadlessContext {
  const url = requestUrl(req)
  const token = url.searchParams.get('token') ?? connectionParams?.token ?? undefined
  const origin = req.headers.origin ?? connectionParams?.origin ?? 'headless'
  return token === undefined ? { origin } : { origin, token }
}

/** The request target as a URL; a target no URL can be made of (e.g. `//[`) reads as `/`. */
function requestUrl(req: IncomingMessage): URL {
  try {
    return new URL(req.url ?? '/', 'http://localhost')
  } catch {
    return new URL('/', 'http://localhost')
  }
}

/**
 * Serves `router` on upgrades of `server` at /trpc; returns the stop function (other upgrade paths are
 * left to other handlers).
 *
 * @example
 * const stop = attachWalletWebSocket(httpServer, router)
 */
export function attachWalletWebSocket(server: Server, router: AnyTRPCRouter): () => Promise<void> {
  const wss = new WebSocketServer({ noServer: true })
  const handler = applyWSSHandler({
    wss,
    router,
    createContext: ({ req, info }) => headlessContext(req, info.connectionParams),
  })
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (requestUrl(req).pathname !== TRPC_WS_PATH) return
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req))
  }
  server.on('upgrade', onUpgrade)
  return async () => {
    server.off('upgrade', onUpgrade)
    handler.broadcastReconnectNotification()
    for (const client of wss.clients) client.terminate()
    await new Promise((resolve) => wss.close(resolve))
  }
}
