// WebSocket upgrades at a path nobody serves: answered 404 and closed, rather than left hanging (an
// `upgrade` listener takes the socket from Node's HTTP server, which then never answers it).
import type { IncomingMessage, Server } from 'node:http'
import type { Duplex } from 'node:stream'
import { pathOf } from './wsServer'

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
    closeUpgrade(
      socket,
      '404 Not Found',
      `No WebSocket endpoint at ${JSON.stringify(path)}; WebSocket paths: ${served.join(', ')}`,
    )
  }
  server.on('upgrade', onUpgrade)
  return () => {
    server.off('upgrade', onUpgrade)
  }
}

/**
 * Answers an upgrade request with a plain-text HTTP error and closes its socket (a socket taken by an
 * `upgrade` listener gets no answer from Node's HTTP server).
 * @example closeUpgrade(socket, '403 Forbidden', 'Host not allowed')
 */
export function closeUpgrade(socket: Duplex, status: string, message: string): void {
  const body = `${message}\n`
  socket.on('error', () => {})
  socket.once('finish', () => socket.destroy())
  socket.end(
    [
      `HTTP/1.1 ${status}`,
      'Connection: close',
      'Content-Type: text/plain; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(body)}`,
      '',
      body,
    ].join('\r\n'),
  )
}
