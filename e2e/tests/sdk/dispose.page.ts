// The page of dispose.test.ts: an app bundled with the shim's sources that initialises the SDK again and again
// without disconnect() (an SPA remount, React StrictMode), with the default connector (the wallet in an
// iframe) and localStorage. The page counts the window listeners the SDK holds and the wallet frames.

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
const requests: Promise<unknown>[] = []

/** Inits one more SDK and starts a sign-in, so that its wallet frame is loaded; answers the counts then. */
async function mount(walletUrl: string): Promise<Counts> {
  const wallet = WebWallet.init({
    appName: 'dispose',
    environment: 'dev',
    urls: devUrls(walletUrl),
    sessionParams: { allowedMethods: [{ contract: '0xc0ffee', selector: 'increment' }] },
  })
  wallets.push(wallet)
  requests.push(wallet.requestConnection().catch((error: { code?: string }) => error.code))
  const started = Date.now()
  while (!document.querySelector('iframe') && Date.now() - started < 20_000) {
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return counts()
}

function counts(): Counts {
  return {
    message: live.get('message')?.size ?? 0,
    storage: live.get('storage')?.size ?? 0,
    iframes: document.querySelectorAll('iframe').length,
  }
}

/** What each instance answers now: the newest works (false: no session), the older ones are disposed. */
async function answers(): Promise<{ connected: (string | boolean)[]; requests: unknown[] }> {
  const connected = await Promise.all(
    wallets.map((w) => w.isConnected().catch((error: { code?: string }) => error.code ?? 'uncoded')),
  )
  // The older sign-ins ended when their frame went; the newest one still waits for the user.
  const settled = await Promise.all(
    requests.slice(0, -1).map((r) => Promise.race([r, new Promise((ok) => setTimeout(ok, 5000, 'pending'))])),
  )
  return { connected, requests: settled }
}

function disposeAll(): Counts {
  for (const wallet of wallets) wallet.dispose()
  return counts()
}

Object.assign(globalThis, { disposeTest: { mount, counts, answers, disposeAll } })
