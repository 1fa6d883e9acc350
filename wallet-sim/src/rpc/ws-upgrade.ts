// WebSocket upgrades at a path nobody serves: answered 404 and closed, rather than left hanging (an
// `upgrade` listener takes the socket from Node's HTTP server, which then never answers it).
import type { IncomingMessage, Server } from 'node:http'
import type { Duplex } from 'node:stream'
import { pathOf } from './ws-server'

/**
 * Answers 404 to upgrades of `server` at any path outside `served` (the paths other handlers upgrade);
 * returns the function that stops it.
 * @example const stop = rejectUnknownUpgrades(httpServer, ['/trpc', '/rpc'])
 */
export function rejectUnknownUpgrades(server: Server, served: readonly string[]): () => void {
  const known = new Set(served)
  const onUpgrade = (req: IncomingMessage, socket: Duplex) => {
    const path = pathOf(req)
    if (known.has(path)) return
    const body = `No WebSocket endpoint at ${JSON.stringify(path)}; WebSocket paths: ${served.join(', ')}\n`
    socket.on('error', () => {})
    socket.once('finish', () => socket.destroy())
    socket.end(
      [
        'HTTP/1.1 404 Not Found',
        'Connection: close',
        'Content-Type: text/plain; charset=utf-8',
        `Content-Length: ${Buffer.byteLength(body)}`,
        '',
        body,
      ].join('\r\n'),
    )
  }
  server.on('upgrade', onUpgrade)
  return () => {
    server.off('upgrade', onUpgrade)
  }
}
