import { defineProject } from 'vitest/config'
import { sourceConditions } from '../../scripts/sourceConditions.ts'

// The browser journeys on Firefox (firefox-esr over WebDriver BiDi) and WebKit (WebKitWebDriver): their own
// project and `npm test` step, so an engine that cannot be installed or started is skipped with a line.
export default defineProject({
  ...sourceConditions,
  test: {
    name: 'engines',
    include: ['*.test.ts'],
    environment: 'node',
    testTimeout: 90_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
})
