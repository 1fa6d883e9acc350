import { defineProject } from 'vitest/config'
import { sourceConditions } from '../../../scripts/sourceConditions.ts'

// The third-party clients' suites (starknetkit, invisible-sdk, starknet-react, get-starknet, starknet.js 6/7,
// x-sessions, AVNU) against wallet-sim: the e2e project's settings, as a project of their own so that `npm test`
// runs them in the lane beside the main one (scripts/test.mjs); alone: `npx vitest run --project compat`.
export default defineProject({
  ...sourceConditions,
  test: {
    name: 'compat',
    include: ['**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    // A single worker: after the projects that run files side by side, as the e2e project (e2e/vitest.config.ts).
    sequence: { groupOrder: 1 },
    // One module graph for every file, and one Chromium they lease, as in the e2e project (e2e/vitest.config.ts).
    isolate: false,
    setupFiles: ['../../support/setupSharedBrowser.ts'],
    retry: process.env.CI ? 1 : 0,
  },
})
