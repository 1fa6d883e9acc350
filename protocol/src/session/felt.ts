// Felt helpers shared by the session modules: every public value is a bigint or a hex string,
// so callers on starknet.js v8 and v10 can pass their own representations. The hashes come from
// @scure/starknet (what starknet.js hashes with), not starknet.js's barrel: a page bundling them stays small.
import { keccak, poseidonHash, poseidonHashMany } from '@scure/starknet'
import { ValidationError } from '../errors/validation'
import { toHex as hexOf, shortStringFelt } from '../starknet/felt'
import { FIELD_PRIME } from '../starknet/field'

export { FIELD_PRIME }

/** A Starknet field element. */
export type Felt = bigint

/** Anything that names a felt: a bigint, a safe integer, a hex string or a decimal string. */
export type FeltLike = bigint | number | string

/**
 * Reads a felt from a bigint, number, hex or decimal string.
 * @example toFelt('0x1f') // 31n
 */
export function toFelt(value: FeltLike): Felt {
  let felt = -1n
  let cause: unknown
  try {
    felt = BigInt(value)
  } catch (e) {
    cause = e // 'abc', 1.5: the parse error travels as cause
  }
  if (felt < 0n || felt >= FIELD_PRIME) invalid(`Value out of the felt range: ${String(value)}`, cause)
  return felt
}

/** Host input reaches the session helpers (outside-execution options, short strings, trees): a coded error. */
export function invalid(message: string, cause?: unknown): never {
  throw new ValidationError([{ path: [], message }], { cause })
}

/**
 * A felt as a 0x-prefixed lowercase hex string without padding.
 * @example toHex(31n) // '0x1f'
 */
export function toHex(value: FeltLike): string {
  return hexOf(toFelt(value))
}

/**
 * Encodes an ASCII short string (at most 31 characters) as a felt, as Cairo's 'abc' literals do.
 * @example shortString('session-token')
 */
export function shortString(text: string): Felt {
  if (text.length > 31) invalid(`Short string longer than 31 characters: ${text}`)
  return shortStringFelt(text) ?? invalid(`Short string is not ASCII: ${text}`)
}

/**
 * Poseidon over a list of felts (Cairo's `poseidon_hash_span`).
 * @example poseidonMany([1n, 2n])
 */
export function poseidonMany(values: readonly FeltLike[]): Felt {
  return poseidon.many(values.map(toFelt))
}

/** Poseidon of exactly two felts (Cairo's `hades_permutation(a, b, 2)[0]`), used for Merkle nodes. */
export function poseidonPair(a: FeltLike, b: FeltLike): Felt {
  return poseidon.pair(toFelt(a), toFelt(b))
}

/** The two Poseidon functions every session hash goes through. */
export interface PoseidonImplementation {
  /** `poseidon_hash_span` of a list of felts. */
  many(values: readonly Felt[]): Felt
  /** `hades_permutation(a, b, 2)[0]`. */
  pair(a: Felt, b: Felt): Felt
}

const SCURE_POSEIDON: PoseidonImplementation = {
  many: (values) => poseidonHashMany([...values]),
  pair: (a, b) => poseidonHash(a, b),
}
let poseidon = SCURE_POSEIDON

/**
 * Replaces the default Poseidon (@scure/starknet's, which starknet.js uses) for every session hash of this
 * process, for a host with a faster exact implementation (wallet-sim's node hashes each transaction's
 * session). The replacement must give the same values; the default is restored by passing nothing.
 * @example setPoseidonImplementation({ many: poseidonHashMany, pair: poseidonHash })
 */
export function setPoseidonImplementation(implementation?: PoseidonImplementation): void {
  poseidon = implementation ?? SCURE_POSEIDON
}

/**
 * Starknet keccak (250 bits) of a UTF-8 string, as Cairo's `selector!` macro computes it.
 * @example selectorFromName('transfer')
 */
export function selectorFromName(name: string): Felt {
  return typeHash(name)
}

/**
 * The felt of an allowed method's or a SNIP-12 `selector` value: a hex felt as is, else an entry-point name.
 * @example selectorFelt('transfer') === selectorFelt(toHex(selectorFromName('transfer'))) // true
 */
export function selectorFelt(selector: string): Felt {
  return /^0x[0-9a-f]+$/i.test(selector) ? BigInt(selector) : selectorFromName(selector)
}

/** Starknet keccak of an arbitrary string (UTF-8), used for SNIP-12 type hashes. */
export function typeHash(encodedType: string): Felt {
  return keccak(new TextEncoder().encode(encodedType))
}
