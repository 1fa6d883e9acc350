// The page of dispose.test.ts: an app bundled with the shim's sources that initialises the SDK again and again
// without disconnect() (an SPA remount, React StrictMode), with the default connector (the wallet in an
// iframe) and localStorage; each sign-in is left by the user (its signal). The page counts the window listeners the SDK holds and the wallet frames.

import { devUrls, WebWallet } from '@webwallet/shim'

// Live window listeners by type: added minus removed (the same listener object).
const live = new Map<string, Set<unknown>>()
const add = window.addEventListener.bind(window)
const remove = window.removeEventListener.bind(window)
window.addEventListener = ((type: string, listener: unknown, options?: unknown) => {
  if (!live.has(type)) live.set(type, new Set())
  live.get(type)?.add(listener)
  add(type, listener as EventListener, options as AddEventListenerOptions)
}) as typeof window.addEventListener
window.removeEventListener = ((type: string, listener: unknown, options?: unknown) => {
  live.get(type)?.delete(listener)
  remove(type, listener as EventListener, options as EventListenerOptions)
}) as typeof window.removeEventListener

export interface Counts {
  readonly message: number
  readonly storage: number
  readonly iframes: number
}

const wallets: WebWallet[] = []

/**
 * Inits one more SDK and starts a sign-in, so that its wallet frame loads, then lets the user close it (the
 * request's signal); answers the counts then.
 */
async function mount(walletUrl: string): Promise<Counts> {
  const wallet = WebWallet.init({
    appName: 'dispose',
    environment: 'dev',
    urls: devUrls(walletUrl),
    sessionParams: { allowedMethods: [{ contract: '0xc0ffee', selector: 'increment' }] },
  })
  wallets.push(wallet)
  await signInAndLeave(wallet)
  return counts()
}

async function signInAndLeave(wallet: WebWallet): Promise<string | undefined> {
  const stop = new AbortController()
  const request = wallet.requestConnection({ signal: stop.signal }).then(
    () => undefined,
    (error: { code?: string }) => error.code,
  )
  await iframeAdded(20_000)
  stop.abort()
  return request
}

/** Resolves once the page has an iframe (the wallet's), or after `ms` without one. */
function iframeAdded(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      observer.disconnect()
      clearTimeout(timer)
      resolve()
    }
    const observer = new MutationObserver(() => {
      if (document.querySelector('iframe')) done()
    })
    const timer = setTimeout(done, ms)
    observer.observe(document, { childList: true, subtree: true })
    if (document.querySelector('iframe')) done()
  })
}

function counts(): Counts {
  return {
    message: live.get('message')?.size ?? 0,
    storage: live.get('storage')?.size ?? 0,
    iframes: document.querySelectorAll('iframe').length,
  }
}

/** What each instance answers now, and the oldest one used again (it opens its own wallet frame). */
async function answers(): Promise<{ connected: unknown[]; reused: unknown; counts: Counts }> {
  const connected = await Promise.all(
    wallets.map((w) => w.isConnected().catch((error: { code?: string }) => error.code ?? 'uncoded')),
  )
  const reused = await signInAndLeave(wallets[0] as WebWallet)
  return { connected, reused, counts: counts() }
}

async function disposeAll(): Promise<{ counts: Counts; after: unknown }> {
  for (const wallet of wallets) wallet.dispose()
  const after = await (wallets[0] as WebWallet).connect().catch((error: { code?: string }) => error.code)
  return { counts: counts(), after }
}

Object.assign(globalThis, { disposeTest: { mount, counts, answers, disposeAll } })
