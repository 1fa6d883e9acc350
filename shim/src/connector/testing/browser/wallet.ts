// The wallet page of the Chromium tests: the test wallet router served over postMessage to the host
// that embeds (iframe) or opened (popup) it, with the popup handshake. Controlled through window.walletTest.
import { POPUP_LOADED_MESSAGE } from '@webwallet/protocol'
import { createTestWalletRouter, createTestWalletState } from '../wallet'
import { serveWindow } from '../windowHandler'

const hostOrigin = (window as unknown as { HOST_ORIGIN: string }).HOST_ORIGIN
const host = (): Window | null => window.opener ?? (window.parent !== window ? window.parent : null)
const state = createTestWalletState()
let release = () => {}
const requests: Array<{ id: unknown; path: unknown }> = []

window.addEventListener('message', (event) => {
  const trpc = (event.data as { trpc?: { id?: unknown; params?: { path?: unknown } } } | null)?.trpc
  if (event.origin === hostOrigin && trpc?.params) requests.push({ id: trpc.id, path: trpc.params.path })
})
if ((window as unknown as { WALLET_HOLDS?: boolean }).WALLET_HOLDS) {
  state.hold = new Promise<void>((resolve) => {
    release = resolve
  })
}
serveWindow({ router: createTestWalletRouter(state), listen: window, hostOrigin, host })
if (window.opener) window.opener.postMessage(POPUP_LOADED_MESSAGE, hostOrigin)

;(window as unknown as { walletTest: unknown }).walletTest = {
  state,
  requests,
  hold() {
    state.hold = new Promise<void>((resolve) => {
      release = resolve
    })
  },
  release() {
    state.hold = undefined
    release()
  },
  modal(update: unknown) {
    for (const push of state.modal) push(update)
  },
  /** Leaves for another origin while the host still holds this window (the eavesdropper test). */
  navigate(url: string) {
    location.href = url
  },
}
