// The injected wallet's channel to wallet-sim, as it runs in the dapp's page: the wallet's own page (/iframes/comms)
// in a hidden iframe, loaded on the first request and shown while the wallet asks, and the hosted wallet's
// postMessage envelope to it (exact target origin; answers only from that frame's window and origin). Sent to
// the page as source text with the rest of the script (script.ts): no imports, no outside names.
import type { InjectedConfig } from './pageConfig'

type Pending = { resolve: (value: unknown) => void; reject: (error: unknown) => void }

/** What the channel tells the wallet object: the accounts and the network the wallet pushes. */
export interface FrameEvents {
  accounts(accounts: string[]): void
  network(chainId: string | undefined, accounts: string[] | undefined): void
}

/**
 * Opens the channel (lazily: nothing loads before the first call, or the dapp's load event with `preload`);
 * `call` runs one wallet router procedure.
 * @example const { call } = openWalletFrame(config, events); await call('requestChainId')
 */
export function openWalletFrame(config: InjectedConfig, events: FrameEvents) {
  const pending = new Map<string, Pending>()
  let frame: HTMLIFrameElement | undefined
  let overlay: HTMLDivElement | undefined
  let loaded: Promise<void> | undefined
  // Whether the loaded page answered anything yet, and the timer that gives up on it.
  let answered = false
  let silence: ReturnType<typeof setTimeout> | undefined

  const refuse = (message: string, code = 163) => Object.assign(new Error(message), { code })
  const newId = () =>
    typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`
  const post = (message: unknown) =>
    frame?.contentWindow?.postMessage(message, { targetOrigin: config.walletOrigin })
  const subscribe = (path: string, onData: (data: unknown) => void) => {
    const id = `${path}-${newId()}`
    pending.set(id, { resolve: onData, reject: () => pending.delete(id) })
    post({ trpc: { id, jsonrpc: '2.0', method: 'subscription', params: { path } } })
  }
  const send = (path: string, input?: unknown): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const id = newId()
      pending.set(id, { resolve, reject })
      post({ trpc: { id, jsonrpc: '2.0', method: 'mutation', params: { path, input } } })
    })
  const show = (visible: boolean) => {
    if (overlay) overlay.style.display = visible ? 'flex' : 'none'
  }

  // The wallet page, loaded once on the first request; it stays hidden until it asks to be shown. Requests go
  // out as soon as it has loaded (its listener is up before its load event), not after a probe's round trip.
  // A page that answers nothing within the ready timeout (wallet-sim refused to be framed here, or is down)
  // fails every request sent so far and is removed; the next request tries again (wallet-sim started late).
  const ensureFrame = (): Promise<void> => {
    loaded ??= new Promise<void>((resolve, fail) => {
      const giveUp = (error: unknown) => {
        clearTimeout(silence)
        overlay?.remove()
        overlay = undefined
        frame = undefined
        loaded = undefined
        for (const [id, waiting] of pending) {
          pending.delete(id)
          waiting.reject(error)
        }
        fail(error)
      }
      const mount = () => {
        const { width, height, zIndex, sandbox, allow } = config.frame
        overlay = document.createElement('div')
        overlay.setAttribute('data-wallet-sim', config.id)
        overlay.style.cssText = `position:fixed;inset:0;z-index:${zIndex};display:none;align-items:center;justify-content:center;background:rgba(0,0,0,.5)`
        frame = document.createElement('iframe')
        frame.title = config.name
        frame.setAttribute('sandbox', sandbox)
        frame.setAttribute('allow', allow)
        frame.style.cssText = `width:${width}px;height:${height}px;max-width:calc(100vw - 16px);max-height:calc(100vh - 32px);border:0;border-radius:24px;background:#1c1c1c`
        frame.addEventListener('load', () => {
          // Its first answer (the subscriptions' start) proves it serves this site; silence fails everything.
          clearTimeout(silence)
          answered = false
          silence = setTimeout(
            () =>
              answered ||
              giveUp(
                refuse(`${config.name} (wallet-sim at ${config.walletOrigin}) does not answer this site`),
              ),
            config.readyTimeoutMs,
          )
          subscribe('updateModal', (event) => {
            const action = (event as { action?: string } | undefined)?.action
            if (action === 'show' || action === 'hide') show(action === 'show')
          })
          subscribe('walletEvents', (event) => {
            const e = event as { type?: string; accounts?: string[]; chainId?: string }
            if (e.type === 'accountsChanged' && Array.isArray(e.accounts)) events.accounts(e.accounts)
            if (e.type === 'networkChanged') events.network(e.chainId, e.accounts)
          })
          resolve()
        })
        frame.addEventListener('error', () => giveUp(new Error(`${config.name}: wallet-sim did not load`)))
        frame.src = new URL('/iframes/comms', config.walletOrigin).href
        overlay.append(frame)
        ;(document.body ?? document.documentElement).append(overlay)
      }
      if (document.body) mount()
      else document.addEventListener('DOMContentLoaded', mount, { once: true })
    })
    return loaded
  }

  window.addEventListener('message', (event) => {
    if (frame === undefined || event.source !== frame.contentWindow || event.origin !== config.walletOrigin)
      return
    const trpc = (
      event.data as { trpc?: { id?: unknown; result?: { type?: string; data?: unknown }; error?: unknown } }
    )?.trpc
    const call = typeof trpc?.id === 'string' ? pending.get(trpc.id) : undefined
    if (!trpc || !call) return
    answered = true
    clearTimeout(silence)
    const id = trpc.id as string
    const subscription = id.startsWith('updateModal-') || id.startsWith('walletEvents-')
    if (trpc.error !== undefined) {
      pending.delete(id)
      call.reject(walletError(trpc.error))
    } else if (subscription) {
      if (trpc.result?.type === 'data' || trpc.result?.type === undefined) call.resolve(trpc.result?.data)
    } else {
      pending.delete(id)
      call.resolve(trpc.result?.data)
    }
  })

  // A wallet-API error (`code` 113 for a refusal, 163 when there is no better one), our code in `data`.
  const walletError = (shape: unknown): Error => {
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

  const call = async (path: string, input?: unknown): Promise<unknown> => {
    await ensureFrame()
    return send(path, input)
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
  return { call }
}
