import { defineConfig } from 'vitest/config'

// One run covers every workspace; each has its own project config (environment, timeouts).
export default defineConfig({
  test: {
    projects: ['protocol', 'shim', 'wallet-sim', 'e2e', 'e2e/tests/compat', 'e2e/consumer', 'e2e/devnet'],
  },
})
