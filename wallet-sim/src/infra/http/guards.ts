// The access rules where express middleware does not reach: paths to leave out, and WebSocket upgrades
// (Node hands those to `upgrade` listeners, never to the app).
import { EventEmitter } from 'node:events'
import type { IncomingMessage, Server } from 'node:http'
import type { Duplex } from 'node:stream'
import type { RequestHandler } from 'express'
import { closeUpgrade } from '../../rpc/wsUpgrade'

/**
 * `handler` for every path but the chain's JSON-RPC (`/rpc`, `/rpc/…`).
 * @example app.use(exceptRpc(hostCheck(names)))
 */
export function exceptRpc(handler: RequestHandler): RequestHandler {
  return (req, res, next) => {
    if (req.path === '/rpc' || req.path.startsWith('/rpc/')) return next()
    handler(req, res, next)
  }
}

/**
 * Answers 403 to upgrades `refuse` gives a reason for; the rest reach the returned `server`'s listeners.
 *
 * @example
 * const upgrades = guardUpgrades(httpServer, access.hostRefusal)
 * attachWalletWebSocket(upgrades.server, router)
 */
export function guardUpgrades(
  server: Server,
  refuse: (req: IncomingMessage) => string | undefined,
): { server: Server; stop(): void } {
  const guarded = new EventEmitter()
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    // A throw in a check or a handler would leave Node's 'upgrade' event and end the process: this one
    // request is answered 500 instead (the handlers answer their own errors; this is the last resort).
    try {
      const refusal = refuse(req)
      if (refusal === undefined) {
        guarded.emit('upgrade', req, socket, head)
        return
      }
      closeUpgrade(socket, '403 Forbidden', refusal)
    } catch (error) {
      console.error('wallet-sim: a WebSocket upgrade failed', error)
      if (!socket.destroyed) closeUpgrade(socket, '500 Internal Server Error', 'Internal error')
    }
  }
  server.on('upgrade', onUpgrade)
  return {
    // The handlers only add and remove `upgrade` listeners: an emitter of upgrades stands in for the server.
    server: guarded as unknown as Server,
    stop: () => {
      server.off('upgrade', onUpgrade)
    },
  }
}
