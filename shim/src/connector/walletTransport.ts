import { MODAL_TITLE_PATTERN } from '@webwallet/protocol/constants'
import { WalletNotAvailableError } from '@webwallet/protocol/errors'
import * as Dialog from '../dialog/Dialog'
import type { OpenerWindow } from '../dialog/popup'
import type { Dialog as DialogType, ModalUpdate } from '../dialog/types'
import { create } from '../messenger/create'
import type { FromHttpOptions } from '../messenger/fromHttp'
import type { WebSocketChannel, WebSocketConstructor, WebSocketState } from '../messenger/fromWebSocket'
import { fromWindow } from '../messenger/fromWindow'
import { type CallLimits, callLink, type LinkCaller, messengerLink } from '../messenger/link'
import { exactOrigin } from '../messenger/origin'
import type { Messenger as MessengerType } from '../messenger/types'
import { popupPlacement } from './placement'
import type { WalletCall } from './procedures'

/** Where the wallet runs: an iframe modal, a popup window, or wallet-sim over WebSocket or HTTP (headless). */
export type TransportKind = 'iframe' | 'popup' | 'websocket' | 'http'

/** Options of `openTransport` (./openTransport); the DOM parts can be injected for tests. */
export type OpenTransportOptions = {
  walletUrl: string
  brandName: string
  /** wallet-sim's tRPC socket; defaults to the wallet URL with ws(s): and path /trpc. */
  websocketUrl?: string | undefined
  WebSocket?: WebSocketConstructor | undefined
  /**
   * The `http` transport (tRPC's HTTP wire): its URL (default: the wallet URL's origin with path /trpc), batch
   * interval, headers (the login token: `{ authorization: 'Bearer …' }`) and fetch.
   */
  http?: Partial<FromHttpOptions> | undefined
  document?: Document | undefined
  opener?: OpenerWindow | undefined
  /** Where the wallet's replies arrive; the page's window by default. */
  listen?: Pick<Window, 'addEventListener' | 'removeEventListener'> | undefined
  /** Checks the wallet's server answers (a dead wallet still loads the browser's error page); for tests. */
  probe?: ((url: string) => Promise<unknown>) | undefined
}

/** A live connection to the wallet: its dialog (if any) and a tRPC client over one Messenger. */
export type WalletTransport = {
  readonly kind: TransportKind
  readonly dialog: DialogType | undefined
  /** The socket's state (connecting, open, closed) for the websocket transport; undefined otherwise. */
  websocketState(): WebSocketState | undefined
  /**
   * Shows the wallet for a procedure (popups open synchronously here: call it inside the user's click,
   * before any await). Throws 'Could not open popup' when blocked.
   */
  show(call: WalletCall): void
  /**
   * Ends what {@link show} showed, however its request ended (answer, refusal, abort, timeout, error): once
   * no shown request is pending, the modal is hidden, and the popup closed unless it answered (the wallet
   * closes its own window after an answer).
   */
  release(answered: boolean): void
  /** Runs one wallet mutation; rejects with the coded error (OPERATION_TIMEOUT/ABORTED for the limits). */
  mutate(call: WalletCall, limits?: CallLimits): Promise<unknown>
  /**
   * Follows the wallet's pushed account and network changes (the `walletEvents` subscription) with
   * `listener`, once per transport: over the iframe, the socket and HTTP (server-sent events) at once; over
   * the popup while one is open (from its first request on), since a closed popup cannot push.
   */
  watch(listener: (event: unknown) => void): void
  destroy(): void
}

/**
 * `openTransport` for the iframe and the popup only: without the WebSocket and HTTP transports' code (the
 * browser SDK's default connector). 'websocket', 'http' and a missing page are 'Wallet not available'.
 */
export function openWindowTransport(kind: TransportKind, options: OpenTransportOptions): WalletTransport {
  const doc = options.document ?? (globalThis as { document?: Document }).document
  const listen = options.listen ?? (globalThis as { window?: Window }).window
  // Without a page (Node) only the WebSocket and HTTP transports can reach the wallet.
  if (
    (kind !== 'iframe' && kind !== 'popup') ||
    !listen ||
    (kind === 'iframe' ? !doc : !(options.opener ?? listen))
  ) {
    throw new WalletNotAvailableError({ cause: `No ${kind} transport here` })
  }
  if (doc) Dialog.removeStale(doc)
  const shown =
    kind === 'iframe'
      ? Dialog.iframe({
          walletUrl: options.walletUrl,
          brandName: options.brandName,
          document: options.document,
          probe: options.probe,
        })
      : Dialog.popup({ walletUrl: options.walletUrl, opener: options.opener, probe: options.probe })
  const messenger = create(
    fromWindow({
      listen,
      target: () => shown.window(),
      origin: options.walletUrl,
      ready: () => shown.ready(),
      onGone: (listener) => shown.onClose(listener),
    }),
  )
  return transportOver(kind, messenger, shown, undefined, options.walletUrl)
}

/** A loaded iframe's time to answer its first message: a page that is no wallet fails then, not in 10 min. */
export const WALLET_HANDSHAKE_TIMEOUT_MS = 20_000

