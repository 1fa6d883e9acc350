// The wallet page's postMessage server (iframe or popup). Stricter than trpc-browser: only the window that
// opened or embeds the wallet may talk to it, only from one origin, and every answer goes to
// `event.source` with `targetOrigin` = that exact origin — never '*'.

import type { AnyTRPCRouter } from '@trpc/server'
import { POPUP_LOADED_MESSAGE, parseEnvelope } from '@webwallet/protocol'
import { createEnvelopeServer, type EnvelopePort } from './serveEnvelopes'

/** The parts of `window` the handler uses (a fake one in tests). */
export interface WalletWindow {
  readonly opener: MessageEventSource | null
  readonly parent: MessageEventSource | null
  readonly self: unknown
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void
}

export interface ServeWindowOptions<TContext> {
  router: AnyTRPCRouter
  window: WalletWindow
  /** `document.referrer`: the opener's / embedder's URL, whose origin is the only one accepted. */
  referrer: string
  createContext: (origin: string) => TContext
  /**
   * Called with the dapp's origin for every accepted query or mutation: what {@link onAnswered} answers. A
   * subscription (the dapp following `walletEvents` while a popup is open) and a stop are not counted.
   */
  onRequest?: (origin: string) => void
  /** Called after each query or mutation answer was posted. */
  onAnswered?: () => void
  /**
   * Whether the wallet works for this origin at all (the iframe: allow-listed embedders only). A refused
   * origin gets no answer, not even an error: nothing tells it a wallet listens.
   */
  accepts?: (origin: string) => boolean
  /** Called with the origin of each request `accepts` refused. */
  onRefused?: (origin: string) => void
}

const originOf = (url: string): string | undefined => {
  try {
    const origin = new URL(url).origin
    return origin === 'null' ? undefined : origin
  } catch {
    return undefined
  }
}

/** The window that may talk to the wallet: the opener of a popup, else the parent of an iframe. */
export function hostWindowOf(win: WalletWindow): MessageEventSource | null {
  if (win.opener) return win.opener
  return win.parent && win.parent !== win.self ? win.parent : null
}

/**
 * Serves `router` to the host window; posts the popup handshake to a popup's opener. Returns the stop
 * function.
 *
 * @example
 * serveWindow({ router, window, referrer: document.referrer, createContext: (origin) => ({ origin }) })
 */
export function serveWindow<TContext>(options: ServeWindowOptions<TContext>): () => void {
  const host = hostWindowOf(options.window)
  // Without a referrer the first accepted message fixes the origin for the page's lifetime.
  let trustedOrigin = originOf(options.referrer)
  const ports = new Map<string, EnvelopePort>()
  const origins = new WeakMap<EnvelopePort, string>()
  const server = createEnvelopeServer({
    router: options.router,
    createContext: (port) => options.createContext(origins.get(port) ?? ''),
    ...(options.onAnswered ? { onAnswered: options.onAnswered } : {}),
  })

  const portFor = (source: MessageEventSource, origin: string): EnvelopePort => {
    let port = ports.get(origin)
    if (port === undefined) {
      port = { post: (message) => (source as Window).postMessage(message, { targetOrigin: origin }) }
      ports.set(origin, port)
      origins.set(port, origin)
    }
    return port
  }

  const onMessage = (event: MessageEvent) => {
    if (host === null || event.source !== host) return
    if (event.origin === 'null' || (trustedOrigin !== undefined && event.origin !== trustedOrigin)) return
    if (options.accepts && !options.accepts(event.origin)) {
      if (parseEnvelope(event.data)) options.onRefused?.(event.origin)
      return
    }
    const port = portFor(host, event.origin)
    const received = server.receive(event.data, port)
    if (received) {
      trustedOrigin ??= event.origin
      if (received === 'query' || received === 'mutation') options.onRequest?.(event.origin)
    }
  }
  options.window.addEventListener('message', onMessage)

  // A cross-origin popup has no load event for its opener: tell it we listen (to its origin only).
  const opener = options.window.opener
  if (opener && trustedOrigin !== undefined && (options.accepts?.(trustedOrigin) ?? true)) {
    ;(opener as Window).postMessage(POPUP_LOADED_MESSAGE, { targetOrigin: trustedOrigin })
  }

  return () => {
    options.window.removeEventListener('message', onMessage)
    server.close()
  }
}
