import { defineProject } from 'vitest/config'
import { sourceConditions } from '../scripts/sourceConditions.ts'

export default defineProject({
  ...sourceConditions,
  test: {
    name: 'wallet-sim',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'ui/src/**/*.test.ts', 'ui/src/**/*.test.tsx'],
    environment: 'node',
    // Node 20's EventSource (behind a flag): tRPC's own httpSubscriptionLink reads the wallet's events with it.
    execArgv: ['--experimental-eventsource'],
  },
})
