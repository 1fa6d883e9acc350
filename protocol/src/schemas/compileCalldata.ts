import { FIELD_PRIME } from '../starknet/field'
import { readCairoValue } from './cairoValues'

// starknet.js's `CallData.compile` (v8 and v10), written once here so the wallet's router, its screens and
// the SDK's signer read calldata the same way, without starknet.js in the wallet's bundle. Proven equal to
// starknet.js by property tests (compileCalldata.test.ts). Where starknet.js reads a value two ways (v8 and
// v10 differ, or text looks like a number) or loses part of it, the value is refused with the reason.

/** Where a value sits in a call's calldata: `calldata[2].low`. */
export type CalldataPath = readonly (string | number)[]

/** The felts of a call's calldata, or why and where it has none. */
export type CalldataReading = { felts: bigint[] } | { refused: string; at: CalldataPath }

/** Deeper than this is refused: no ABI nests so far, and a cycle ends here instead of in a stack overflow. */
export const CALLDATA_MAX_DEPTH = 32
const SHORT_TEXT_MAX = 31
const HEX = /^0[xX][0-9a-fA-F]*$/
const DECIMAL = /^\d+$/
// Text a reader could take for a number: a digit, sign or point first, or spaces around it.
const NUMBER_LIKE = /^[\s0-9+.-]|\s$/
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/

class Refusal {
  constructor(
    readonly reason: string,
    readonly at: CalldataPath,
  ) {}
}

/**
 * Compiles a call's calldata as starknet.js's `CallData.compile` does: a list is its values in order (no
 * length), an object of arguments its values in key order; inside them a list is its length then its items,
 * an object (a struct, a u256 `{low, high}`) its fields in order, text over 31 characters a ByteArray,
 * `true`/`false` 1/0. Refused, with the reason and where: negative or out-of-field numbers, unsafe or
 * fractional JavaScript numbers, text that reads as a number or is not printable ASCII, empty text,
 * holes, objects that starknet.js would rewrite or lose.
 *
 * @example
 * compileCalldata(['0x1', [2, 3], { low: 5, high: 0 }]) // { felts: [1n, 2n, 2n, 3n, 5n, 0n] }
 * compileCalldata(['1 ']) // { refused: 'text that reads as a number …', at: [0] }
 */
export function compileCalldata(raw: unknown): CalldataReading {
  const felts: bigint[] = []
  try {
    if (Array.isArray(raw)) {
      noHoles(raw, [])
      for (const [index, value] of raw.entries()) emit(value, [index], felts)
    } else if (isObjectOfArguments(raw)) emitFields(raw, [], felts)
    else throw new Refusal(`${describe(raw)}, not a list or an object of arguments`, [])
  } catch (error) {
    if (error instanceof Refusal) return { refused: error.reason, at: error.at }
    throw error
  }
  return { felts }
}

function emit(value: unknown, at: CalldataPath, felts: bigint[]): void {
  if (at.length > CALLDATA_MAX_DEPTH) throw new Refusal(`nested deeper than ${CALLDATA_MAX_DEPTH}`, at)
  if (typeof value === 'string' && isText(value) && value.length > SHORT_TEXT_MAX) {
    checkText(value, at)
    emitFields(byteArray(value), at, felts)
    return
  }
  if (Array.isArray(value)) {
    noHoles(value, at)
    felts.push(BigInt(value.length))
    for (const [index, item] of value.entries()) emit(item, [...at, index], felts)
    return
  }
  if (typeof value === 'object' && value !== null) {
    const cairo = readCairoValue(value)
    if (cairo === undefined) {
      emitObject(value, at, felts)
      return
    }
    if ('refused' in cairo) throw new Refusal(cairo.refused, at)
    felts.push(BigInt(cairo.variant))
    if ('value' in cairo) emit(cairo.value, [...at, 'value'], felts)
    return
  }
  felts.push(leafFelt(value, at))
}

function emitObject(value: object, at: CalldataPath, felts: bigint[]): void {
  // starknet.js reads an object's class for Cairo methods, and fails on one without a prototype.
  if (Object.getPrototypeOf(value) === null) throw new Refusal('an object without a prototype', at)
  if (!isObjectOfArguments(value)) throw new Refusal(`${describe(value)}, not calldata`, at)
  emitFields(value, at, felts)
}

