import { defineProject } from 'vitest/config'
import { sourceConditions } from '../scripts/sourceConditions.ts'

// Journeys start real processes and a real Chromium: they run one file at a time.
export default defineProject({
  ...sourceConditions,
  test: {
    name: 'e2e',
    include: ['tests/**/*.test.ts'],
    // The third-party clients' suites are a project of their own (tests/compat/vitest.config.ts).
    exclude: ['tests/compat/**'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    // After the unit projects, which then have every core (scripts/test.mjs gives them --maxWorkers): Vitest runs
    // the projects of one groupOrder in one pool of a single worker count, so with this file's single worker
    // in theirs it ran every unit file one at a time as well (and refused to start on a machine of 3+ cores).
    sequence: { groupOrder: 1 },
    // One worker runs every file in one module graph: starknet.js, the shim and wallet-sim load once, not once
    // per file (a fresh import per file cost about 1.4 s each). Each file starts and stops its own servers;
    // its browser is a lease of the worker's one Chromium (support/sharedBrowser.ts: a launch and close per
    // file cost about a second each), closed with its contexts. No file mocks modules or stubs globals.
    isolate: false,
    setupFiles: ['support/setupSharedBrowser.ts'],
    // Real browsers and processes on a shared 2-core CI runner: a journey that fails once under a load spike
    // runs again (as Playwright's own CI default does); scripts/flakyReporter.mjs names it at the end.
    retry: process.env.CI ? 1 : 0,
  },
})
