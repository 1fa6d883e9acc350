import {
  POPUP_CLOSE_POLL_MS,
  POPUP_CREATION_POLL_MS,
  POPUP_LOAD_WAIT_MS,
  POPUP_SIZES,
  WALLET_ROUTES,
  walletOrigins,
} from '@webwallet/protocol/constants'
import {
  PopupBlockedError,
  PortDisconnectedError,
  ServiceUnreachableError,
  UserRejectedError,
  WalletNotAvailableError,
} from '@webwallet/protocol/errors'
import { isPopupLoaded } from '../messenger/envelope'
import { exactOrigin } from '../messenger/origin'
import { defaultProbe, listenerSet } from './listeners'
import { type OpenerWindow, openPopupWindow, POPUP_NAME } from './popupWindow'
import type { Dialog, PopupPlacement } from './types'

export { type OpenerWindow, POPUP_NAME }

/** Options of {@link popup}. */
export type PopupOptions = {
  /** The hosted wallet's URL; routes are resolved against it. */
  walletUrl: string
  opener?: OpenerWindow | undefined
  /**
   * Checks the wallet answers at all (a popup onto a wallet that is down shows the browser's error page and
   * never sends the handshake). Default: a no-cors fetch of the page (network errors reject).
   */
  probe?: ((url: string) => Promise<unknown>) | undefined
}

/**
 * The wallet in a popup window. `open()` calls `window.open` synchronously: call it inside the user's click,
 * before any `await` (blocked: 'Could not open popup'). The window opens blank and navigates once the probe
 * says the wallet answers (Chromium now and then ignores close() of a window whose navigation fails); an
 * earlier request's window is closed, never reused (it may be closing itself). `ready()` waits for the checked
 * `TRPC_BROWSER::POPUP_LOADED` handshake: SERVICE_UNREACHABLE when the probe fails, 'Wallet not available'
 * after 15 s. Closing the window rejects pending requests with 'User rejected request'.
 *
 * @example
 * button.onclick = () => dialog.open({ route: '/interstitialLogin', ...POPUP_SIZES.default })
 */
export function popup(options: PopupOptions): Dialog {
  const opener = options.opener ?? (globalThis.window as OpenerWindow)
  // The opened origin, or the same network's other host of a hosted wallet that moved (exact origins).
  const origins = walletOrigins(exactOrigin(options.walletUrl))
  const probe = options.probe ?? defaultProbe
  const closed = listenerSet<Error>()
  let current: Window | null = null
  let loaded: Promise<void> = Promise.resolve()
  let stopWatching = () => {}

  return {
    kind: 'popup',
    open(placement = defaultPlacement()) {
      const old = current
      if (old) {
        stopWatching()
        current = null
        const gone = old.closed
        if (!gone) old.close()
        closed.emit(gone ? new UserRejectedError() : new PortDisconnectedError())
      }
      const url = new URL(placement.route, options.walletUrl).href
      let win: Window | null
      try {
        win = openPopupWindow(opener, placement)
      } catch (cause) {
        throw new PopupBlockedError({ cause }) // some sandboxes throw instead of answering null
      }
      if (!win) throw new PopupBlockedError()
      const opened = win
      current = opened
      ;[loaded, stopWatching] = watch(opener, opened, url, origins, probe, (error) => {
        if (current === opened) current = null
        if (error) closed.emit(error)
      })
    },
    window: () => current,
    ready: () => loaded,
    update() {},
    onClose: closed.add,
    removed: () => false,
    destroy() {
      stopWatching()
      current?.close()
      current = null
    },
  }
}

/**
 * Follows one popup window: loading until the wallet's handshake (from one of `origins`, sent by `win`),
 * navigated once the probe says the wallet answers; then open, its closing polled. `gone` is told when the
 * window is no longer the wallet's: closed by the user (with 'User rejected request'), or unreachable (the
 * window closed here, and `loaded` rejects). Returns the load and the stop of this watch.
 */
function watch(
  opener: OpenerWindow,
  win: Window,
  url: string,
  origins: readonly string[],
  probe: (url: string) => Promise<unknown>,
  gone: (error?: Error) => void,
): [loaded: Promise<void>, stop: () => void] {
  let phase: 'loading' | 'open' = 'loading'
  let timer: ReturnType<typeof setInterval> | undefined
  let fallback: ReturnType<typeof setTimeout> | undefined
  let onMessage: (event: MessageEvent) => void = () => {}
  const stop = () => {
    phase = 'open'
    clearInterval(timer)
    clearTimeout(fallback)
    opener.removeEventListener('message', onMessage)
  }
  const poll = (every: number) => {
    clearInterval(timer)
    timer = setInterval(() => {
      if (!win.closed) return
      stop()
      gone(new UserRejectedError())
    }, every)
  }
  const loaded = new Promise<void>((resolve, reject) => {
    let answers = false
    const done = () => {
      if (phase !== 'loading') return
      stop()
      poll(POPUP_CLOSE_POLL_MS)
      resolve()
    }
    // The wallet is unreachable or no wallet: say so once, and close the error page it left open.
    const fail = (error: Error) => {
      if (phase !== 'loading') return
      stop()
      gone()
      win.close()
      reject(error)
    }
    const unreachable = (cause?: unknown) => fail(new WalletNotAvailableError({ cause }))
    onMessage = (event) => {
      if (origins.includes(event.origin) && event.source === win && isPopupLoaded(event.data)) done()
    }
    opener.addEventListener('message', onMessage)
    probe(url).then(
      () => {
        answers = true
        // Navigated by name from this page (a real window, with a document), so that the wallet's
        // document.referrer names this page's origin, where it sends its handshake: WebKit gives the blank
        // window's own location.replace no referrer, and the popup waited out its 15 s for a handshake. The
        // blank window, opened by this page, is always ours to navigate.
        const named = 'document' in opener ? opener.open(url, POPUP_NAME) : null
        if (named !== win) win.location.replace(url)
      },
      (cause: unknown) => fail(new ServiceUnreachableError('wallet', url, { cause })),
    )
    // A page that answers but never sends the wallet's handshake does not speak the wallet protocol
    // (issue 27: requests to it hung until their 10-minute limit): refused after 15 s, naming the URL.
    fallback = setTimeout(
      () =>
        unreachable(answers ? `No wallet handshake from ${url} within ${POPUP_LOAD_WAIT_MS} ms` : undefined),
      POPUP_LOAD_WAIT_MS,
    )
    poll(POPUP_CREATION_POLL_MS)
  })
  loaded.catch(() => {}) // observed by ready(); no unhandled rejection when nobody asks
  return [loaded, stop]
}

function defaultPlacement(): PopupPlacement {
  return { route: WALLET_ROUTES.login, ...POPUP_SIZES.default }
}
