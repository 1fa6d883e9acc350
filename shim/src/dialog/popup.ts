import {
  POPUP_CLOSE_POLL_MS,
  POPUP_CREATION_POLL_MS,
  POPUP_LOAD_WAIT_MS,
  POPUP_SIZES,
  WALLET_ROUTES,
} from '@webwallet/protocol'
import { PopupBlockedError, UserRejectedError } from '@webwallet/protocol/errors'
import { isPopupLoaded } from '../transport/envelope'
import { listenerSet } from './listeners'
import type { Dialog, PopupPlacement } from './types'

/** The opener's parts the popup dialog uses (the page's window by default). */
export type OpenerWindow = Pick<Window, 'open' | 'addEventListener' | 'removeEventListener'> & {
  screenX?: number
  screenY?: number
  outerWidth?: number
  outerHeight?: number
}

/** Options of {@link popup}. */
export type PopupOptions = {
  /** The hosted wallet's URL; routes are resolved against it. */
  walletUrl: string
  opener?: OpenerWindow | undefined
}

/** Popup window name, so the browser reuses one window. */
export const POPUP_NAME = 'webwallet'

/**
 * The wallet in a popup window. `open()` calls `window.open` synchronously (call it inside the user's
 * click, before any `await`) and reuses the window while it is open; a blocked popup throws 'Could not
 * open popup'. `ready()` waits for the wallet's `TRPC_BROWSER::POPUP_LOADED` handshake (origin and source
 * checked) or at most 15 s; the window is polled every 100 ms while loading and every 1 s after, and
 * closing it rejects pending requests with 'User rejected request'.
 *
 * @example
 * button.onclick = () => {
 *   dialog.open({ route: '/interstitialLogin', ...POPUP_SIZES.default })
 *   void connector.connect()
 * }
 */
export function popup(options: PopupOptions): Dialog {
  const opener = options.opener ?? (globalThis.window as OpenerWindow)
  const origin = new URL(options.walletUrl).origin
  const closed = listenerSet<Error>()
  let current: Window | null = null
  let loaded: Promise<void> = Promise.resolve()
  let stopWatching = () => {}

  const watch = (win: Window) => {
    let phase: 'loading' | 'open' = 'loading'
    let timer: ReturnType<typeof setInterval> | undefined
    let fallback: ReturnType<typeof setTimeout> | undefined
    let onMessage: (event: MessageEvent) => void = () => {}
    const stop = () => {
      clearInterval(timer)
      clearTimeout(fallback)
      opener.removeEventListener('message', onMessage)
    }
    const poll = (every: number) => {
      clearInterval(timer)
      timer = setInterval(() => {
        if (!win.closed) return
        stop()
        if (current === win) current = null
        closed.emit(new UserRejectedError())
      }, every)
    }
    loaded = new Promise<void>((resolve) => {
      const done = () => {
        if (phase !== 'loading') return
        phase = 'open'
        opener.removeEventListener('message', onMessage)
        clearTimeout(fallback)
        poll(POPUP_CLOSE_POLL_MS)
        resolve()
      }
      onMessage = (event) => {
        if (event.origin === origin && event.source === win && isPopupLoaded(event.data)) done()
      }
      opener.addEventListener('message', onMessage)
      // Cross-origin popups may never be observable; go on after 15 s, as trpc-browser does.
      fallback = setTimeout(done, POPUP_LOAD_WAIT_MS)
      poll(POPUP_CREATION_POLL_MS)
    })
    stopWatching = stop
  }

  return {
    kind: 'popup',
    open(placement = defaultPlacement()) {
      if (current && !current.closed) return
      const win = opener.open(
        new URL(placement.route, options.walletUrl).href,
        POPUP_NAME,
        features(opener, placement),
      )
      if (!win) throw new PopupBlockedError()
      current = win
      stopWatching()
      watch(win)
    },
    window: () => current,
    ready: () => loaded,
    update() {},
    onClose: closed.add,
    destroy() {
      stopWatching()
      current?.close()
      current = null
    },
  }
}

function defaultPlacement(): PopupPlacement {
  return { route: WALLET_ROUTES.login, ...POPUP_SIZES.default }
}

/** Centres the popup on the opener window. */
function features(opener: OpenerWindow, { width, height }: PopupPlacement): string {
  const left = Math.round((opener.screenX ?? 0) + ((opener.outerWidth ?? width) - width) / 2)
  const top = Math.round((opener.screenY ?? 0) + ((opener.outerHeight ?? height) - height) / 2)
  return `popup=1,width=${width},height=${height},left=${Math.max(left, 0)},top=${Math.max(top, 0)}`
}
