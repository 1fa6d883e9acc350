import { defineProject } from 'vitest/config'
import { sourceConditions } from '../scripts/sourceConditions.ts'

// Journeys start real processes and a real Chromium: they run one file at a time.
export default defineProject({
  ...sourceConditions,
  test: {
    name: 'e2e',
    include: ['tests/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    // Real browsers and processes on a shared 2-core CI runner: a journey that fails once under a load spike
    // runs again (as Playwright's own CI default does); scripts/flakyReporter.mjs names it at the end.
    retry: process.env.CI ? 1 : 0,
  },
})
