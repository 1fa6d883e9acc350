import { defineProject } from 'vitest/config'

// The consumer suite: our packed tarballs installed into fresh apps outside the workspaces (Vite + React,
// Next.js, a plain Node script). Installs and production builds are slow: one file at a time, long hooks.
// It resolves nothing from the sources (no @webwallet/source condition): the apps use what npm installed.
export default defineProject({
  test: {
    name: 'consumer',
    include: ['*.test.ts'],
    environment: 'node',
    globalSetup: ['./setup.ts'],
    testTimeout: 300_000,
    hookTimeout: 600_000,
    fileParallelism: false,
  },
})