function emitFields(value: Record<string, unknown>, at: CalldataPath, felts: bigint[]): void {
  for (const [key, field] of Object.entries(value)) {
    // starknet.js replaces a field named entrypoint by its selector, and keys its tree by dotted paths.
    if (key === 'entrypoint')
      throw new Refusal('a field named "entrypoint", which starknet.js replaces by a selector', [...at, key])
    if (key.includes('.')) throw new Refusal('a field name with a ".", which starknet.js mixes up', at)
    emit(field, [...at, key], felts)
  }
}

function leafFelt(value: unknown, at: CalldataPath): bigint {
  let felt: bigint
  if (typeof value === 'boolean') return value ? 1n : 0n
  if (typeof value === 'bigint') felt = value
  else if (typeof value === 'number') {
    if (!Number.isInteger(value)) throw new Refusal('not a whole number', at)
    if (!Number.isSafeInteger(value))
      throw new Refusal('a number above 2^53 that JavaScript does not hold exactly (write a bigint)', at)
    felt = BigInt(value)
  } else if (typeof value === 'string') {
    if (HEX.test(value)) {
      if (value.length === 2) throw new Refusal('"0x" without digits', at)
      felt = BigInt(value)
    } else if (DECIMAL.test(value)) felt = BigInt(value)
    else return shortText(value, at)
  } else throw new Refusal(`${describe(value)}, not a value of calldata`, at)
  if (felt < 0n) throw new Refusal('negative', at)
  if (felt >= FIELD_PRIME) throw new Refusal('not below the field prime', at)
  return felt
}

function isText(value: string): boolean {
  return !HEX.test(value) && !DECIMAL.test(value)
}

function checkText(value: string, at: CalldataPath): void {
  if (value === '') throw new Refusal('empty text', at)
  if (!PRINTABLE_ASCII.test(value))
    throw new Refusal('text with a character outside printable ASCII (text is its bytes)', at)
  if (NUMBER_LIKE.test(value))
    throw new Refusal(
      'text that reads as a number (a sign, point, digit or space first, or a space last)',
      at,
    )
}

function shortText(value: string, at: CalldataPath): bigint {
  checkText(value, at)
  return textFelt(value)
}

/** Text as a felt: its bytes, big-endian (printable ASCII, at most 31 characters, checked before). */
function textFelt(text: string): bigint {
  let felt = 0n
  for (let i = 0; i < text.length; i++) felt = (felt << 8n) | BigInt(text.charCodeAt(i))
  return felt
}

/** starknet.js's ByteArray of long text: 31-character words, then the rest and its length. */
function byteArray(text: string): Record<string, unknown> {
  const words: string[] = []
  for (let i = 0; i < text.length; i += SHORT_TEXT_MAX) words.push(text.slice(i, i + SHORT_TEXT_MAX))
  const last = words.at(-1) ?? ''
  const full = last.length === SHORT_TEXT_MAX ? words : words.slice(0, -1)
  const pending = last.length === SHORT_TEXT_MAX ? 0n : textFelt(last)
  return {
    data: full.map(textFelt),
    pending_word: pending,
    pending_word_len: last.length === SHORT_TEXT_MAX ? 0 : last.length,
  }
}

function noHoles(list: readonly unknown[], at: CalldataPath): void {
  for (let index = 0; index < list.length; index++)
    if (!(index in list)) throw new Refusal('a list with a hole', [...at, index])
}

// Plain objects and class instances of the app's own (starknet.js's CairoUint256 …); not Map, Date and the
// like, which starknet.js flattens to nothing.
function isObjectOfArguments(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  return !(
    value instanceof Date ||
    value instanceof Map ||
    value instanceof Set ||
    value instanceof RegExp ||
    value instanceof Promise ||
    ArrayBuffer.isView(value) ||
    value instanceof ArrayBuffer
  )
}

function describe(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'a list'
  if (typeof value === 'object') return `a ${value.constructor?.name ?? 'object'}`
  return `a ${typeof value}`
}
