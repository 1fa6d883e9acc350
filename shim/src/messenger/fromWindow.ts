import { walletOrigins } from '@webwallet/protocol/constants'
import { parseWindowResponse, wrapWindowRequest } from './envelope'
import { channelError } from './errors'
import { exactOrigin } from './origin'
import type { Channel } from './types'

export { exactOrigin }

/** The parts of a window the channel listens on (the host's own window). */
export type ListenWindow = Pick<Window, 'addEventListener' | 'removeEventListener'>
/** The parts of the wallet's window the channel posts to. */
export type TargetWindow = Pick<Window, 'postMessage'>

/** Options of {@link fromWindow}. */
export type FromWindowOptions = {
  /** Where the wallet's replies arrive: the host page's window. */
  listen: ListenWindow
  /** The wallet's window, read at every use because a popup can be reopened. */
  target: () => TargetWindow | null | undefined
  /**
   * The origin the wallet window was opened at. Posts go to it and replies come from it, or from another host
   * of the same operator's hosted wallet on the same network (protocol's `walletOrigins`), exact origins only.
   */
  origin: string
  /** Resolves when the wallet window can receive (iframe loaded, popup handshake). */
  ready: () => Promise<void>
  /** Tells the channel the wallet window went away; returns the unsubscribe. */
  onGone?: (listener: (error: Error) => void) => () => void
}

/**
 * A Channel over `window.postMessage` in trpc-browser's envelope. A message counts only from one of the wallet's
 * exact origins (`walletOrigins`), from the wallet's window, and in the envelope's shape. Posts never go to `'*'`:
 * to the origin the window last answered from, or before that to each exact origin (one at most arrives).
 *
 * @example
 * Messenger.fromWindow({ listen: window, target: () => frame.contentWindow, origin: walletOrigin, ready })
 */
export function fromWindow(options: FromWindowOptions): Channel {
  const origins = walletOrigins(exactOrigin(options.origin))
  // The origin a given window answered from: a reopened popup starts again from the whole list.
  let heard: { window: unknown; origin: string } | undefined
  return {
    ready: options.ready,
    post(request) {
      const target = options.target()
      if (!target) throw channelError('port')
      const message = wrapWindowRequest(request)
      const to = heard?.window === target ? [heard.origin] : origins
      for (const origin of to) target.postMessage(message, origin)
    },
    listen(onResponse, onClose) {
      const handler = (event: MessageEvent) => {
        if (!origins.includes(event.origin)) return
        const target = options.target()
        if (!target || event.source !== target) return
        const response = parseWindowResponse(event.data)
        if (!response) return
        heard = { window: target, origin: event.origin }
        onResponse(response)
      }
      options.listen.addEventListener('message', handler)
      const stopGone = options.onGone?.(onClose)
      return () => {
        options.listen.removeEventListener('message', handler)
        stopGone?.()
      }
    },
    close() {},
  }
}
