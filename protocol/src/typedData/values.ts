// How one JSON value becomes a felt, as starknet.js reads it (`getHex`: BigInt first, else the text's
// short-string bytes), restricted to the forms that have exactly that one reading: no booleans or arrays
// where a number is meant, no unsafe JSON numbers, no control characters in text, nothing outside its range.
import { ValidationError } from '../errors/validation'
import { FIELD_PRIME } from '../session/felt'
import { isHexFelt } from '../starknet/felt'
import type { TreePath } from './tree'

/**
 * Refuses typed data with a coded ValidationError (wallet API 114) naming where.
 * @example refuse(['message', 'amount'], 'is negative')
 */
export function refuse(path: TreePath, message: string): never {
  const where = path.length === 0 ? 'typed data' : path.join('.')
  throw new ValidationError([{ path, message: `Typed data: ${where} ${message}` }])
}

const bigintAsText = (_key: string, item: unknown) => (typeof item === 'bigint' ? `${item}n` : item)

/** A value in an error text, whatever it is (bigints included, at any depth), cut short. */
export const show = (value: unknown): string =>
  typeof value === 'bigint'
    ? `${value}n`
    : (JSON.stringify(value, bigintAsText) ?? String(value)).slice(0, 80)

/** The number BigInt reads from a value, or undefined where it reads none (text, objects, unsafe numbers). */
export function numberOf(value: unknown, path: TreePath): bigint | undefined {
  if (typeof value === 'bigint') return value
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) refuse(path, `${show(value)} is not a safe integer`)
    return BigInt(value)
  }
  if (typeof value !== 'string') refuse(path, `${show(value)} is a ${value === null ? 'null' : typeof value}`)
  // BigInt is exactly what starknet.js applies: it trims spaces and reads 0x, 0o, 0b and decimal.
  return numberOfText(value)
}

/** Printable ASCII, at most 31 characters: the text starknet.js encodes byte for byte. */
const SHORT_TEXT = /^[\x20-\x7e]{0,31}$/

/**
 * The short-string felt of text (its ASCII bytes).
 * @example shortStringFelt('ANY_CALLER', []) // 0x414e595f43414c4c4552n
 */
export function shortStringFelt(text: string, path: TreePath): bigint {
  if (!SHORT_TEXT.test(text))
    refuse(
      path,
      `${show(text)} is neither a number nor a short string (printable ASCII, at most 31 characters)`,
    )
  let felt = 0n
  for (let i = 0; i < text.length; i++) felt = (felt << 8n) | BigInt(text.charCodeAt(i))
  return felt
}

/**
 * A felt-like value where text is allowed (`felt`, `shortstring`, revision 0's other types): the number it
 * spells, else the bytes of its text. `text` is the felt read back as a short string when it is one (printable
 * ASCII that reads as no number), whichever way it was spelled: the node depends on the felt only.
 * @example feltOrText(' 0x0A ', []) // { felt: 10n }
 */
export function feltOrText(value: unknown, path: TreePath): { felt: bigint; text?: string } {
  const number = numberOf(value, path)
  const felt =
    number === undefined
      ? shortStringFelt(value as string, path)
      : inRange(number, 0n, FIELD_PRIME - 1n, path)
  const text = feltText(felt)
  return text === undefined ? { felt } : { felt, text }
}

/**
 * The short string a felt holds, when it holds one that BigInt reads as no number (so the text spells exactly
 * this felt); undefined otherwise.
 * @example feltText(0x414e595f43414c4c4552n) // 'ANY_CALLER'
 */
export function feltText(felt: bigint): string | undefined {
  let text = ''
  for (let rest = felt; rest > 0n; rest >>= 8n) text = String.fromCharCode(Number(rest & 0xffn)) + text
  if (!SHORT_TEXT.test(text) || text === '') return undefined
  return numberOfText(text) === undefined ? text : undefined
}

const numberOfText = (text: string): bigint | undefined => {
  try {
    return BigInt(text)
  } catch {
    return undefined
  }
}

/**
 * A number within [min, max] (revision 1's `u128`, `timestamp`, `ContractAddress`…): text is refused.
 * @example rangedNumber('5', 0n, 2n ** 128n - 1n, []) // 5n
 */
export function rangedNumber(value: unknown, min: bigint, max: bigint, path: TreePath): bigint {
  const number = numberOf(value, path)
  if (number === undefined) refuse(path, `${show(value)} is not a number`)
  return inRange(number, min, max, path)
}

function inRange(number: bigint, min: bigint, max: bigint, path: TreePath): bigint {
  if (number < min || number > max) refuse(path, `${number} is outside [${min}, ${max}]`)
  return number
}

/** Printable ASCII of any length: what starknet.js encodes as a ByteArray byte for byte. */
const BYTE_ARRAY_TEXT = /^[\x20-\x7e]*$/

/**
 * The text of a revision 1 `string`.
 * @example byteArrayText('hello', []) // 'hello'
 */
export function byteArrayText(value: unknown, path: TreePath): string {
  if (typeof value !== 'string' || !BYTE_ARRAY_TEXT.test(value))
    refuse(path, `${show(value)} is not a string of printable ASCII`)
  return value
}

/** Entry-point names; a decimal string reads as a number elsewhere but would be hashed as a name here. */
const ENTRY_POINT = /^[A-Za-z_][A-Za-z0-9_]{0,99}$/

/**
 * A `selector` value: hex (the selector itself) or an entry-point name (its starknet keccak).
 * @example selectorSpelling('transfer', []) // { name: 'transfer' }
 */
export function selectorSpelling(value: unknown, path: TreePath): { hex: bigint } | { name: string } {
  if (isHexFelt(value)) return { hex: inRange(BigInt(value), 0n, FIELD_PRIME - 1n, path) }
  if (typeof value === 'string' && ENTRY_POINT.test(value)) return { name: value }
  return refuse(path, `${show(value)} is neither a 0x selector nor an entry-point name`)
}
