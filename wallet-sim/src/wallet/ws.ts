// The wallet router over WebSocket at /trpc, for headless clients (Node tests, CI, scripts).
import type { IncomingMessage, Server } from 'node:http'
import type { Duplex } from 'node:stream'
import type { AnyTRPCRouter } from '@trpc/server'
import { applyWSSHandler } from '@trpc/server/adapters/ws'
import { WebSocketServer } from 'ws'
import { MAX_MESSAGE_BYTES } from '../rpc/ws-server'
import { DEFAULT_ALLOWED_DAPPS } from '../services/allowlist/router'
import { originOnHosts } from '../services/http/localHosts'
import type { HeadlessContext } from './headlessHandlers'

/** Where the headless router listens. */
export const TRPC_WS_PATH = '/trpc'

export interface WalletWebSocketOptions {
  /** Host names whose pages may act as the `--email` user without a token; default localhost and 127.0.0.1. */
  pageHosts?: readonly string[] | undefined
}

/**
 * A connection's context: its dapp origin (the Origin header, else `connectionParams.origin`, else
 * 'headless') and its login token (`?token=` or `connectionParams.token`). A browser page (it sends an
 * Origin header) whose host is not one of `pageHosts` is marked `foreignPage`: any site can open a
 * WebSocket to localhost, so without a token it must not act as the `--email` user.
 */
export function headlessContext(
  req: IncomingMessage,
  connectionParams: Readonly<Record<string, string | undefined>> | null,
  pageHosts: readonly string[] = DEFAULT_ALLOWED_DAPPS,
): HeadlessContext {
  const url = requestUrl(req)
  const token = url.searchParams.get('token') ?? connectionParams?.token ?? undefined
  const header = req.headers.origin
  const origin = header ?? connectionParams?.origin ?? 'headless'
  const foreign = header !== undefined && !originOnHosts(header, pageHosts)
  return {
    origin,
    ...(token === undefined ? {} : { token }),
    ...(foreign ? { foreignPage: true } : {}),
  }
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
 * const stop = attachWalletWebSocket(httpServer, router, { pageHosts: ['localhost', '127.0.0.1'] })
 */
export function attachWalletWebSocket(
  server: Server,
  router: AnyTRPCRouter,
  options: WalletWebSocketOptions = {},
): () => Promise<void> {
  const pageHosts = options.pageHosts ?? DEFAULT_ALLOWED_DAPPS
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES })
  const handler = applyWSSHandler({
    wss,
    router,
    createContext: ({ req, info }) => headlessContext(req, info.connectionParams, pageHosts),
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
