import { isRpcHexFelt } from './felt'
import { FIELD_PRIME } from './field'

// The one reading of a felt the wallet shows and signs. starknet.js' calldata conversion (convertCalldataValue)
// reads many forms, some of them two ways at once: '1 ' or '-1' become short strings, '0x12g4…abcd' looks like
// an address but is a short string, a hex string at or above the field prime wraps. A wallet that shows one
// reading and signs the other shows another transaction than it signs, so its screens and its signer both
// read calldata with this function, which accepts only forms with one meaning.

/** What a wallet accepts as a felt, said once for the error texts and the docs. */
export const STRICT_FELT_FORMS =
  'a 0x hex string (digits 0-9, a-f, A-F, at most 64), a decimal string without sign, spaces or leading zeros, a non-negative safe integer or a bigint, below the field prime'

const DECIMAL = /^(0|[1-9][0-9]{0,77})$/
/** A string in one of the forms: hex as the wire writes it (a lowercase 0x), or decimal without a leading zero. */
const isFeltText = (value: string) => isRpcHexFelt(value) || DECIMAL.test(value)

/**
 * The felt of `value` in {@link STRICT_FELT_FORMS}, or `undefined`; screens, checks and signer share it.
 *
 * @example
 * readFelt('0x1') // 1n
 * readFelt('1 ') // undefined
 */
export function readFelt(value: unknown): bigint | undefined {
  const felt =
    typeof value === 'bigint'
      ? value
      : (typeof value === 'number' && Number.isSafeInteger(value)) ||
          (typeof value === 'string' && isFeltText(value))
        ? BigInt(value)
        : undefined
  return felt !== undefined && felt >= 0n && felt < FIELD_PRIME ? felt : undefined
}

/**
 * The felt of `value`, or why it has none: {@link readFelt} with the reason it refuses.
 *
 * @example
 * strictFelt('0x1') // { felt: 1n }
 * strictFelt('1 ') // { refused: 'has spaces around it' }
 */
export function strictFelt(value: unknown): { felt: bigint } | { refused: string } {
  const felt = readFelt(value)
  if (felt !== undefined) return { felt }
  if (typeof value === 'number' && !Number.isSafeInteger(value)) return { refused: 'not a safe integer' }
  if (typeof value === 'string' && !isFeltText(value)) return { refused: stringFault(value) }
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'bigint')
    return { refused: `a ${value === null ? 'null' : typeof value}, not a number` }
  return { refused: BigInt(value) < 0n ? 'negative' : 'not below the field prime' }
}

/**
 * A u256 (an ERC-20 amount) in the forms {@link strictFelt} accepts, below 2^256 instead of the field prime.
 *
 * @example
 * strictUint256('0x' + 'f'.repeat(64)) // { value: 2n ** 256n - 1n }
 */
export function strictUint256(value: unknown): { value: bigint } | { refused: string } {
  if (typeof value === 'string' && !isFeltText(value)) return { refused: stringFault(value) }
  if (typeof value === 'number' && !Number.isSafeInteger(value)) return { refused: 'not a safe integer' }
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'bigint')
    return { refused: `a ${value === null ? 'null' : typeof value}, not a number` }
  const number = BigInt(value)
  if (number < 0n) return { refused: 'negative' }
  if (number >= 2n ** 256n) return { refused: 'not below 2^256' }
  return { value: number }
}

function stringFault(value: string): string {
  if (value.trim() !== value) return 'has spaces around it'
  if (/^-/.test(value)) return 'negative'
  if (/^0[xX]/.test(value)) return 'not a hex number of at most 64 digits after a lowercase 0x'
  if (/^0[0-9]+$/.test(value)) return 'a decimal with leading zeros'
  if (/^[0-9]+$/.test(value)) return 'not below the field prime'
  return 'text, not a number (a short string is read as its bytes, which the wallet will not guess)'
}
