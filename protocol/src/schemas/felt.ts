import * as z from 'zod/mini'
import './genericMessages'

import { FELT_STRING_RE, rpcIntegerOf, toHex } from '../starknet/felt'
/**
 * Upper bound of the felt rule as docs/protocol.md, Validation rules states it: [0, 2^252-1]. This is wider than the field
 * (values in [FIELD_PRIME, 2^252-1] pass the schema); we implement the stated rule, and the chain rejects
 * such values where it matters.
 */
export const FELT_MAX = 2n ** 252n - 1n

/** A number, bigint or numeric string as accepted on the wire. */
export type BigNumberish = string | number | bigint

/**
 * Reads a hex ('0x…') or decimal string (protocol's integerOf, as the wire writes hex), a safe integer or a
 * bigint, negative ones too (the range is each schema's check); `undefined` otherwise.
 *
 * @example
 * toBigInt('0x10') // 16n
 */
export function toBigInt(value: unknown): bigint | undefined {
  if (typeof value === 'bigint') return value
  if (typeof value === 'number') return Number.isSafeInteger(value) ? BigInt(value) : undefined
  return typeof value === 'string' ? rpcIntegerOf(value) : undefined
}

/**
 * A felt as a JSON wire writes it, kept as the string: 0x-hex (1 to 64 digits) or decimal (1 to 78 digits).
 *
 * @example
 * FeltStringSchema.safeParse('0x1f').success // true
 */
export const FeltStringSchema = z
  .string()
  // A refine, not z.regex: the main entry has no other regex check, and zod's costs 0.16 KB gzip there.
  .check(z.refine((text) => FELT_STRING_RE.test(text), 'Expected a felt (hex or decimal)'))

/**
 * A schema for a number in [0, max], output as lowercase 0x-hex (JSON-safe).
 *
 * @example
 * rangeSchema(255n, 'Value must be in range [0, 2^8-1]').parse(255) // '0xff'
 */
export function rangeSchema(max: bigint, message: string, min = 0n) {
  return z.pipe(
    // One custom check, so a wrong type and a wrong range give the same exact message.
    z.custom<BigNumberish>((v) => {
      const n = toBigInt(v)
      return n !== undefined && n >= min && n <= max
    }, message),
    z.transform((v) => toHex(toBigInt(v)!)),
  )
}

/**
 * A felt: [0, 2^252-1] (see FELT_MAX). Output is lowercase 0x-hex.
 *
 * @example
 * FeltSchema.parse('12') // '0xc'
 */
export const FeltSchema = rangeSchema(FELT_MAX, 'Felt must be in range [0, 2^252-1]')
/** A value {@link FeltSchema} accepts, as it parses it. */
export type Felt = z.infer<typeof FeltSchema>

/** A contract address in [0, 2^252-1] (numeric form; use AddressSchema for user-entered addresses). */
export const ContractAddressSchema = rangeSchema(FELT_MAX, 'Contract address must be in range [0, 2^252-1]')
/** A class hash in [0, 2^252-1]. */
export const ClassHashSchema = rangeSchema(FELT_MAX, 'Class hash must be in range [0, 2^252-1]')

/** Bit widths the unsigned-integer rule covers. */
export const UINT_BITS = [8, 16, 32, 64, 96, 128, 256, 512] as const
export type UintBits = (typeof UINT_BITS)[number]

/**
 * An unsigned integer of the given width, range-checked. Output is lowercase 0x-hex.
 *
 * @example
 * UintSchema(8).safeParse(256).success // false ('Value must be in range [0, 2^8-1]')
 */
export function UintSchema(bits: UintBits) {
  return rangeSchema(2n ** BigInt(bits) - 1n, `Value must be in range [0, 2^${bits}-1]`)
}

/**
 * A value greater than 0 (felt range).
 *
 * @example
 * NonZeroSchema.safeParse('0x0').success // false
 */
export const NonZeroSchema = rangeSchema(FELT_MAX, 'Value must be greater than 0', 1n)

/**
 * An Ethereum address: [0, 2^160-1], output as 0x + 40 lowercase hex digits.
 *
 * @example
 * EthAddressSchema.parse('0x1') // '0x0000000000000000000000000000000000000001'
 */
export const EthAddressSchema = z.pipe(
  rangeSchema(2n ** 160n - 1n, 'Invalid Ethereum Address Format'),
  z.transform((hex) => `0x${hex.slice(2).padStart(40, '0')}`),
)
