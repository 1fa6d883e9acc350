import {
  CONNECTOR_LABELS,
  IFRAME_ALLOW,
  IFRAME_LOAD_TIMEOUT_MS,
  IFRAME_MODAL,
  IFRAME_SANDBOX,
  WALLET_ROUTES,
} from '@webwallet/protocol/constants'
import { IframeTimeoutError, ServiceUnreachableError, UserRejectedError } from '@webwallet/protocol/errors'
import { exactOrigin } from '../messenger/origin'
import { defaultProbe, listenerSet } from './listeners'
import type { Dialog } from './types'

/** Element ids of the modal, so a new connector can remove an old one first. */
export const MODAL_ID = 'webwallet-modal'
export const IFRAME_ID = 'webwallet-iframe'

/** Options of {@link iframe}. */
export type IframeOptions = {
  /** The hosted wallet's URL; the iframe loads `{walletUrl}/iframes/comms`. */
  walletUrl: string
  /** Shown after 'Powered by' in the modal header. */
  brandName: string
  document?: Document | undefined
  /**
   * Checks the wallet answers at all: an iframe also fires `load` for the browser's own error page when the
   * wallet is down. Default: a no-cors fetch of the page (network errors reject).
   */
  probe?: ((url: string) => Promise<unknown>) | undefined
}

/**
 * Removes a modal and iframe left by an earlier connector (docs/protocol.md, Connection states: a new
 * connector removes them first).
 *
 * @example
 * removeStale(document)
 */
export function removeStale(doc: Document = globalThis.document): void {
  doc.getElementById(MODAL_ID)?.remove()
  doc.getElementById(IFRAME_ID)?.remove()
}

/**
 * The wallet in a sandboxed iframe in a centred modal, hidden until the wallet says show. Loading fails with
 * SERVICE_UNREACHABLE or, after 20 s, a timeout; closing the modal rejects pending requests (user rejected).
 *
 * @example
 * await Dialog.iframe({ walletUrl: 'https://web.argent.xyz', brandName: 'Argent' }).ready()
 */
export function iframe(options: IframeOptions): Dialog {
  const doc = options.document ?? globalThis.document
  removeStale(doc)
  const closed = listenerSet<Error>()
  const userClose = () => {
    hide()
    closed.emit(new UserRejectedError())
  }
  const [overlay, panel, title, frame] = modal(doc, options.brandName, userClose)
  const [show, hide] = focusTrap(doc, overlay, frame, userClose)
  const src = new URL(WALLET_ROUTES.iframe, exactOrigin(options.walletUrl)).href
  const loaded = load(frame, src, options.probe ?? defaultProbe)
  frame.src = src
  doc.body.append(overlay)

  return {
    kind: 'iframe',
    open() {},
    window: () => frame.contentWindow,
    ready: () => loaded,
    update(update) {
      if (update.action === 'show') {
        // The screen's own title ("Log in", "Confirm transaction"); the protocol's label when the wallet names none.
        title.textContent = update.title ?? CONNECTOR_LABELS.title
        show()
      } else if (update.action === 'hide') hide()
      else {
        if ('height' in update) panel.style.height = `${update.height}px`
        if ('width' in update) panel.style.width = `${update.width}px`
      }
    },
    onClose: closed.add,
    removed: () => !overlay.isConnected,
    destroy() {
      hide()
      overlay.remove()
    },
  }
}

/**
 * The modal's elements, hidden: the overlay holding the backdrop and the panel (a header with the title and
 * the close button, then the iframe). The close button and a click beside the panel call `userClose`.
 */
