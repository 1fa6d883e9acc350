import { defineProject } from 'vitest/config'
import { sourceConditions } from '../scripts/sourceConditions.ts'

export default defineProject({
  ...sourceConditions,
  test: {
    name: 'protocol',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    environment: 'node',
  },
})
