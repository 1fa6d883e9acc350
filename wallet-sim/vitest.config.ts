import { defineProject } from 'vitest/config'
import { sourceConditions } from '../scripts/sourceConditions.ts'

export default defineProject({
  ...sourceConditions,
  test: {
    name: 'wallet-sim',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'ui/src/**/*.test.ts', 'ui/src/**/*.test.tsx'],
    environment: 'node',
    // Many of these tests start a whole simulator (chain, services, UI assets): about 1 s idle, up to 7 s on a
    // loaded 2-core runner, past Vitest's default 5 s.
    testTimeout: 20_000,
    // Node 20's EventSource (behind a flag): tRPC's own httpSubscriptionLink reads the wallet's events with it.
    execArgv: ['--experimental-eventsource'],
  },
})