function modal(
  doc: Document,
  brandName: string,
  userClose: () => void,
): [overlay: HTMLDivElement, panel: HTMLDivElement, title: HTMLDivElement, frame: HTMLIFrameElement] {
  const overlay = doc.createElement('div')
  overlay.id = MODAL_ID
  overlay.setAttribute('role', 'dialog')
  overlay.setAttribute('aria-modal', 'true')
  overlay.style.cssText = `position:fixed;inset:0;z-index:${IFRAME_MODAL.zIndex};display:none;align-items:center;justify-content:center;background:rgba(0,0,0,.5)`
  // The blur sits on a sibling layer behind the panel, never on an ancestor of the iframe: a filter, opacity or
  // transform above the wallet makes the browser report it not really visible (IntersectionObserver v2), and the
  // wallet then keeps its approve buttons off (its clickjacking guard).
  const backdrop = doc.createElement('div')
  backdrop.style.cssText =
    'position:absolute;inset:0;backdrop-filter:blur(8px);-webkit-backdrop-filter:blur(8px)'

  const panel = doc.createElement('div')
  panel.style.cssText = `position:relative;display:flex;flex-direction:column;width:${IFRAME_MODAL.width}px;height:${IFRAME_MODAL.height}px;max-width:calc(100vw - 16px);max-height:calc(100vh - 32px);border-radius:${IFRAME_MODAL.borderRadiusPx}px;overflow:hidden;background:#1c1c1c;color:#fff;box-shadow:0 4px 40px rgba(0,0,0,.35);font-family:system-ui,sans-serif`

  const header = doc.createElement('div')
  header.style.cssText = 'padding:10px 48px;text-align:center'
  const title = doc.createElement('div')
  // The dialog is named by its title, which follows the wallet's screen ("Log in", "Confirm transaction").
  title.id = `${MODAL_ID}-title`
  overlay.setAttribute('aria-labelledby', title.id)
  title.textContent = CONNECTOR_LABELS.title
  // Read by screen readers only: the wallet's screen shows the same heading, and one heading is enough.
  title.style.cssText =
    'position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap'
  const subtitle = doc.createElement('div')
  subtitle.textContent = `${CONNECTOR_LABELS.subtitle} ${brandName}`
  subtitle.style.cssText = 'font-size:12px;opacity:.7'
  const close = doc.createElement('button')
  close.type = 'button'
  close.textContent = '×'
  close.setAttribute('aria-label', 'Close')
  close.style.cssText =
    'position:absolute;top:2px;right:18px;border:0;background:none;color:inherit;font-size:22px;cursor:pointer'
  header.append(title, subtitle, close)

  const frame = doc.createElement('iframe')
  frame.id = IFRAME_ID
  frame.title = CONNECTOR_LABELS.title
  frame.setAttribute('sandbox', IFRAME_SANDBOX)
  frame.setAttribute('allow', IFRAME_ALLOW)
  frame.style.cssText = 'flex:1;width:100%;border:0'

  panel.append(header, frame)
  overlay.append(backdrop, panel)
  close.addEventListener('click', userClose)
  overlay.addEventListener('click', (event) => {
    if (event.target === overlay || event.target === backdrop) userClose()
  })
  return [overlay, panel, title, frame]
}

/**
 * The iframe's load: SERVICE_UNREACHABLE at once when the probe finds no server, IFRAME_TIMEOUT when
 * neither answers within IFRAME_LOAD_TIMEOUT_MS.
 */
function load(
  frame: HTMLIFrameElement,
  src: string,
  probe: (url: string) => Promise<unknown>,
): Promise<void> {
  const loaded = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new IframeTimeoutError()), IFRAME_LOAD_TIMEOUT_MS)
    const frameLoaded = new Promise<void>((done) => frame.addEventListener('load', () => done()))
    // A wallet that cannot be reached says so at once; one that does not answer leaves the timer to reject.
    Promise.all([frameLoaded, probe(src)]).then(
      () => {
        clearTimeout(timer)
        resolve()
      },
      (cause: unknown) => {
        clearTimeout(timer)
        reject(new ServiceUnreachableError('wallet', src, { cause }))
      },
    )
  })
  loaded.catch(() => {}) // observed by ready(); avoid an unhandled rejection when nobody asks
  return loaded
}

/**
 * Showing and hiding the modal. While shown, focus lives in the modal: it moves in on show, Tab cannot leave
 * it (focus landing anywhere else on the page comes back), Escape closes it, and the page's focus is
 * restored on hide.
 */
function focusTrap(
  doc: Document,
  overlay: HTMLElement,
  frame: HTMLIFrameElement,
  onEscape: () => void,
): [show: () => void, hide: () => void] {
  let returnFocus: Element | null = null
  const shown = () => overlay.style.display !== 'none'
  const keepFocus = (event: FocusEvent) => {
    if (shown() && event.target instanceof Node && !overlay.contains(event.target)) frame.focus()
  }
  const onKey = (event: KeyboardEvent) => {
    if (shown() && event.key === 'Escape') onEscape()
  }
  return [
    () => {
      if (shown()) return
      returnFocus = doc.activeElement
      overlay.style.display = 'flex'
      doc.addEventListener('focusin', keepFocus)
      doc.addEventListener('keydown', onKey)
      frame.focus()
    },
    () => {
      const wasShown = shown()
      overlay.style.display = 'none'
      doc.removeEventListener('focusin', keepFocus)
      doc.removeEventListener('keydown', onKey)
      if (wasShown && returnFocus instanceof HTMLElement && returnFocus.isConnected) returnFocus.focus()
      returnFocus = null
    },
  ]
}
