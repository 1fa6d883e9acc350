import { defineConfig } from '@playwright/test'

const PORT = 5174

export default defineConfig({
  testDir: 'tests',
  // Each worker starts its own wallet-sim in-process: one is plenty for a small suite.
  workers: 1,
  use: {
    // Its origin is the dapp each worker's wallet-sim answers hands-free (walletSimOptions.dappOrigins).
    baseURL: `http://localhost:${PORT}`,
    // The system's Chromium when CHROMIUM_PATH names it (where `npx playwright install` cannot download);
    // else the browser `npx playwright install chromium` fetched.
    launchOptions: process.env.CHROMIUM_PATH
      ? { executablePath: process.env.CHROMIUM_PATH, args: ['--no-sandbox'] }
      : {},
  },
  webServer: {
    command: 'npm run dev',
    url: `http://localhost:${PORT}`,
    reuseExistingServer: !process.env.CI,
  },
})
