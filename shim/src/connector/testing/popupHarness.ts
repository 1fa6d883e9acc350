// A scripted popup for the connector's DOM tests: window.open gives a fake window whose other side is the
// test wallet router behind the test window handler, with the same origin and source rules as a browser.
// Like the hosted wallet, a page can close itself once it answered every request: `closing` windows drop what is
// posted to them while `closed` is still false (a cross-process popup says so late).
import { vi } from 'vitest'
import { createTestWalletRouter, createTestWalletState, type TestWalletState } from './wallet'
import { serveWindow } from './windowHandler'

export const WALLET = 'https://wallet.example'

export type FakePopup = {
  /** Where the window is: '' (blank) until the shim sends it to the wallet's route. */
  url: string
  location: { replace(url: string): void }
  closed: boolean
  closing: boolean
  close(): void
  postMessage(data: unknown, origin: string): void
}

export type PopupHarnessOptions = Partial<TestWalletState> & {
  /** Each new page sends the wallet's handshake by itself. */
  autoLoad?: boolean
  /** The page closes itself once it has answered (the hosted wallet after a prompt). */
  closeAfterAnswer?: boolean
}

export function popupHarness(options: PopupHarnessOptions = {}) {
  const { autoLoad, closeAfterAnswer, ...overrides } = options
  const host = window.location.origin
  const state = createTestWalletState(overrides)
  const walletSide = new EventTarget()
  const popups: FakePopup[] = []
  const posted: Array<{ path: unknown; to: FakePopup }> = []
  // Ids of the queries and mutations awaiting their answer: like the hosted wallet, the page closes once it
  // answered them all (a subscription's messages are no answer).
  const awaiting = new Set<unknown>()
  let current: FakePopup | undefined
  const hostProxy = {
    postMessage(data: unknown, origin: string) {
      const source = current
      if (origin !== host || !source || source.closed || source.closing) return
      const id = (data as { trpc?: { id?: unknown } })?.trpc?.id
      const answered = awaiting.delete(id)
      if (closeAfterAnswer && answered && awaiting.size === 0 && !source.closing) {
        source.closing = true
        setTimeout(() => (source.closed = true), 300) // the browser reports it a little later
      }
      queueMicrotask(() =>
        window.dispatchEvent(new MessageEvent('message', { data, origin: WALLET, source: source as never })),
      )
    },
  }
  serveWindow({
    router: createTestWalletRouter(state),
    listen: walletSide as never,
    hostOrigin: host,
    host: () => hostProxy as never,
  })
  const loaded = () => hostProxy.postMessage('TRPC_BROWSER::POPUP_LOADED', host)
  const opener = {
    screenX: 0,
    screenY: 0,
    outerWidth: 1000,
    outerHeight: 800,
    addEventListener: window.addEventListener.bind(window),
    removeEventListener: window.removeEventListener.bind(window),
    open: vi.fn((url?: string, _name?: string, _features?: string) => {
      const popup: FakePopup = {
        url: String(url),
        location: {
          replace(next: string) {
            popup.url = next
          },
        },
        closed: false,
        closing: false,
        close() {
          this.closed = true
        },
        postMessage(data: unknown, origin: string) {
          const trpc = (data as { trpc?: { id?: unknown; method?: unknown; params?: { path?: unknown } } })
            ?.trpc
          posted.push({ path: trpc?.params?.path, to: popup })
          if (trpc?.method === 'query' || trpc?.method === 'mutation') awaiting.add(trpc.id)
          if (origin !== WALLET || popup.closed || popup.closing) return
          queueMicrotask(() =>
            walletSide.dispatchEvent(
              new MessageEvent('message', { data, origin: host, source: hostProxy as never }),
            ),
          )
        },
      }
      popups.push(popup)
      current = popup
      if (autoLoad) queueMicrotask(loaded)
      return popup as unknown as Window
    }),
  }
  return { state, opener, popups, posted, loaded, probe: async () => {} }
}
