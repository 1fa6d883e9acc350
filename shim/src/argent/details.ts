// starknet.js's `UniversalDetails` as invisible-sdk apps pass them (any starknet.js major: numbers, bigints,
// hex or decimal strings), read into the session account's options once, at the entry's boundary.
import { integerOf } from '@webwallet/protocol/constants'
import { InvalidOptionsError } from '@webwallet/protocol/errors'
import { FEE_RESOURCES } from '@webwallet/protocol/fees'
import type { ExecuteOptions } from '../account/SessionAccount'

type Numeric = bigint | number | string

/**
 * starknet.js `UniversalDetails`, the fields a session execute uses: `nonce`, `tip`, `resourceBounds` (all
 * three of V3's, else the SDK estimates them), `version` (V3 only: `3`, `'0x3'`, or the query version).
 * `maxFee` and the like are accepted and ignored: every transaction is V3. Ours (`gasless`,
 * `gasTokenAddress`, `signal`, `timeoutMs`) pass through.
 */
export interface ExecuteDetails {
  nonce?: Numeric | undefined
  tip?: Numeric | undefined
  version?: Numeric | undefined
  resourceBounds?: unknown
  [other: string]: unknown
}

const V3 = [3n, 2n ** 128n + 3n]

/**
 * The session account's options from `details`: numbers as bigints, bounds only when all three resources
 * are given (starknet.js 6 and 7 carry no `l1_data_gas`: the SDK then estimates its own).
 *
 * @example
 * executeDetails({ version: '0x3', tip: '0x0', resourceBounds }) // { tip: 0n, resourceBounds: { ...bigints } }
 */
export function executeDetails(details: ExecuteDetails | undefined): ExecuteOptions {
  if (!details) return {}
  const { nonce, tip, version, resourceBounds, maxFee: _maxFee, ...ours } = details
  if (version !== undefined && !V3.includes(integer('version', version))) {
    throw new InvalidOptionsError('version', 'a session sends V3 transactions only')
  }
  const bounds = readBounds(resourceBounds)
  return {
    ...(ours as ExecuteOptions),
    ...(nonce === undefined ? {} : { nonce: integer('nonce', nonce) }),
    ...(tip === undefined ? {} : { tip: integer('tip', tip) }),
    ...(bounds ? { resourceBounds: bounds } : {}),
  }
}

function readBounds(value: unknown): ExecuteOptions['resourceBounds'] {
  const given = value as Record<string, { max_amount?: unknown; max_price_per_unit?: unknown }> | undefined
  if (!given?.l1_data_gas) return undefined
  const read = (gas: string) => ({
    max_amount: integer(`resourceBounds.${gas}.max_amount`, given[gas]?.max_amount),
    max_price_per_unit: integer(`resourceBounds.${gas}.max_price_per_unit`, given[gas]?.max_price_per_unit),
  })
  return Object.fromEntries(FEE_RESOURCES.map((gas) => [gas, read(gas)])) as ExecuteOptions['resourceBounds']
}

// A non-negative integer in any of starknet.js's BigNumberish spellings (a range check follows in the account).
function integer(path: string, value: unknown): bigint {
  // A number past the safe range is read as it prints, as starknet.js's BigNumberish reads one.
  const found = integerOf(typeof value === 'number' ? String(value) : value)
  if (found === undefined) {
    throw new InvalidOptionsError(path, 'must be an integer (a number, a bigint, or a hex or decimal string)')
  }
  return found
}
