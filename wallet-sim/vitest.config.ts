import { defineProject } from 'vitest/config'

export default defineProject({
  test: {
    name: 'wallet-sim',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'ui/src/**/*.test.ts', 'ui/src/**/*.test.tsx'],
    environment: 'node',
  },
})
