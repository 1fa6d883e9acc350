// @webwallet/wallet-sim/playwright: fixtures for @playwright/test. Each worker starts its own wallet-sim on
// a free port (hands-free for the project's baseURL origin); each test gets `wallet` (the simulator's
// controls, reset to the worker's defaults) and `dapp` (page helpers). Plain playwright-core users import
// the same helpers from '@webwallet/wallet-sim/playwright/core'.
import { test as base, expect } from '@playwright/test'
import { routeArgentToWalletSim } from './argent'
import { type WalletControl, walletControl } from './control'
import { type DappHelpers, dappHelpers } from './dapp'
import { type LaunchedWalletSim, type LaunchOptions, launchWalletSim } from './launch'

export interface WalletSimFixtures {
  /** The worker's wallet-sim: hands-free user, one-shot answers, inbox, funding, clock. */
  wallet: WalletControl
  /** Helpers for the dapp page under test (`page`). */
  dapp: DappHelpers
  /**
   * Route Argent's invisible SDK (`environment: 'dev'`) to the worker's wallet-sim: its wallet at
   * http://localhost:3005 and its fixed https hosts (cosigner, allow-list, paymaster, node). Default `true`
   * (`test.use({ argentRoutes: false })` to turn it off); the wallet route is left out when the project's
   * `baseURL` is http://localhost:3005 itself.
   */
  argentRoutes: boolean
  /**
   * Puts the chain back after each test as it was before it (devnet_snapshot before the test, devnet_revert
   * after), so tests never see each other's transactions, mints or clock moves. Default `false`
   * (`test.use({ revertChain: true })`); users and sessions are not chain state and stay.
   */
  revertChain: boolean
}

export interface WalletSimWorkerFixtures {
  /**
   * How each worker's wallet-sim starts (`test.use({ walletSimOptions: { … } })` or the config's `use`);
   * `dappOrigins` defaults to the origin of the project's `baseURL`.
   */
  walletSimOptions: LaunchOptions
  /** The worker's running wallet-sim. */
  walletSim: LaunchedWalletSim
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
  argentRoutes: [true, { option: true }],
  revertChain: [false, { option: true }],
  context: async ({ context, walletSim, argentRoutes, baseURL }, use) => {
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
