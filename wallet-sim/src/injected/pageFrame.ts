// The injected wallet's channel to wallet-sim, as it runs in the dapp's page: the wallet's own page (/iframes/comms)
// in a hidden iframe, loaded on the first request and shown while the wallet asks, and the hosted wallet's
// postMessage envelope to it (exact target origin; answers only from that frame's window and origin). Sent to
// the page as source text with the rest of the script (script.ts): no imports, no outside names; the
// functions reach each other through the `parts` they are handed.
import type { InjectedConfig } from './pageConfig'

type Pending = { resolve: (value: unknown) => void; reject: (error: unknown) => void }

/** What the channel tells the wallet object: the accounts and the network the wallet pushes. */
export interface FrameEvents {
  accounts(accounts: string[]): void
  network(chainId: string | undefined, accounts: string[] | undefined): void
}

/** The page functions the channel is made of (handed in: the script is their source text, not modules). */
export interface FrameParts {
  readonly frameElements: typeof frameElements
  readonly envelopeChannel: typeof envelopeChannel
  readonly walletError: typeof walletError
}

/**
 * The wallet's overlay (hidden) holding its iframe, not yet in the document nor loading.
 * @example const { overlay, frame } = frameElements(config)
 */
export function frameElements(config: InjectedConfig): { overlay: HTMLDivElement; frame: HTMLIFrameElement } {
  const { width, height, zIndex, sandbox, allow } = config.frame
  const overlay = document.createElement('div')
  overlay.setAttribute('data-wallet-sim', config.id)
  overlay.style.cssText = `position:fixed;inset:0;z-index:${zIndex};display:none;align-items:center;justify-content:center;background:rgba(0,0,0,.5)`
  const frame = document.createElement('iframe')
  frame.title = config.name
  frame.setAttribute('sandbox', sandbox)
  frame.setAttribute('allow', allow)
  frame.style.cssText = `width:${width}px;height:${height}px;max-width:calc(100vw - 16px);max-height:calc(100vh - 32px);border:0;border-radius:24px;background:#1c1c1c`
  overlay.append(frame)
  return { overlay, frame }
}

/**
 * A wallet-API error (`code` 113 for a refusal, 163 when there is no better one), our code in `data`.
 * @example walletError(config, trpc.error) // Error { code: 113, data: { webwalletErrorCode: 'USER_REJECTED' } }
 */
export function walletError(config: InjectedConfig, shape: unknown): Error {
  const s = shape as { message?: string; data?: { webwalletError?: { code?: string; message?: string } } }
  const ours = s?.data?.webwalletError
  const error = new Error(ours?.message ?? s?.message ?? 'Unknown error') as Error & {
    code: number
    data?: unknown
  }
  error.code = (ours?.code && config.walletApiCodes[ours.code]) || 163
  if (ours?.code) error.data = { webwalletErrorCode: ours.code }
  return error
}

/**
 * The envelope to the wallet page in `frame()`: requests and subscriptions by id, sent to its exact origin;
 * answers taken only from that frame's window and origin (`answered` hears each one).
 * @example const channel = envelopeChannel(config, () => frame, () => {}, walletError); await channel.send('requestChainId')
 */
