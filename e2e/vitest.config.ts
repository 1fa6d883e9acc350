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
  },
})
