// fast-check generators of every spelling starknet.js accepts for a felt (test code only): hex in either
// case with or without leading zeros, decimal, 0o and 0b, spaces around (BigInt trims them), JSON numbers
// where safe, bigints, and the text itself where a value is text encoded as short-string bytes.
import fc from 'fast-check'
import { FIELD_PRIME } from '../../starknet/field'
import { STRK_ADDRESS } from '../../starknet/tokens'

/** Spaces BigInt trims around a number. */
const SPACE = fc.constantFrom('', ' ', '  ', '\t', '\n', ' \n ')

/** The text a felt holds as short-string bytes, when it is printable ASCII that reads as no number. */
export function textOfFelt(felt: bigint): string | undefined {
  let text = ''
  for (let rest = felt; rest > 0n; rest >>= 8n) text = String.fromCharCode(Number(rest & 0xffn)) + text
  if (!/^[\x20-\x7e]{1,31}$/.test(text)) return undefined
  try {
    BigInt(text)
    return undefined
  } catch {
    return text
  }
}

/**
 * Every spelling of a number that BigInt reads as `n` (for u128, ContractAddress… and felts).
 * @example fc.sample(numberSpellings(10n), 3) // ['0xA', ' 10 ', 10]
 */
export function numberSpellings(n: bigint): fc.Arbitrary<unknown> {
  const hex = n.toString(16)
  const bare = fc.oneof(
    fc.constant(`0x${hex}`),
    fc.constant(`0x${hex.toUpperCase()}`),
    fc.constant(`0X${hex}`),
    fc.integer({ min: 1, max: Math.max(1, 64 - hex.length) }).map((pad) => `0x${'0'.repeat(pad)}${hex}`),
    fc.constant(n.toString()),
    fc.integer({ min: 1, max: 5 }).map((pad) => `${'0'.repeat(pad)}${n}`),
    fc.constant(`0o${n.toString(8)}`),
    fc.constant(`0b${n.toString(2)}`),
  )
  return fc.oneof(
    bare,
    fc.tuple(SPACE, bare, SPACE).map(([a, b, c]) => `${a}${b}${c}`),
    fc.constant(n),
    ...(n <= BigInt(Number.MAX_SAFE_INTEGER) ? [fc.constant(Number(n))] : []),
  )
}

/**
 * Every spelling of the address `felt` that starknet.js reads and the wallet reads one way (protocol's
 * `addressKey`): hex in any case and padding up to 64 digits, decimal text, a bigint, a safe number.
 * @example fc.sample(addressSpellings(0xabcn), 3) // ['0x0aBc', '2748', 2748n]
 */
export function addressSpellings(felt: bigint): fc.Arbitrary<string | number | bigint> {
  const hex = felt.toString(16)
  const cased = fc
    .array(fc.boolean(), { minLength: hex.length, maxLength: hex.length })
    .map((upper) => [...hex].map((digit, i) => (upper[i] ? digit.toUpperCase() : digit)).join(''))
  return fc.oneof(
    fc
      .tuple(cased, fc.integer({ min: 0, max: 64 - hex.length }))
      .map(([d, pad]) => `0x${'0'.repeat(pad)}${d}`),
    fc.constant(felt.toString()),
    fc.constant(felt),
    ...(felt <= BigInt(Number.MAX_SAFE_INTEGER) ? [fc.constant(Number(felt))] : []),
  )
}

/** Spellings of a felt where text is allowed too (`felt`, `shortstring`): the numbers, or its text. */
export function feltSpellings(felt: bigint): fc.Arbitrary<unknown> {
  const text = textOfFelt(felt)
  return text === undefined ? numberSpellings(felt) : fc.oneof(numberSpellings(felt), fc.constant(text))
}

/** Spellings of a selector: the hex felt (either case, at most 64 digits), or the entry-point name. */
export function selectorSpellings(selector: bigint, name?: string): fc.Arbitrary<string> {
  const hex = selector.toString(16)
  return fc.oneof(
    fc.constant(`0x${hex}`),
    fc.constant(`0X${hex.toUpperCase()}`),
    fc.integer({ min: 0, max: 64 - hex.length }).map((pad) => `0x${'0'.repeat(pad)}${hex}`),
    ...(name ? [fc.constant(name)] : []),
  )
}

/** Felts, with the edges (0, 1, 2^128-1, the largest felt) and short strings often. */
export const feltValue: fc.Arbitrary<bigint> = fc.oneof(
  fc.bigInt({ min: 0n, max: FIELD_PRIME - 1n }),
  fc.constantFrom(0n, 1n, 2n ** 128n - 1n, FIELD_PRIME - 1n, 0x414e595f43414c4c4552n),
  fc.bigInt({ min: 0n, max: 2n ** 64n }),
  fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_.]{0,20}$/).map((text) => {
    let felt = 0n
    for (const char of text) felt = (felt << 8n) | BigInt(char.charCodeAt(0))
    return felt
  }),
)

/** u128 values, edges often. */
export const u128Value: fc.Arbitrary<bigint> = fc.oneof(
  fc.bigInt({ min: 0n, max: 2n ** 128n - 1n }),
  fc.constantFrom(0n, 1n, 1_700_000_000n, 2n ** 128n - 1n),
)

/** Addresses (any felt below 2^251). */
export const addressValue: fc.Arbitrary<bigint> = fc.oneof(
  fc.bigInt({ min: 1n, max: 2n ** 251n - 1n }),
  fc.constantFrom(1n, BigInt(STRK_ADDRESS)),
)
