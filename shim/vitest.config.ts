import { defineProject } from 'vitest/config'
import { sourceConditions } from '../scripts/sourceConditions.ts'

export default defineProject({
  ...sourceConditions,
  test: {
    name: 'shim',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    environment: 'node',
    // No unit test reaches the network (src/testing/offline.ts).
    setupFiles: ['src/testing/offline.ts'],
  },
})
