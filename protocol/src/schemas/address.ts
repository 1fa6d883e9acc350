import * as z from 'zod/mini'
import { bytesToHex, hexToBytes } from '../bytes'
import { ADDRESS_MAX_LENGTH, ADDRESS_MIN_LENGTH } from '../constants'
import { FELT_MAX } from './felt'
import { keccak256 } from './keccak'
import './genericMessages'
import { PREFIXED_HEX_RE } from './patterns'

/**
 * 0x + 64 lowercase hex digits, zero-padded.
 *
 * @example
 * normalizeAddress('0xABC') // '0x0000…0abc' (66 characters)
 */
export function normalizeAddress(address: string): string {
  return `0x${address.replace(/^0x/i, '').toLowerCase().padStart(64, '0')}`
}

/**
 * The Starknet checksum form of an address (as starknet.js `getChecksumAddress`): the keccak-256 of the
 * address value, masked to 250 bits, decides per nibble whether a hex letter is uppercase.
 *
 * @example
 * getChecksumAddress('0x2fd23d9182193775423497fc0c472e156c57c69e4089a1967fb288a2d84e914')
 */
export function getChecksumAddress(address: string): string {
  const normal = normalizeAddress(address)
  const value = BigInt(normal)
  const hash = keccak256(hexToBytes(value.toString(16))!)
  hash[0]! &= 0x03 // mask to 250 bits, as starknet.js' keccak does
  const nibbles = bytesToHex(hash)
  const chars = normal.slice(2).split('')
  for (let i = 0; i < chars.length; i++) {
    if (Number.parseInt(nibbles[i]!, 16) >= 8) chars[i] = chars[i]!.toUpperCase()
  }
  return `0x${chars.join('')}`
}

/**
 * True when the address is all lowercase (no checksum claimed) or its letters follow the checksum.
 *
 * @example
 * isValidChecksum('0xabc') // true
 */
export function isValidChecksum(address: string): boolean {
  const digits = address.slice(2)
  if (digits === digits.toLowerCase()) return true
  return getChecksumAddress(address).slice(2) === digits.padStart(64, '0')
}

/** Which address rule fails first, in the order format, length, checksum, range. */
export type AddressFailure = 'format' | 'tooShort' | 'tooLong' | 'checksum' | 'range'

/**
 * The first failing address rule, or `undefined` when the address is valid.
 *
 * @example
 * addressFailure('0x12') // 'tooShort'
 */
export function addressFailure(
  value: unknown,
  length?: { min: number; max: number },
): AddressFailure | undefined {
  const { min, max } = length ?? { min: ADDRESS_MIN_LENGTH, max: ADDRESS_MAX_LENGTH }
  if (typeof value !== 'string' || !PREFIXED_HEX_RE.test(value)) return 'format'
  if (value.length < min) return 'tooShort'
  if (value.length > max) return 'tooLong'
  if (!isValidChecksum(value)) return 'checksum'
  if (BigInt(value) > FELT_MAX) return 'range'
  return undefined
}

function addressSchema(messages: Record<AddressFailure, string>, length?: { min: number; max: number }) {
  return z.pipe(
    z.custom<string>().check(
      z.superRefine((value, ctx) => {
        const failure = addressFailure(value, length)
        if (failure) ctx.issues.push({ code: 'custom', message: messages[failure], input: value })
      }),
    ),
    z.transform((value: string) => normalizeAddress(value)),
  )
}

/**
 * The connector's address rule: 0x-hex, 50 to 66 characters, checksum when it has uppercase letters,
 * value in [0, 2^252-1]. Output: 0x + 64 lowercase hex digits.
 *
 * @example
 * AddressSchema.safeParse('0x12').error?.issues[0]?.message // 'Addresses must at least be 50 characters long'
 */
export const AddressSchema = addressSchema({
  format: 'Invalid address',
  tooShort: 'Addresses must at least be 50 characters long',
  tooLong: 'Addresses must at most be 66 characters long',
  checksum: 'Invalid address (checksum error)',
  range: 'Invalid address (validation error)',
})
/** A value {@link AddressSchema} accepts, as it parses it. */
export type Address = z.infer<typeof AddressSchema>

/**
 * The SDK's address rule, with the SDK's texts. Out-of-range values give 'Invalid Address Format'.
 *
 * @example
 * SdkAddressSchema.safeParse('hello').error?.issues[0]?.message // 'Hex must be a hex string starting with 0x'
 */
export const SdkAddressSchema = addressSchema({
  format: 'Hex must be a hex string starting with 0x',
  tooShort: 'Address must be at least 50 characters long',
  tooLong: 'Address must be at most 66 characters long',
  checksum: 'Address is not a valid checksum address',
  range: 'Invalid Address Format',
})

const FIXED_LENGTH = 'Address must be 66 characters long'
/**
 * Exactly 66 characters (already padded), otherwise the SDK rules.
 *
 * @example
 * FixedAddressSchema.safeParse('0x1').error?.issues[0]?.message // 'Address must be 66 characters long'
 */
export const FixedAddressSchema = addressSchema(
  {
    format: 'Hex must be a hex string starting with 0x',
    tooShort: FIXED_LENGTH,
    tooLong: FIXED_LENGTH,
    checksum: 'Address is not a valid checksum address',
    range: 'Invalid Address Format',
  },
  { min: ADDRESS_MAX_LENGTH, max: ADDRESS_MAX_LENGTH },
)
