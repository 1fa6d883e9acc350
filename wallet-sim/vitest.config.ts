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
    // Every file in one module graph per worker (starknet.js, the chain, the services load once): a fresh one
    // per file cost more CPU than most files' tests. No file mocks modules; those that fake timers, spy or stub
    // globals restore them, and the ui files (happy-dom) get a worker of their own environment.
    isolate: false,
    // Node 20's stand-in for the global WebSocket (Node 22 has one), set before the first file loads starknet.js,
    // whose WebSocketChannel reads it once, when its module loads: in a shared module graph that is the first file.
    setupFiles: ['src/rpc/wsTestGlobal.ts'],
    // Node 20's EventSource (behind a flag): tRPC's own httpSubscriptionLink reads the wallet's events with it.
    execArgv: ['--experimental-eventsource'],
  },
})
