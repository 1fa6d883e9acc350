// The Starknet WebSocket API on an HTTP server's upgrades: spec 0.8 at /rpc/v0_8 (wsLegacy.ts), 0.9 at
// /rpc/v0_9, 0.10 at /rpc/v0_10, /rpc and /ws (starknet-devnet's path). A socket carries one session
// (wsSession.ts); the hub (wsHub.ts) feeds the sessions the chain's changes.
import type { IncomingMessage, Server } from 'node:http'
import type { Duplex } from 'node:stream'
import { type RawData, WebSocket, WebSocketServer } from 'ws'
import type { DevnetGate, RpcVersion } from './handler'
import { createSessionHub, type WsHost } from './wsHub'
import { createSession } from './wsSession'

/** Where the WebSocket API answers, and the spec version each path speaks. */
export const STARKNET_WS_PATHS: Readonly<Record<string, RpcVersion>> = {
  '/rpc/v0_8': '0.8',
  '/rpc/v0_9': '0.9',
  '/rpc/v0_10': '0.10',
  '/rpc': '0.10',
  '/ws': '0.10',
}

/** Largest message a client may send (the HTTP endpoint's body limit); beyond, the socket closes with 1009. */
export const MAX_MESSAGE_BYTES = 20 * 1024 * 1024
/** Answers and notifications a client may leave unread; beyond, the socket closes with 1008. */
export const MAX_UNREAD_BYTES = 64 * 1024 * 1024

/**
 * Serves the Starknet WebSocket API on `server`'s upgrades at STARKNET_WS_PATHS; returns its stop function.
 * `devnetGate` decides per connection whether `devnet_*` methods run (default: always).
 * @example
 * const stop = attachStarknetWebSocket(httpServer, sim)
 * // new WebSocketChannel({ nodeUrl: 'ws://127.0.0.1:3005/rpc' })
 */
export function attachStarknetWebSocket(
  server: Server,
  host: WsHost,
  devnetGate?: DevnetGate,
): () => Promise<void> {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES })
  const hub = createSessionHub(host)

  const connect = (ws: WebSocket, version: RpcVersion, devnetRefusal: string | undefined) => {
    const session = createSession({
      host,
      version,
      devnetRefusal,
      defer: afterClientTurn,
      send: (text) => {
        if (ws.readyState !== WebSocket.OPEN) return
        if (ws.bufferedAmount > MAX_UNREAD_BYTES) ws.close(1008, 'too many unread messages')
        else ws.send(text)
      },
    })
    const remove = hub.add(session)
    ws.on('message', (data) => {
      // A throw here would leave the socket's handler and end the process: close this one connection instead.
      try {
        session.receive(textOf(data))
      } catch (e) {
        console.error('wallet-sim WebSocket API: a message failed', e)
        ws.close(1011, 'internal error')
      }
    })
    ws.on('close', remove)
    // ws closes the socket itself on a protocol error or an oversized message (1009); nothing to add.
    ws.on('error', () => {})
  }

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = pathOf(req)
    if (!Object.hasOwn(STARKNET_WS_PATHS, path)) return
    const version = STARKNET_WS_PATHS[path]!
    // The upgrade request's Origin and Host decide for the whole connection (a page cannot change them later).
    const refusal = devnetGate?.(req)
    wss.handleUpgrade(req, socket, head, (ws) => connect(ws, version, refusal))
  }
  server.on('upgrade', onUpgrade)

  return async () => {
    server.off('upgrade', onUpgrade)
    hub.close()
    for (const client of wss.clients) client.terminate()
    await new Promise((resolve) => wss.close(resolve))
  }
}

/**
 * Runs `flush` two turns of the event loop from now: a client in this process (tests, scripts) reads the
 * subscription's answer on the next turn, before the replay is written. starknet.js v8's WebSocketChannel
 * drops a notification that comes in the same read as the answer naming its subscription (v10 waits for it).
 */
const afterClientTurn = (flush: () => void) => {
  setImmediate(() => setImmediate(flush))
}

/**
 * The path of an upgrade request, without its query ('' for a target that is not a URL).
 * @example pathOf(req) // '/rpc/v0_9' for GET /rpc/v0_9?x=1
 */
export function pathOf(req: IncomingMessage): string {
  try {
    return new URL(req.url ?? '/', 'http://localhost').pathname
  } catch {
    return ''
  }
}

const textOf = (data: RawData): string => {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8')
  return (Buffer.isBuffer(data) ? data : Buffer.from(data)).toString('utf8')
}
