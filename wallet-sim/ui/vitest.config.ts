import { defineProject } from 'vitest/config'
import { sourceConditions } from '../../scripts/sourceConditions.ts'

// The wallet UI's tests on their own (`npx vitest run --config wallet-sim/ui/vitest.config.ts`); the
// wallet-sim project runs them too once it includes `ui/src/**/*.test.tsx`.
export default defineProject({
  ...sourceConditions,
  root: new URL('.', import.meta.url).pathname,
  test: {
    name: 'wallet-sim-ui',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    environment: 'node',
  },
})
