// The wallet router over WebSocket at /trpc, for headless clients (Node tests, CI, scripts).
import type { IncomingMessage, Server } from 'node:http'
import type { Duplex } from 'node:stream'
import { type AnyTRPCRouter, getTRPCErrorShape, TRPCError } from '@trpc/server'
import { applyWSSHandler } from '@trpc/server/adapters/ws'
import { type WebSocket, WebSocketServer } from 'ws'
import { MAX_MESSAGE_BYTES } from '../../rpc/wsServer'
import type { HeadlessContext } from './headlessMode'
import { callerContext, nonBrowsers } from './requestContext'
import { callEndingEncoder, currentCallSignal, trackCalls } from './wsCalls'

/** Where the headless router listens. */
export const TRPC_WS_PATH = '/trpc'

export interface WalletWebSocketOptions {
  /**
   * Whether the upgrade request comes from a client that may act as the `--email` user without a token:
   * wallet-sim passes its access rules (Node clients, its own pages, exact `--allow-dapp` origins); default:
   * clients that are not browsers (no Origin header) only.
   */
  trustedPage?: ((req: IncomingMessage) => boolean) | undefined
}

/**
 * A connection's context ({@link callerContext}): its dapp origin (the Origin header, else
 * `connectionParams.origin`, else 'headless') and its login token (`?token=` or `connectionParams.token`);
 * a browser page that `trustedPage` refuses is marked `foreignPage`. `callSignal` is the signal of the call
 * being handled (wsCalls.ts: a stop by its id or the socket's close).
 */
export function headlessContext(
  req: IncomingMessage,
  connectionParams: Readonly<Record<string, string | undefined>> | null,
  trustedPage: (req: IncomingMessage) => boolean = nonBrowsers,
): HeadlessContext {
  const token = requestUrl(req).searchParams.get('token') ?? connectionParams?.token ?? undefined
  return {
    ...callerContext(req, { token, origin: connectionParams?.origin }, trustedPage),
    callSignal: currentCallSignal,
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
 * Serves `router` on `server`'s upgrades at /trpc; returns the stop function. A query or mutation the client gives
 * up on (tRPC's stop message, or the socket's close) sees its signal fire, so its pending approval leaves the queue.
 *
 * @example
 * const stop = attachWalletWebSocket(httpServer, router, { trustedPage: access.trustedPage })
 */
export function attachWalletWebSocket(
  server: Server,
  router: AnyTRPCRouter,
  options: WalletWebSocketOptions = {},
): () => Promise<void> {
  const trustedPage = options.trustedPage ?? nonBrowsers
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES })
  const handler = applyWSSHandler({
    wss,
    router,
    experimental_encoder: callEndingEncoder,
    createContext: ({ req, info }) => headlessContext(req, info.connectionParams, trustedPage),
  })
  // In noServer mode nothing should reach it; a listener keeps a stray 'error' from ending the process.
  wss.on('error', (error) => console.error('wallet-sim /trpc:', error))
  const connect = (ws: WebSocket, req: IncomingMessage) => {
    // ws closes the socket itself on a protocol error or an oversized message (1009); tRPC listens too.
    ws.on('error', () => {})
    trackCalls(ws, () => wss.emit('connection', ws, req), {
      refuse: (code, reason, ids) => {
        // As tRPC answers a batch over its maxBatchSize: each call by its id, so no client waits forever.
        const error = errorShape(router, code, reason)
        for (const id of ids.length > 0 ? [...new Set(ids)] : [null]) ws.send(JSON.stringify({ id, error }))
      },
    })
  }
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (requestUrl(req).pathname !== TRPC_WS_PATH) return
    wss.handleUpgrade(req, socket, head, (ws) => connect(ws, req))
  }
  server.on('upgrade', onUpgrade)
  return async () => {
    server.off('upgrade', onUpgrade)
    handler.broadcastReconnectNotification()
    for (const client of wss.clients) client.terminate()
    await new Promise((resolve) => wss.close(resolve))
  }
}

/** A tRPC error in the router's error shape, as tRPC answers a message it refuses. */
function errorShape(router: AnyTRPCRouter, code: 'PARSE_ERROR' | 'BAD_REQUEST', message: string) {
  return getTRPCErrorShape({
    config: router._def._config,
    error: new TRPCError({ code, message }),
    type: 'unknown',
    path: undefined,
    input: undefined,
    ctx: undefined,
  })
}
