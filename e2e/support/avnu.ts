// AVNU's public gasless client and the starknet.js v6 it is built on, both loaded from the test-only
// workspace compat/avnu (its own node_modules), so they never meet e2e's starknet 8.
import { createRequire } from 'node:module'
import { join } from 'node:path'
import type * as GaslessSdk from '../../compat/avnu/node_modules/@avnu/gasless-sdk'
import type * as StarknetV6 from '../../compat/avnu/node_modules/starknet'

const requireFromCompat = createRequire(
  join(import.meta.dirname, '..', '..', 'compat', 'avnu', 'package.json'),
)

/**
 * `@avnu/gasless-sdk` as a Node client would load it (its CommonJS `main`).
 * @example
 * const prices = await gasless.fetchGasTokenPrices({ baseUrl: sim.url })
 */
export const gasless = requireFromCompat('@avnu/gasless-sdk') as typeof GaslessSdk

/**
 * The starknet.js v6 instance the SDK itself requires (the SDK checks nothing about it, but its
 * `Account.signMessage` is what `executeCalls` calls).
 * @example
 * const account = new starknetV6.Account(new starknetV6.RpcProvider({ nodeUrl }), address, privateKey)
 */
export const starknetV6 = requireFromCompat('starknet') as typeof StarknetV6
