import { defineProject } from 'vitest/config'
import { sourceConditions } from '../../scripts/sourceConditions.ts'

// The devnet project: tests against starknet-devnet-rs (the real Cairo node), kept out of the main run because
// the binary may still be building when that run starts (scripts/devnet.mjs). `npm test` runs it as its own
// last step, once the binary is there; alone: `npx vitest run --project devnet`.
export default defineProject({
  ...sourceConditions,
  test: {
    name: 'devnet',
    include: ['**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
})