export function envelopeChannel(
  config: InjectedConfig,
  frame: () => HTMLIFrameElement | undefined,
  answered: () => void,
  errorOf: typeof walletError,
) {
  const pending = new Map<string, Pending>()
  const subscriptions = new Set<string>()
  const newId = () =>
    typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`
  const post = (message: unknown) =>
    frame()?.contentWindow?.postMessage(message, { targetOrigin: config.walletOrigin })
  window.addEventListener('message', (event) => {
    const from = frame()
    if (from === undefined || event.source !== from.contentWindow || event.origin !== config.walletOrigin)
      return
    const trpc = (
      event.data as { trpc?: { id?: unknown; result?: { type?: string; data?: unknown }; error?: unknown } }
    )?.trpc
    const id = typeof trpc?.id === 'string' ? trpc.id : undefined
    const call = id === undefined ? undefined : pending.get(id)
    if (!trpc || !call || id === undefined) return
    answered()
    if (trpc.error !== undefined) {
      pending.delete(id)
      call.reject(errorOf(config, trpc.error))
    } else if (subscriptions.has(id)) {
      if (trpc.result?.type === 'data' || trpc.result?.type === undefined) call.resolve(trpc.result?.data)
    } else {
      pending.delete(id)
      call.resolve(trpc.result?.data)
    }
  })
  return {
    send: (path: string, input?: unknown): Promise<unknown> =>
      new Promise((resolve, reject) => {
        const id = newId()
        pending.set(id, { resolve, reject })
        post({ trpc: { id, jsonrpc: '2.0', method: 'mutation', params: { path, input } } })
      }),
    subscribe(path: string, onData: (data: unknown) => void): void {
      const id = `${path}-${newId()}`
      subscriptions.add(id)
      pending.set(id, { resolve: onData, reject: () => pending.delete(id) })
      post({ trpc: { id, jsonrpc: '2.0', method: 'subscription', params: { path } } })
    },
    /** Fails every request and subscription waiting (the wallet page is gone). */
    failAll(error: unknown): void {
      for (const [id, waiting] of pending) {
        pending.delete(id)
        subscriptions.delete(id)
        waiting.reject(error)
      }
    },
  }
}

/**
 * Opens the channel (lazily: nothing loads before the first call, or the dapp's load event with `preload`);
 * `call` runs one wallet router procedure.
 * @example const { call } = openWalletFrame(config, events, { frameElements, envelopeChannel, walletError }); await call('requestChainId')
 */
export function openWalletFrame(config: InjectedConfig, events: FrameEvents, parts: FrameParts) {
  let frame: HTMLIFrameElement | undefined
  let overlay: HTMLDivElement | undefined
  let loaded: Promise<void> | undefined
  // Whether the loaded page answered anything yet, and the timer that gives up on it.
  let answered = false
  let silence: ReturnType<typeof setTimeout> | undefined
  const channel = parts.envelopeChannel(
    config,
    () => frame,
    () => {
      answered = true
      clearTimeout(silence)
    },
    parts.walletError,
  )
  const show = (visible: boolean) => {
    if (overlay) overlay.style.display = visible ? 'flex' : 'none'
  }
  // A page that answers nothing within the ready timeout (wallet-sim refused to be framed here, or is down)
  // fails every request sent so far and is removed; the next request tries again (wallet-sim started late).
  const giveUp = (error: unknown) => {
    clearTimeout(silence)
    overlay?.remove()
    overlay = frame = loaded = undefined
    channel.failAll(error)
  }
  // Its first answer (the subscriptions' start) proves it serves this site; silence fails everything.
  const listen = () => {
    clearTimeout(silence)
    answered = false
    const refusal = `${config.name} (wallet-sim at ${config.walletOrigin}) does not answer this site`
    silence = setTimeout(
      () => answered || giveUp(Object.assign(new Error(refusal), { code: 163 })),
      config.readyTimeoutMs,
    )
    channel.subscribe('updateModal', (event) => {
      const action = (event as { action?: string } | undefined)?.action
      if (action === 'show' || action === 'hide') show(action === 'show')
    })
    channel.subscribe('walletEvents', (event) => {
      const e = event as { type?: string; accounts?: string[]; chainId?: string }
      if (e.type === 'accountsChanged' && Array.isArray(e.accounts)) events.accounts(e.accounts)
      if (e.type === 'networkChanged') events.network(e.chainId, e.accounts)
    })
  }
  // The wallet page, loaded once; it stays hidden until it asks to be shown. Requests go out as soon as it
  // has loaded (its listener is up before its load event), not after a probe's round trip.
  const ensureFrame = (): Promise<void> => {
    loaded ??= new Promise<void>((resolve, fail) => {
      const mount = () => {
        const made = parts.frameElements(config)
        ;({ overlay, frame } = made)
        made.frame.addEventListener('load', () => {
          listen()
          resolve()
        })
        made.frame.addEventListener('error', () => {
          const error = new Error(`${config.name}: wallet-sim did not load`)
          giveUp(error)
          fail(error)
        })
        made.frame.src = new URL('/iframes/comms', config.walletOrigin).href
        ;(document.body ?? document.documentElement).append(made.overlay)
      }
      if (document.body) mount()
      else document.addEventListener('DOMContentLoaded', mount, { once: true })
    })
    return loaded
  }

  // Preloading waits for the dapp's load event (an iframe added before it would delay it); a page that does
  // not answer is tried again by the first request. Only a dapp's own top page preloads: the script runs in
  // every frame too (about:blank ones, the wallet's own page), which would frame the wallet again and again.
  const dappTop = window.top === window && /^https?:$/.test(location.protocol)
  if (config.preload && dappTop && location.origin !== config.walletOrigin) {
    const preload = () => void ensureFrame().catch(() => {})
    if (document.readyState === 'complete') preload()
    else window.addEventListener('load', preload, { once: true })
  }
  return {
    call: async (path: string, input?: unknown): Promise<unknown> => {
      await ensureFrame()
      return channel.send(path, input)
    },
  }
}
