// u256 as Cairo passes it: two felts (low, high) of 128 bits each.
import { ContractError, type Felt } from '../contract'

const U128 = 2n ** 128n

/** Splits a u256 into (low, high). @example split(5n) // [5n, 0n] */
export const splitU256 = (v: bigint): [Felt, Felt] => [v % U128, v / U128]

/** Joins (low, high) into a u256, panicking like Cairo when a half is out of range. */
export function joinU256(low: Felt | undefined, high: Felt | undefined): bigint {
  if (low === undefined || high === undefined) throw new ContractError('Failed to deserialize param #1')
  if (low >= U128 || high >= U128) throw new ContractError('Option::unwrap failed.')
  return low + high * U128
}

/** The argument at `i`, or a Cairo-style deserialisation panic. */
export function arg(calldata: readonly Felt[], i: number): Felt {
  const v = calldata[i]
  if (v === undefined) throw new ContractError(`Failed to deserialize param #${i + 1}`)
  return v
}
