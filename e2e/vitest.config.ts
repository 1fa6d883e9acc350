import { defineProject } from 'vitest/config'

// Journeys start real processes and a real Chromium: they run one file at a time.
export default defineProject({
  test: {
    name: 'e2e',
    include: ['tests/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
})
