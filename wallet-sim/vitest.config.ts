import { defineProject } from 'vitest/config'
import { sourceConditions } from '../scripts/sourceConditions.ts'

export default defineProject({
  ...sourceConditions,
  test: {
    name: 'wallet-sim',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'ui/src/**/*.test.ts', 'ui/src/**/*.test.tsx'],
    environment: 'node',
  },
})
