import { parseWindowResponse, wrapWindowRequest } from './envelope'
import { transportError } from './errors'
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
  /** The wallet's exact origin: the only target origin and the only accepted sender origin. */
  origin: string
  /** Resolves when the wallet window can receive (iframe loaded, popup handshake). */
  ready: () => Promise<void>
  /** Tells the channel the wallet window went away; returns the unsubscribe. */
  onGone?: (listener: (error: Error) => void) => () => void
}

/**
 * A Channel over `window.postMessage` in trpc-browser's envelope. Posts only to the exact wallet origin
 * (never `'*'`) and accepts a message only when `event.origin` is that origin, `event.source` is the
 * wallet's window and the data passes the envelope schema; everything else is ignored.
 *
 * @example
 * const channel = Messenger.fromWindow({
 *   listen: window,
 *   target: () => iframe.contentWindow,
 *   origin: 'https://web.argent.xyz',
 *   ready: () => loaded,
 * })
 */
export function fromWindow(options: FromWindowOptions): Channel {
  const origin = exactOrigin(options.origin)
  return {
    ready: options.ready,
    post(request) {
      const target = options.target()
      if (!target) throw transportError('port')
      target.postMessage(wrapWindowRequest(request), origin)
    },
    listen(onResponse, onClose) {
      const handler = (event: MessageEvent) => {
        if (event.origin !== origin) return
        const target = options.target()
        if (!target || event.source !== target) return
        const response = parseWindowResponse(event.data)
        if (response) onResponse(response)
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
