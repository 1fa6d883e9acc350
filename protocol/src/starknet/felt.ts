// Felt helpers that need nothing but bigints, and the pattern of a felt on a JSON wire.
import { hexToBytes } from '../bytes'

/** A felt on a JSON wire: 0x and 1 to 64 hex digits, or 1 to 78 decimal digits (2^256 has 78). */
export const FELT_STRING_RE = /^(0x[0-9a-fA-F]{1,64}|[0-9]{1,78})$/

/**
 * Whether a value is a felt's hex as the SDK reads an address or a hash from an app or a service: `0x` (or `0X`)
 * and 1 to 64 hex digits in either case. Its range is each caller's check (the field prime, the address bound).
 *
 * @example
 * isHexFelt('0x49d3') // true
 * isHexFelt('49d3') // false
 */
export function isHexFelt(value: unknown): value is string {
  return typeof value === 'string' && /^0x[\da-f]{1,64}$/i.test(value)
}

/**
 * {@link isHexFelt} with a lowercase `0x` only, as Starknet's JSON-RPC writes it and the simulator's wires,
 * options and keys read it.
 *
 * @example
 * isRpcHexFelt('0X49d3') // false
 */
export function isRpcHexFelt(value: unknown): value is string {
  return isHexFelt(value) && value[1] === 'x'
}

/**
 * Lowercase 0x-hex of a non-negative bigint, without padding: how the RPC writes a felt.
 *
 * @example
 * toHex(31n) // '0x1f'
 */
export function toHex(value: bigint): string {
  return `0x${value.toString(16)}`
}

/**
 * The integer a starknet.js BigNumberish names: a bigint, a safe integer, or a `0x` (or `0X`) hex or decimal
 * string of any length; `undefined` for a negative, a fraction, an exponent, an unsafe number or anything else.
 * Its range is each caller's check.
 *
 * @example
 * integerOf('0x10') // 16n
 * integerOf(1.5) // undefined
 */
export function integerOf(value: unknown): bigint | undefined {
  const digits =
    typeof value === 'bigint' || typeof value === 'string' || Number.isSafeInteger(value) ? String(value) : ''
  return /^(0x[\da-f]+|\d+)$/i.test(digits) ? BigInt(digits) : undefined
}

/**
 * {@link integerOf} with a lowercase `0x` only, as in {@link isRpcHexFelt}.
 *
 * @example
 * rpcIntegerOf('0X10') // undefined
 */
export function rpcIntegerOf(value: unknown): bigint | undefined {
  return typeof value === 'string' && value[1] === 'X' ? undefined : integerOf(value)
}

/**
 * The felt of a Cairo short string (its ASCII bytes read big-endian), or `undefined` for more than 31
 * characters or a character outside ASCII; each caller refuses those with its own coded error.
 *
 * @example
 * shortStringFelt('SN_MAIN') // 0x534e5f4d41494en
 */
export function shortStringFelt(text: string): bigint | undefined {
  let felt = 0n
  for (const char of text) {
    // A character past ASCII (an astral one's first half too) has no byte of its own.
    const code = char.charCodeAt(0)
    if (code > 0x7f) return undefined
    felt = (felt << 8n) | BigInt(code)
  }
  return text.length > 31 ? undefined : felt
}

/**
 * The text of a felt read as a short string, or `undefined` when it is 0 or holds a byte that is not
 * printable ASCII.
 *
 * @example
 * decodeShortString(0x534e5f4d41494en) // 'SN_MAIN'
 */
export function decodeShortString(value: bigint): string | undefined {
  if (value <= 0n) return undefined
  let out = ''
  for (const code of hexToBytes(value.toString(16))!) {
    if (code < 0x20 || code > 0x7e) return undefined
    out += String.fromCharCode(code)
  }
  return out
}
