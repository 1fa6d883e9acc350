// The hosted wallet's page (every route but the approval window): login storage, prompts, the wallet router
// served over postMessage to the dapp that embeds or opened it, and the React screens.
import { createWalletRouter } from '@webwallet/protocol/router'
import { createPromptQueue } from '@webwallet/wallet-sim/core'
import {
  browserStorage,
  checkEmbedding,
  createApprovalWindow,
  createModalSize,
  createPageClient,
  createPageEvents,
  createPageHandlers,
  createPopupFit,
  createRefusal,
  loginStorage,
  modalEvents,
  readAllowedDapps,
  serveWindow,
} from '@webwallet/wallet-sim/page'
import type { AppProps } from './screens/App'

/**
 * Starts the wallet page in `root`; `setTheme` applies a theme the dapp asks for.
 *
 * @example
 * startWalletPage(document.getElementById('root'), setTheme)
 */
export function startWalletPage(root: HTMLElement | null, setTheme: (theme: string | null) => void): void {
  // The allow-list the server put in the page: an iframe answers only listed embedders (CSP frame-ancestors
  // already keeps others out; this also holds where a proxy drops the header), a popup answers anyone but marks
  // the unlisted ones and never logs them in automatically.
  const embedding = checkEmbedding(
    { opener: window.opener, parent: window.parent, self: window, ancestorOrigins: location.ancestorOrigins },
    document.referrer,
    readAllowedDapps(document),
  )
  const refusal = createRefusal(embedding.refusedEmbedder)

  // The page's own login and logout tell the dapp's walletEvents subscription (pageEvents.ts).
  const storage = loginStorage(browserStorage(window))
  let loginChanged = () => {}
  const api = createPageClient({
    storage: {
      read: storage.read,
      write: (login) => {
        storage.write(login)
        loginChanged()
      },
      clear: () => {
        storage.clear()
        loginChanged()
      },
    },
  })
  const pageEvents = createPageEvents({ api, target: window, document })
  loginChanged = pageEvents.notify
  const prompts = createPromptQueue()
  const modalSize = createModalSize(prompts)
  const router = createWalletRouter({
    ...createPageHandlers({
      api,
      prompts,
      onTheme: setTheme,
      isListed: embedding.isListed,
      modal: (signal) => modalEvents(prompts, signal, modalSize),
    }),
    walletEvents: pageEvents.subscribe,
  })

  // A popup closes itself once the app has its answer, like the hosted wallet: at once when the user was
  // asked, after a short quiet time otherwise (starknetkit may send the next request right away).
  const QUIET_MS = 500
  let userWasAsked = false
  let inFlight = 0
  let closeTimer: ReturnType<typeof setTimeout> | undefined
  prompts.subscribe(() => {
    if (prompts.current() !== undefined) userWasAsked = true
  })
  serveWindow({
    router,
    window,
    referrer: document.referrer,
    createContext: (origin) => ({ origin }),
    ...(embedding.framed
      ? { accepts: (origin: string) => refusal.current() === undefined && embedding.isListed(origin) }
      : {}),
    onRefused: refusal.refuse,
    onRequest: () => {
      inFlight += 1
      clearTimeout(closeTimer)
    },
    onAnswered: () => {
      inFlight -= 1
      if (!window.opener || inFlight > 0 || prompts.current() !== undefined) return
      if (userWasAsked) window.close()
      else closeTimer = setTimeout(() => window.close(), QUIET_MS)
    },
  })
  window.addEventListener('beforeunload', () => prompts.rejectAll())
  // In a frame, a prompt the browser cannot prove visible can go on in the wallet's own window.
  const approvalWindow = embedding.framed
    ? createApprovalWindow({ window, prompts, login: storage.read })
    : undefined

  if (!root) return
  const props: AppProps = {
    api,
    prompts,
    route: location.pathname,
    selfOrigin: location.origin,
    isListed: embedding.isListed,
    framed: embedding.framed,
    // In the iframe the app's modal grows; a popup grows its own window.
    modalFit: embedding.framed ? modalSize.fit : window.opener ? createPopupFit(window) : undefined,
    refusal,
    approvalWindow,
  }
  mountScreensWhenAsked(root, props, embedding.framed, prompts, refusal)
}

/**
 * Mounts the React screens: at once in a window of its own, else (framed) once the wallet asks the user or
 * refuses its embedder.
 */
function mountScreensWhenAsked(
  root: HTMLElement,
  props: AppProps,
  framed: boolean,
  prompts: ReturnType<typeof createPromptQueue>,
  refusal: ReturnType<typeof createRefusal>,
): void {
  // The screens are most of the page's script. A framed page shows nothing until the wallet asks the user or
  // refuses its embedder, so it loads them then: a request answered hands-free never waits for them.
  let mounted = false
  const mount = () => {
    if (mounted) return
    mounted = true
    void import('./mountScreens').then(({ mountApp }) => mountApp(root, props))
  }
  if (!framed || refusal.current() !== undefined) {
    mount()
    return
  }
  prompts.subscribe(() => prompts.current() !== undefined && mount())
  refusal.subscribe(mount)
}
