// The headless wires as `Messenger` exports them: the same functions as ./fromWebSocket and ./fromHttp, same
// options and answers, with their code in chunks of their own that load at the channel's first request. A
// page over the iframe or the popup never fetches them; Node and tests over WebSocket or HTTP wait for them
// once, at their first request.
import { WalletNotAvailableError } from '@webwallet/protocol/errors'
import { waitedInVain } from './errors'
import type { FromHttpOptions } from './fromHttp'
import type { FromWebSocketOptions, WebSocketChannel, WebSocketConstructor } from './fromWebSocket'
import { lazyChannel } from './lazyChannel'
import { WEBSOCKET_OPEN_TIMEOUT_MS } from './limits'
import type { Channel } from './types'

/**
 * A Channel speaking tRPC's WebSocket wire (the ws adapter's frames) for Node and headless tests.
 * Connects lazily, rejects requests in flight with 'WebSocket closed prematurely' when an open socket
 * drops, and keeps queued requests through reconnects after 1000 ms × 2^attempt (capped at 30000 ms).
 * A request that waits longer than `openTimeoutMs` for the socket rejects, while the scheduled reconnect goes
 * on: SERVICE_UNREACHABLE (service 'wallet') when the last attempt was refused, otherwise 'Wallet not
 * available' (`cause`: 'WebSocket closed prematurely'). Its code loads at the first request (a failed load is
 * 'Wallet not available'; the next request tries again).
 *
 * @example
 * import { WebSocket } from 'ws'
 * const messenger = Messenger.create(Messenger.fromWebSocket({ url: 'ws://localhost:3005/trpc', WebSocket }))
 */
export function fromWebSocket(options: FromWebSocketOptions): WebSocketChannel {
  const WebSocket = options.WebSocket ?? (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket
  if (!WebSocket)
    throw new WalletNotAvailableError({ cause: 'No WebSocket implementation: pass options.WebSocket' })
  const channel = lazyChannel(() =>
    import('./headlessWires').then((m) => m.fromWebSocket({ ...options, WebSocket })),
  )
  const openTimeoutMs = options.openTimeoutMs ?? WEBSOCKET_OPEN_TIMEOUT_MS
  return {
    ...channel,
    state: () => channel.loaded()?.state() ?? (channel.loading() ? 'connecting' : 'closed'),
    refusal: () => channel.loaded()?.refusal(),
    ready() {
      if (channel.loaded()) return channel.ready()
      // The open limit counts from the request, not from the chunk's arrival (as when the code was there).
      return new Promise<void>((resolve, reject) => {
        const timer = Number.isFinite(openTimeoutMs)
          ? setTimeout(() => reject(waitedInVain(options.url, channel.loaded()?.refusal())), openTimeoutMs)
          : undefined
        channel
          .ready()
          .then(resolve, reject)
          .finally(() => clearTimeout(timer))
      })
    },
  }
}

/**
 * A Channel speaking tRPC's HTTP wire (docs/protocol.md, HTTP): queries are one GET with
 * `?batch=1&input=` (the inputs by index, as JSON), mutations one POST with that JSON as the body, the
 * paths joined by commas. The `walletEvents` subscription streams as tRPC's server-sent events (one GET per
 * subscription, `?input=`, `text/event-stream`; a stream that drops is 'Wallet not available'); other
 * subscriptions are 'not implemented'. Errors come back as the other channels' coded errors; a wallet that
 * cannot be reached is SERVICE_UNREACHABLE, an answer that is not tRPC's 'Unable to transform response from
 * server'. Its code loads at the first request (a failed load is 'Wallet not available'; the next request
 * tries again).
 *
 * @example
 * const messenger = Messenger.create(Messenger.fromHttp({ url: 'http://localhost:3005/trpc', headers: { authorization: `Bearer ${token}` } }))
 */
export function fromHttp(options: FromHttpOptions): Channel {
  const fetch = options.fetch ?? globalThis.fetch?.bind(globalThis)
  if (!fetch) throw new WalletNotAvailableError({ cause: 'No fetch implementation: pass options.fetch' })
  return lazyChannel(() => import('./headlessWires').then((m) => m.fromHttp({ ...options, fetch })))
}
