// The headless wires as `Messenger` exports them (./fromWebSocket, ./fromHttp), their code in a chunk loaded
// at the channel's first request: a page over the iframe or the popup never fetches it.
import { WalletNotAvailableError } from '@webwallet/protocol/errors'
import { waitedInVain } from './errors'
import type { FromHttpOptions } from './fromHttp'
import type { FromWebSocketOptions, WebSocketChannel, WebSocketConstructor } from './fromWebSocket'
import { lazyChannel } from './lazyChannel'
import { WEBSOCKET_OPEN_TIMEOUT_MS } from './limits'
import type { Channel } from './types'

/**
 * A Channel over tRPC's WebSocket wire, for Node and headless tests; its code loads at the first request. An
 * open socket that drops rejects requests in flight; queued ones wait through reconnects (1000 ms × 2^attempt,
 * at most 30000 ms) up to `openTimeoutMs`: then SERVICE_UNREACHABLE when refused, else 'Wallet not available'.
 *
 * @example
 * Messenger.create(Messenger.fromWebSocket({ url: 'ws://localhost:3005/trpc', WebSocket })) // ws's WebSocket in Node
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
 * A Channel over tRPC's HTTP wire (docs/protocol.md, HTTP): batched GET queries and POST mutations, the
 * `walletEvents` subscription as server-sent events (a dropped stream is 'Wallet not available'; other
 * subscriptions 'not implemented'). Unreachable is SERVICE_UNREACHABLE; its code loads at the first request.
 *
 * @example
 * Messenger.create(Messenger.fromHttp({ url: 'http://localhost:3005/trpc', headers: { authorization } }))
 */
export function fromHttp(options: FromHttpOptions): Channel {
  const fetch = options.fetch ?? globalThis.fetch?.bind(globalThis)
  if (!fetch) throw new WalletNotAvailableError({ cause: 'No fetch implementation: pass options.fetch' })
  return lazyChannel(() => import('./headlessWires').then((m) => m.fromHttp({ ...options, fetch })))
}
