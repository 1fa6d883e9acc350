// The page mode of the wallet core (the iframe and popup pages): the login screen, the prompt screens (the
// core's prompt queue, rendered by ui/src), and the /wallet/api HTTP client (client.ts), whose answers are
// parsed by protocol's service schemas.
import type { ModalEvent, Theme } from '@webwallet/protocol'
import { isWebWalletError } from '@webwallet/protocol/errors'
import type { WalletContext, WalletHandlers } from '@webwallet/protocol/router'
import { createWalletHandlers, type PromptQueue, type WalletBackend, type WalletMode } from '../core'
import type { PageClient } from './client'
import { createPageUsers, type PageUser } from './pageUser'

export interface PageModeDependencies {
  api: PageClient
  prompts: PromptQueue
  /** The dapp asked for a theme (connectWebwallet, connectAndSignSession). */
  onTheme?: (theme: Theme) => void
  /**
   * Whether an origin is on the dapp allow-list. Only listed origins get the simulator's automatic login
   * (`--approve auto`); an unlisted one (a popup opened by any site) always goes through the screens.
   */
  isListed: (origin: string) => boolean
  /**
   * The dapp's modal as the screens drive it (updateModal: show at a screen's size and title, hide, grow);
   * default: a silent subscription (no modal).
   */
  modal?: (signal: AbortSignal | undefined) => AsyncIterable<ModalEvent>
}

/**
 * The wallet backend over `/wallet/api`.
 *
 * @example
 * const backend = createHttpBackend(createPageClient({ storage }))
 */
export function createHttpBackend(api: PageClient): WalletBackend<PageUser> {
  return {
    address: (account) => account.address,
    chainId: () => api.chainId(),
    // Read with the account in this request when it was (GET /account?origin=), else asked now.
    isConnected: async ({ permission }, origin) =>
      permission?.origin === origin ? permission.connected : api.isConnected(origin),
    connect: async (_account, origin) => {
      await api.connect(origin)
    },
    // The server checks again with the same checks (WalletService.checkTypedData).
    feeTokens: (account) => account.feeTokens,
    signTypedData: (_account, origin, typedData) => api.signTypedData(origin, typedData),
    signSession: (_account, origin, request) => api.signSession(origin, request),
    execute: (_account, origin, calls) => api.execute(origin, calls),
    deploymentData: (_account, origin) => api.deploymentData(origin),
  }
}

/**
 * The page mode.
 *
 * @example
 * const router = createWalletRouter(createWalletHandlers(createPageMode({ api, prompts, isListed })))
 */
export function createPageMode(
  deps: PageModeDependencies,
  // Alone, it reads the account for every request: reusing one needs createPageHandlers' re-run.
  users = createPageUsers(deps.api, () => false),
): WalletMode<PageUser> {
  const { api, prompts } = deps
  const backend = createHttpBackend(api)
  return {
    // The stored login; one the server no longer honours is forgotten, and the login screen follows. With no
    // login, a hands-free dapp (--approve auto|reject, its exact origin: the server decides) is logged in
    // without asking, as its first prompt would be: where the browser blocks the framed page's storage, its
    // login lasts one page, and a silent read after a reload must see the connection the dapp made.
    async user(ctx) {
      if (!api.isLoggedIn() && !(deps.isListed(ctx.origin) && (await api.devLogin(ctx.origin))))
        return undefined
      try {
        return await users.read(ctx)
      } catch (error) {
        if (!isWebWalletError(error, 'USER_LOGGED_OUT')) throw error
        await api.logout().catch(() => {})
        return undefined
      }
    },
    async logIn(ctx: WalletContext) {
      const automatic = deps.isListed(ctx.origin) && (await api.devLogin(ctx.origin))
      if (automatic || (await prompts.ask({ kind: 'login' }, ctx.origin, { signal: ctx.signal })))
        return users.read(ctx)
      return undefined
    },
    // A token handed over by the embedding dapp never becomes the page's login: it would sign the user
    // into an account of the dapp's choosing (login CSRF). wallet-sim has no SSO provider: e-mail login.
    ssoUser: async () => undefined,
    /**
     * The simulator's hands-free answer for a listed dapp (auto, reject, a test's one-shot answer; the
     * server checks the origin again), else the prompt on screen.
     */
    approve: (prompt, ctx, options) =>
      prompts.ask(prompt, ctx.origin, {
        signal: ctx.signal,
        connectAndSign: options?.connectAndSign,
        ...(deps.isListed(ctx.origin) ? { decision: users.proved(ctx, () => api.decide(ctx.origin)) } : {}),
      }),
    // The page's stored login ends (server and storage); its logout reaches the dapps' walletEvents.
    async logOut() {
      if (!api.isLoggedIn()) return false
      await api.logout()
      return true
    },
    // The server knows the sessions this origin holds; an expired login answers {isLoggedIn: false}.
    loginStatus: (ctx) => api.loginStatus(ctx.origin),
    // The screens' modal and theme; without a modal, updateModal stays silent (the core's default).
    modal: {
      ...(deps.modal ? { events: deps.modal } : {}),
      ...(deps.onTheme ? { theme: deps.onTheme } : {}),
    },
    backend: {
      ...backend,
      isConnected: (user, origin) => users.proved(user, () => backend.isConnected(user, origin)),
    },
  }
}

/**
 * The wallet router's handlers in the wallet page: the wallet core over the page mode (a prompt, then signing).
 *
 * @example
 * const router = createWalletRouter(createPageHandlers({ api, prompts, isListed }))
 */
export function createPageHandlers(deps: PageModeDependencies): WalletHandlers {
  const users = createPageUsers(deps.api, deps.isListed)
  return users.retrying(createWalletHandlers(createPageMode(deps, users)))
}
