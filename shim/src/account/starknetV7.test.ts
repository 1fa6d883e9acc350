// The session account with starknet.js 7 (compat/starknet-legacy) as the app's peer: legacyTesting.ts.
import { vi } from 'vitest'
import { legacySuite } from './legacyTesting'

vi.mock('starknet', async () => {
  const { createRequire } = await import('node:module')
  return createRequire(import.meta.url)('../../../compat/starknet-legacy/node_modules/starknet7')
})

legacySuite(7)
