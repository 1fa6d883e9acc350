// The suite's own fixtures on top of the published ones: each worker serves the two dapps and hands their
// origins to its wallet-sim (the only pages it answers hands-free).
import { test as base } from '@webwallet/wallet-sim/playwright'
import { serveInjectedDapp } from './injectedSite'
import { type Site, serveDemo, serveInvisibleSdkApp, serveStarknetkitDapp } from './sites'

export const test = base.extend<
  object,
  { demoSite: Site; kitSite: Site; argentSite: Site; injectedSite: Site }
>({
  // The demo is "the app" of this suite, as a user's config would set it: dapp.goto('/') opens it.
  baseURL: async ({ demoSite }, use) => {
    await use(demoSite.origin)
  },
  demoSite: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const site = await serveDemo()
      await use(site)
      await site.close()
    },
    { scope: 'worker' },
  ],
  kitSite: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const site = await serveStarknetkitDapp()
      await use(site)
      await site.close()
    },
    { scope: 'worker' },
  ],
  argentSite: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const site = await serveInvisibleSdkApp()
      await use(site)
      await site.close()
    },
    { scope: 'worker' },
  ],
  injectedSite: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const site = await serveInjectedDapp()
      await use(site)
      await site.close()
    },
    { scope: 'worker' },
  ],
  walletSimOptions: [
    async ({ demoSite, kitSite, argentSite, injectedSite }, use) => {
      await use({ dappOrigins: [demoSite.origin, kitSite.origin, argentSite.origin, injectedSite.origin] })
    },
    { scope: 'worker' },
  ],
})

export { expect } from '@webwallet/wallet-sim/playwright'
