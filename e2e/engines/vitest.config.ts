import { defineConfig } from 'vitest/config'
import { sourceConditions } from '../../scripts/sourceConditions.ts'

// The browser journeys on Firefox (firefox-esr over WebDriver BiDi) and WebKit (WebKitWebDriver): a config of
// their own, run by `npm run engines` and as its own `npm test` step (not by the root config's projects), so
// an engine that cannot be installed or started is skipped with a printed line and the rest runs as before.
export default defineConfig({
  ...sourceConditions,
  root: import.meta.dirname,
  test: {
    name: 'engines',
    include: ['*.test.ts'],
    environment: 'node',
    testTimeout: 90_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    // As the Chromium journeys (e2e/vitest.config.ts): once more under CI, named by scripts/flakyReporter.mjs.
    retry: process.env.CI ? 1 : 0,
  },
})
