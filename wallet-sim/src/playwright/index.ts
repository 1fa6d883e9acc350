// @webwallet/wallet-sim/playwright: fixtures for @playwright/test. Each worker starts its own wallet-sim on
// a free port (hands-free for the project's baseURL origin); each test gets `wallet` (the simulator's
// controls, reset to the worker's defaults) and `dapp` (page helpers). Plain playwright-core users import
// the same helpers from '@webwallet/wallet-sim/playwright/core'.
import { test as base, expect, type Page } from '@playwright/test'
import { routeArgentToWalletSim } from './argent'
import { type WalletControl, walletControl } from './control'
import { type DappHelpers, dappHelpers } from './dapp'
import { addInjectedWallet, type InjectedIdentity } from './injected'
import { type LaunchedWalletSim, type LaunchOptions, launchWalletSim } from './launch'
import { type SignedInContexts, type SignInOption, signedInContexts } from './signedIn'
import { signedInPages } from './signedInPage'

/**
 * The per-test fixtures of `@webwallet/wallet-sim/playwright`: `wallet` (control the worker's wallet-sim),
 * `dapp` (drive the dapp's page and the wallet's iframe or popup) and `signedInPage`.
 * @example test('plays', async ({ page, dapp, wallet }) => { await wallet.rejectNext() })
 */
export interface WalletSimFixtures {
  /** The worker's wallet-sim: hands-free user, one-shot answers, inbox, funding, clock. */
  wallet: WalletControl
  /** Helpers for the dapp page under test (`page`). */
  dapp: DappHelpers
  /**
   * Route Argent's invisible SDK (`environment: 'dev'`) to the worker's wallet-sim: its wallet at
   * http://localhost:3005 and its fixed https hosts (cosigner, allow-list, paymaster, node). Default `true`,
   * but `false` when `injectedWallet` is set (`test.use({ argentRoutes: … })` decides either way): any route
   * makes Playwright pause every request of the context and turn its HTTP cache off. The wallet route is
   * left out when the project's `baseURL` is http://localhost:3005 itself.
   */
  argentRoutes: boolean
  /**
   * Puts the chain back after each test as it was before it (devnet_snapshot before the test, devnet_revert
   * after), so tests never see each other's transactions, mints or clock moves. Default `false`
   * (`test.use({ revertChain: true })`); users and sessions are not chain state and stay.
   */
  revertChain: boolean
  /**
   * wallet-sim's injected wallet in every page and popup of the test's context (an init script): `'walletsim'`
   * (`window.starknet_walletsim`), `'argentX'` or `'braavos'` (the ids, names and icons dapps look for), or
   * `false` (default) for none. Its prompts are the wallet's own screens, answered hands-free for the dapp.
   */
  injectedWallet: InjectedIdentity | false
  /**
   * A page of the worker's signed-in context (see `signIn`): the dapp restores its session and the wallet
   * its login there, so the test starts connected without a wallet screen. Handed to the next signed-in test
   * after a reset (listeners removed, sessionStorage cleared, about:blank), or closed if the test changed
   * what a navigation keeps (an init script, a route, the viewport…): see `signedInPages`.
   */
  signedInPage: Page
  /**
   * How the signed-in context connects the dapp, once per worker, hands-free (`test.use({ signIn: { button:
   * '[data-testid=connect]' } })`, or `{ steps: async ({ page, dapp, wallet }) => … }`). Needed by `signedInPage`.
   */
  signIn: SignInOption | undefined
}

/**
 * The per-worker fixtures: one wallet-sim per `@playwright/test` worker, started on a free port.
 * @example test.use({ walletSimOptions: { seed: 1 } })
 */
export interface WalletSimWorkerFixtures {
  /**
   * How each worker's wallet-sim starts (`test.use({ walletSimOptions: { … } })` or the config's `use`);
   * `dappOrigins` defaults to the origin of the project's `baseURL`.
   */
  walletSimOptions: LaunchOptions
  /** The worker's running wallet-sim. */
  walletSim: LaunchedWalletSim
  /** The worker's signed-in contexts (one per `signIn` and `baseURL`; each `signedInPage` is a page of one). */
  signedInContexts: SignedInContexts
}

/**
 * `@playwright/test`'s `test` with the `wallet` and `dapp` fixtures.
 *
 * @example
 * import { expect, test } from '@webwallet/wallet-sim/playwright'
 *
 * test('connects hands-free', async ({ page, wallet, dapp }) => {
 *   await dapp.goto('/')
 *   const address = await dapp.connect({ button: page.getByRole('button', { name: 'Connect' }) })
 *   await wallet.rejectNext()
 *   await page.getByRole('button', { name: 'Send' }).click()
 *   await expect(page.getByText('User rejected request')).toBeVisible()
 * })
 */
export const test = base.extend<WalletSimFixtures, WalletSimWorkerFixtures>({
  walletSimOptions: [{}, { scope: 'worker', option: true }],
  // An injected-wallet dapp never calls Argent's hosts: its tests need not pay for request interception.
  argentRoutes: [async ({ injectedWallet }, use) => use(injectedWallet === false), { option: true }],
  signIn: [undefined, { option: true }],
  revertChain: [false, { option: true }],
  injectedWallet: [false, { option: true }],
  context: async ({ context, walletSim, argentRoutes, baseURL, injectedWallet }, use) => {
    if (injectedWallet !== false) await addInjectedWallet(context, walletSim.url, injectedWallet)
    if (argentRoutes) {
      const skipWebWallet = baseURL !== undefined && new URL(baseURL).origin === 'http://localhost:3005'
      await routeArgentToWalletSim(context, walletSim.url, { skipWebWallet })
    }
    await use(context)
  },
  walletSim: [
    async ({ walletSimOptions }, use, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL
      const dappOrigins = walletSimOptions.dappOrigins ?? (baseURL ? [new URL(baseURL).origin] : [])
      const sim = await launchWalletSim({ ...walletSimOptions, dappOrigins })
      try {
        await use(sim)
      } finally {
        await sim.close()
      }
    },
    { scope: 'worker' },
  ],
  signedInContexts: [
    async ({ browser, walletSim }, use) => {
      const contexts = signedInContexts(browser, walletControl(walletSim.url))
      await use(contexts)
      await contexts.close()
    },
    { scope: 'worker' },
  ],
  signedInPage: async ({ signedInContexts, signIn, baseURL, injectedWallet }, use) => {
    if (signIn === undefined)
      throw new Error(
        "signedInPage needs to know how to sign in: test.use({ signIn: { button: 'text=Connect' } })",
      )
    const pages = signedInPages(await signedInContexts.get(signIn, baseURL, injectedWallet))
    const page = await pages.take()
    await use(page)
    await pages.release(page)
  },
  wallet: async ({ walletSim, revertChain }, use) => {
    const control = walletControl(walletSim.url)
    await control.reset(walletSim.defaults)
    const before = revertChain ? await control.snapshot() : undefined
    await use(control)
    if (before !== undefined) await control.revert(before)
  },
  dapp: async ({ page, wallet, baseURL }, use) => {
    await use(dappHelpers(page, wallet, { baseURL }))
  },
})

export * from './core'
export { expect }
