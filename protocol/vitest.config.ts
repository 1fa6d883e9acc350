import { defineProject } from 'vitest/config'
import { sourceConditions } from '../scripts/sourceConditions.ts'

export default defineProject({
  ...sourceConditions,
  test: {
    name: 'protocol',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    environment: 'node',
    // Every file in one module graph per worker: a fresh one per file cost about 0.6 s of CPU each, more than
    // most files' tests (no file mocks modules; the one that fakes timers restores them).
    isolate: false,
  },
})
