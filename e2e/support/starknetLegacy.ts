// starknet.js v6 (JSON-RPC 0.7) and v7 (0.8), unmodified, loaded from the test-only workspace
// compat/starknet-legacy (its own node_modules, npm aliases starknet6 / starknet7), so they never meet the
// starknet.js the workspaces use.
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { WebSocket } from 'ws'
// compat/starknet-legacy is outside the workspaces: scripts/test.mjs installs it after the type-check, so a
// checkout without it type-checks these as `any`; once installed they carry starknet.js's own types.
// biome-ignore lint/suspicious/noTsIgnore: typed when installed, `any` before (an expect-error would fail then)
// @ts-ignore
import type * as StarknetV6 from '../../compat/starknet-legacy/node_modules/starknet6'
// biome-ignore lint/suspicious/noTsIgnore: as above
// @ts-ignore
import type * as StarknetV7 from '../../compat/starknet-legacy/node_modules/starknet7'

// starknet.js v7's WebSocketChannel reads the global WebSocket when its module loads; Node 20 has none.
if (typeof globalThis.WebSocket === 'undefined') Object.assign(globalThis, { WebSocket })

const requireFromCompat = createRequire(
  join(import.meta.dirname, '..', '..', 'compat', 'starknet-legacy', 'package.json'),
)

/**
 * starknet.js 6.x as a Node client loads it (its CommonJS `main`).
 * @example new starknet6.RpcProvider({ nodeUrl: `${sim.url}/rpc/v0_7` })
 */
export const starknet6 = requireFromCompat('starknet6') as typeof StarknetV6

/**
 * starknet.js 7.x as a Node client loads it.
 * @example new starknet7.RpcProvider({ nodeUrl: `${sim.url}/rpc/v0_8` })
 */
export const starknet7 = requireFromCompat('starknet7') as typeof StarknetV7
