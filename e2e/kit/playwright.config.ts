// The user-style suite of @webwallet/wallet-sim/playwright, run by the real @playwright/test runner against
// the system Chromium (CHROMIUM_PATH, else /usr/bin/chromium: `npx playwright install` cannot download here).
// One worker: the machine has 2 cores, and each worker starts its own wallet-sim.
import { defineConfig } from '@playwright/test'
import { DISABLE_FEATURES_ARG } from '../support/browser'

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  workers: 1,
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  timeout: 90_000,
  reporter: [['list']],
  outputDir: '../artifacts/kit',
  use: {
    headless: true,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      // DISABLE_FEATURES_ARG: Playwright's own disabled features and the omnibox popups' WebUI, which Chromium
      // builds for every new page (docs/playwright.md, Speed).
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', DISABLE_FEATURES_ARG],
    },
  },
})
