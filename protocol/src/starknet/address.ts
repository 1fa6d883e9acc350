// One way to read an address: the felt the wallet signs (readFelt, the reading strictFelt explains, so a
// screen and the signer never read one string two ways), written as Starknet writes one, shortened one way.
import { COMPACT_ADDRESS_HEAD, COMPACT_ADDRESS_TAIL } from '../constants'
import { readFelt } from './strictFelt'

/**
 * An address as Starknet writes one: the felt in `0x` and 64 lowercase hex digits.
 *
 * @example
 * toAddress(0x4718n) // '0x0000…4718' (66 characters)
 */
export function toAddress(felt: bigint): string {
  return `0x${felt.toString(16).padStart(64, '0')}`
}

/**
 * The key of an address for lookups and comparisons: its {@link toAddress} form, from any spelling read as one
 * felt (hex in any case or padding, decimal, safe integer, bigint); a non-felt keeps its own spelling.
 *
 * @example
 * addressKey('0x4718F5A0…') === addressKey(BigInt(STRK_ADDRESS)) // true
 */
export function addressKey(address: unknown): string {
  const felt = readFelt(address)
  return felt === undefined ? String(address) : toAddress(felt)
}

/**
 * Whether two spellings are the same address: both felts, and equal.
 *
 * @example
 * sameAddress('0x04718f…', '0x4718F…') // true
 */
export function sameAddress(a: unknown, b: unknown): boolean {
  const x = readFelt(a)
  return x !== undefined && x === readFelt(b)
}

/**
 * Short display form: the first 6 and last 4 characters, as every screen shows an address or a hash.
 *
 * @example
 * compactAddress('0x0123456789abcdef') // '0x0123…cdef'
 */
export function compactAddress(address: string): string {
  if (address.length <= COMPACT_ADDRESS_HEAD + COMPACT_ADDRESS_TAIL) return address
  return `${address.slice(0, COMPACT_ADDRESS_HEAD)}…${address.slice(-COMPACT_ADDRESS_TAIL)}`
}
