// The user-style suite of @webwallet/wallet-sim/playwright, run by the real @playwright/test runner against
// the system Chromium (CHROMIUM_PATH, else /usr/bin/chromium: `npx playwright install` cannot download here).
// One worker: the machine has 2 cores, and each worker starts its own wallet-sim.
import { defineConfig } from '@playwright/test'

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
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    },
  },
})
