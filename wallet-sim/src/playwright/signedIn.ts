// Signed-in pages: once per worker, a browser context signs in to the dapp the way its users do (the `signIn`
// steps: the wallet logs the hands-free user in and signs the dapp's session, hands-free); then each test that
// asks for `signedInPage` gets a new page of that context, where the dapp finds its session and the wallet its
// login, so the test starts connected without the wallet's screens.
import type { Browser, BrowserContext, Page } from 'playwright-core'
import type { WalletControl } from './control'
import { type DappHelpers, dappHelpers } from './dapp'
import { addInjectedWallet, type InjectedIdentity } from './injected'

/** What the `signIn` steps get: a page of the context being signed in, its dapp helpers and the wallet. */
export interface SignInArgs {
  readonly page: Page
  readonly dapp: DappHelpers
  readonly wallet: WalletControl
}

/** The steps that connect the dapp once, as a test would (e.g. `dapp.goto('/')` then `dapp.connect(...)`). */
export type SignIn = (args: SignInArgs) => Promise<void>

/**
 * How the fixtures sign in (the `signIn` option): open `url` (default `/`, with `?wallet=`), click `button`
 * and wait until `address` (default the page) shows the account; or your own `steps`. An object, because
 * Playwright reads a function given to `test.use` as a fixture.
 */
export type SignInOption =
  | { readonly url?: string; readonly button: string; readonly address?: string }
  | { readonly steps: SignIn }

/** The steps of a `signIn` option. */
export function signInSteps(option: SignInOption): SignIn {
  if ('steps' in option) return option.steps
  return async ({ dapp }) => {
    await dapp.goto(option.url ?? '/')
    await dapp.connect({
      button: option.button,
      ...(option.address === undefined ? {} : { address: option.address }),
    })
  }
}

/**
 * A browser context of `browser` in which `signIn` ran once (its page is closed after); close it when done.
 *
 * @example
 * const context = await signedInContext(browser, walletControl(sim.url), async ({ dapp, page }) => {
 *   await dapp.goto('http://localhost:5173/')
 *   await dapp.connect({ button: page.getByRole('button', { name: 'Connect' }) })
 * })
 * const page = await context.newPage() // the dapp restores its session: connected, no wallet screen
 */
export async function signedInContext(
  browser: Browser,
  wallet: WalletControl,
  signIn: SignIn,
  options: { baseURL?: string | undefined; injectedWallet?: InjectedIdentity | false } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext(options.baseURL === undefined ? {} : { baseURL: options.baseURL })
  try {
    if (options.injectedWallet) await addInjectedWallet(context, wallet.url, options.injectedWallet)
    const page = await context.newPage()
    await signIn({ page, dapp: dappHelpers(page, wallet, options), wallet })
    await page.close()
    return context
  } catch (error) {
    await context.close()
    throw error
  }
}

/** A worker's signed-in contexts, one per sign-in and dapp URL, each signed in on first use. */
export interface SignedInContexts {
  /** The context `signIn` ran in for `baseURL` (signing in now on first use), with the injected wallet if asked. */
  get(
    signIn: SignInOption,
    baseURL: string | undefined,
    injectedWallet?: InjectedIdentity | false,
  ): Promise<BrowserContext>
  /** Closes every context. */
  close(): Promise<void>
}

/**
 * The signed-in contexts of one worker: the first test that needs one signs in, the next ones reuse it.
 * @example const contexts = signedInContexts(browser, wallet); const context = await contexts.get({ button: '#connect' }, url)
 */
export function signedInContexts(browser: Browser, wallet: WalletControl): SignedInContexts {
  const made = new Map<SignInOption, Map<string, Promise<BrowserContext>>>()
  return {
    get(signIn, baseURL, injectedWallet = false) {
      const byUrl = made.get(signIn) ?? new Map<string, Promise<BrowserContext>>()
      made.set(signIn, byUrl)
      const key = `${baseURL ?? ''} ${injectedWallet || ''}`
      let context = byUrl.get(key)
      if (context === undefined) {
        context = signedInContext(browser, wallet, signInSteps(signIn), { baseURL, injectedWallet })
        // A failed sign-in is tried again by the next test rather than failing every later one with it.
        context.catch(() => byUrl.delete(key))
        byUrl.set(key, context)
      }
      return context
    },
    async close() {
      const all = [...made.values()].flatMap((byUrl) => [...byUrl.values()])
      made.clear()
      await Promise.all(all.map((context) => context.then((c) => c.close()).catch(() => {})))
    },
  }
}