/**
 * The tRPC client over a transport's Messenger; the iframe follows the wallet's `updateModal`. Shared by
 * {@link openWindowTransport} and `openTransport` (./openTransport, which adds the WebSocket and HTTP wires).
 *
 * @example
 * const wallet = transportOver('http', Messenger.create(channel), undefined, undefined)
 */
export function transportOver(
  kind: TransportKind,
  messenger: MessengerType,
  dialog: DialogType | undefined,
  socket: WebSocketChannel | undefined,
  walletUrl?: string,
): WalletTransport {
  const client = callLink(messengerLink(messenger))
  const modal = kind === 'iframe' ? followModal(client, dialog, walletUrl) : undefined
  let onEvent: ((event: unknown) => void) | undefined
  let stopEvents: (() => void) | undefined
  const followEvents = () => {
    stopEvents?.()
    stopEvents = onEvent && client.subscription('walletEvents', undefined, onEvent)
  }
  let shown = 0
  // The popup window whose walletEvents are followed: each new window is followed from its first request.
  let popupFollowed = false
  return {
    kind,
    dialog,
    websocketState: () => socket?.state(),
    show({ procedure, input }) {
      if (kind === 'popup') {
        dialog?.open(popupPlacement(procedure, input))
        popupFollowed = false
      }
      shown++
    },
    release(answered) {
      if (shown === 0 || --shown > 0) return
      // A popup dialog opens a new window for the next request; the iframe stays loaded, hidden.
      if (kind === 'iframe') dialog?.update({ action: 'hide' })
      else if (!answered) dialog?.destroy()
    },
    mutate: ({ procedure, input }, limits) => {
      if (modal?.resume()) followEvents()
      if (kind === 'popup') {
        const answer = client.mutation(procedure, input, limits)
        // Subscribed after the request the popup was opened for, so the wallet sees that one first.
        if (onEvent && !popupFollowed) {
          popupFollowed = true
          followEvents()
        }
        return answer
      }
      if (!modal) return client.mutation(procedure, input, limits)
      return modal.spoken().then(() => client.mutation(procedure, input, limits))
    },
    watch(listener) {
      if (onEvent) return
      onEvent = listener
      if (kind !== 'popup') followEvents()
    },
    destroy() {
      modal?.stop()
      stopEvents?.()
      messenger.destroy()
      dialog?.destroy()
    },
  }
}

/**
 * The iframe's modal follows the wallet's `updateModal`, whose first answer is the wallet's handshake. Closing
 * the modal rejects every pending request, this subscription too: `resume` follows again at the next request,
 * once the wallet has dropped the closed screen, so that it does not come back on its own.
 */
function followModal(client: LinkCaller, dialog: DialogType | undefined, walletUrl: string | undefined) {
  let heard = false
  let onHeard = () => {}
  const follow = () =>
    client.subscription(
      'updateModal',
      undefined,
      (update) => {
        const parsed = parseModalUpdate(update)
        if (parsed) dialog?.update(parsed)
      },
      () => {
        heard = true
        onHeard()
      },
    )
  let handshake: Promise<void> | undefined
  let stop = follow()
  let lost = false
  const stopWatchingClose = dialog?.onClose(() => {
    lost = true
  })
  return {
    spoken: () =>
      (handshake ??= (dialog?.ready() ?? Promise.resolve()).then(
        () =>
          new Promise<void>((resolve, reject) => {
            if (heard) return resolve()
            const timer = setTimeout(
              () => reject(new WalletNotAvailableError({ cause: `No wallet answered at ${walletUrl}` })),
              WALLET_HANDSHAKE_TIMEOUT_MS,
            )
            onHeard = () => {
              clearTimeout(timer)
              resolve()
            }
          }),
      )),
    resume() {
      if (!lost) return false
      lost = false
      stop()
      stop = follow()
      return true
    },
    stop() {
      stopWatchingClose?.()
      stop()
    },
  }
}

/** `https://host/x` → `wss://host/trpc` (wallet-sim's tRPC socket). */
export function websocketUrl(walletUrl: string): string {
  const url = new URL('/trpc', exactOrigin(walletUrl))
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:'
  return url.href
}

/**
 * Reads an updateModal value: `'show'`, `'hide'` or `{action, title?, height?, width?}`; anything else is
 * ignored, and so is a title that is not short plain words (MODAL_TITLE_PATTERN).
 */
export function parseModalUpdate(value: unknown): ModalUpdate | undefined {
  const update = (typeof value === 'string' ? { action: value } : value) as Partial<
    Record<string, unknown>
  > | null
  if (typeof update !== 'object' || update === null) return undefined
  const { action, height, width, title } = update
  const size = (v: unknown) => Number.isFinite(v) && (v as number) > 0
  if (action === 'show' || action === 'hide')
    return typeof title === 'string' && MODAL_TITLE_PATTERN.test(title) ? { action, title } : { action }
  if (action === 'updateHeight' && size(height)) return { action, height: height as number }
  if (action === 'updateWidth' && size(width)) return { action, width: width as number }
  if (action === 'updateSize' && size(height) && size(width)) {
    return { action, height: height as number, width: width as number }
  }
  return undefined
}
