import { integerOf } from '@webwallet/protocol/constants'
import { InvalidOptionsError } from '@webwallet/protocol/errors'
import { FEE_RESOURCES, type FeeResource } from '@webwallet/protocol/fees'
import { FIELD_PRIME } from '@webwallet/protocol/session'
import type { BigNumberish, UniversalDetails } from 'starknet'
import type { ResourceBounds } from './fees'

// starknet.js's UniversalDetails as a session reads them, once, at the boundary of execute and the fee
// estimate: every number in the forms starknet.js takes (bigint, safe integer, hex or decimal string), the
// version V3 however written; what is out of its Starknet type is INVALID_OPTIONS naming it.

/** Resource bounds with each amount and price a BigNumberish (starknet.js v6 wrote hex strings). */
export type ResourceBoundsLike = {
  readonly [R in FeeResource]: {
    readonly max_amount: BigNumberish
    readonly max_price_per_unit: BigNumberish
  }
}

/** The transaction details a session takes: starknet.js's `UniversalDetails` fields it uses. */
export interface InvokeDetails {
  /** Skips the estimate (one round trip fewer). */
  readonly resourceBounds?: UniversalDetails['resourceBounds'] | ResourceBoundsLike | undefined
  readonly nonce?: BigNumberish | undefined
  /** Only when set is a tip sent; the SDK never scans blocks for one. */
  readonly tip?: BigNumberish | undefined
  /** V3 only: `3`, `'3'`, `'0x3'`, `3n` or its query version 2^128 + 3; any other is INVALID_OPTIONS. */
  readonly version?: BigNumberish | undefined
}

/** The details read: bigints, and the bounds only when given. */
export interface ReadDetails {
  readonly resourceBounds?: ResourceBounds | undefined
  readonly nonce?: bigint | undefined
  readonly tip?: bigint | undefined
}

const U64 = 2n ** 64n
const V3 = [3n, 2n ** 128n + 3n]

/**
 * Reads a session's transaction details (V3 only); throws INVALID_OPTIONS naming the first out of its type.
 *
 * @example
 * readInvokeDetails({ nonce: '0x9', tip: 7, version: '0x3' }) // { nonce: 9n, tip: 7n }
 * readInvokeDetails({ tip: -1n }) // throws 'Invalid option tip: must be an integer in [0, 18446744073709551616)'
 */
export function readInvokeDetails({ nonce, tip, resourceBounds, version }: InvokeDetails): ReadDetails {
  if (version !== undefined && !V3.some((v3) => v3 === integerOf(version))) {
    throw new InvalidOptionsError('version', 'a session sends V3 transactions only')
  }
  const bounds = resourceBounds as Partial<ResourceBoundsLike> | undefined
  return {
    ...(nonce === undefined ? {} : { nonce: integer('nonce', nonce, FIELD_PRIME) }),
    ...(tip === undefined ? {} : { tip: integer('tip', tip, U64) }),
    ...(bounds === undefined
      ? {}
      : {
          resourceBounds: Object.fromEntries(
            FEE_RESOURCES.map((gas) => [
              gas,
              {
                max_amount: integer(`resourceBounds.${gas}.max_amount`, bounds[gas]?.max_amount, U64),
                max_price_per_unit: integer(
                  `resourceBounds.${gas}.max_price_per_unit`,
                  bounds[gas]?.max_price_per_unit,
                  U64 * U64,
                ),
              },
            ]),
          ) as ResourceBounds,
        }),
  }
}

function integer(path: string, value: unknown, limit: bigint): bigint {
  const number = integerOf(value)
  if (number !== undefined && number < limit) return number
  throw new InvalidOptionsError(path, `must be an integer in [0, ${limit})`)
}
