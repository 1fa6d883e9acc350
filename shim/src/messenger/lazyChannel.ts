import { isWebWalletError, WalletNotAvailableError } from '@webwallet/protocol/errors'
import { lazyImport } from '../http/lazyImport'
import { channelError } from './errors'
import type { Channel, Incoming } from './types'

/** A {@link lazyChannel}: a Channel, plus the loaded one once its chunk has arrived. */
export type LazyChannel<C extends Channel> = Channel & {
  /** The channel the chunk built; undefined until the first `ready()` has loaded it. */
  loaded(): C | undefined
  /** True from the first `ready()` until the chunk has loaded or failed, or the channel was closed. */
  loading(): boolean
}

type Listener = {
  onResponse: (response: Incoming) => void
  onClose: (error: Error) => void
  off?: (() => void) | undefined
}

/**
 * A Channel whose code loads at the first `ready()` (the WebSocket and HTTP wires, which window pages never
 * need); listeners registered before carry over. A failed load is 'Wallet not available' (a coded error of the
 * channel's own code passes unchanged) and the next `ready()` tries again.
 *
 * @example
 * const channel = lazyChannel(() => import('./fromWebSocket').then((m) => m.fromWebSocket({ url })))
 */
export function lazyChannel<C extends Channel>(open: () => Promise<C>): LazyChannel<C> {
  const listeners = new Set<Listener>()
  let real: C | undefined
  let pending = false
  let closed = false
  const load = lazyImport(
    () =>
      open().then((channel) => {
        real = channel
        // Closed while the chunk loaded: its own ready() now rejects as a closed channel of its kind does.
        if (closed) channel.close()
        else
          for (const listener of listeners)
            listener.off = channel.listen(listener.onResponse, listener.onClose)
        return channel
      }),
    (cause) => (isWebWalletError(cause) ? cause : new WalletNotAvailableError({ cause })),
  )
  return {
    loaded: () => real,
    loading: () => pending && !closed,
    ready() {
      // Once loaded, asked at once: its own waits (the socket's open limit) start with the request, as before.
      if (real) return real.ready()
      pending = true
      return load().then(
        (channel) => {
          pending = false
          return channel.ready()
        },
        (error: unknown) => {
          pending = false
          throw error
        },
      )
    },
    post(request) {
      // Messenger.create posts only after ready() resolved, so the channel is there.
      if (!real) throw channelError('port')
      real.post(request)
    },
    listen(onResponse, onClose) {
      const listener: Listener = { onResponse, onClose, off: real?.listen(onResponse, onClose) }
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
        listener.off?.()
      }
    },
    close() {
      closed = true
      real?.close()
    },
  }
}
