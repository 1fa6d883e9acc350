import { isHexFelt } from '@webwallet/protocol/constants'
import { UnexpectedAnswerError } from '@webwallet/protocol/errors'

// Small structural checks for wire answers. The shim's main entry stays free of zod (its schemas would
// cost ~8 KB gzip of the 27.5 KB budget); protocol's schemas remain the reference these checks follow.

/**
 * An answer's JSON, or UNEXPECTED_ANSWER naming whose answer was not JSON (the SyntaxError as cause).
 *
 * @example
 * parseJson(await response.text(), 'node answer')
 */
export function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text)
  } catch (cause) {
    throw new UnexpectedAnswerError(what, { cause })
  }
}

/** A plain object's fields, or undefined. */
export function fields(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined
}

export const isString = (value: unknown): value is string => typeof value === 'string'
export const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value)
/** A felt as the wire writes it: 0x and 1 to 64 hex digits (protocol's isHexFelt). */
export const isFelt = isHexFelt
/** An unsigned integer as a hex (a felt's, protocol's isHexFelt) or decimal string (what BigInt reads). */
export const isUint = (value: unknown): value is string =>
  isHexFelt(value) || (typeof value === 'string' && /^\d{1,78}$/.test(value))
/** A non-negative safe integer (a count, a block number, a token's decimals). */
export const isCount = (value: unknown): value is number =>
  Number.isSafeInteger(value) && (value as number) >= 0
export const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean'
export const isOptional =
  <T>(check: (value: unknown) => value is T) =>
  (value: unknown): value is T | undefined =>
    value === undefined || check(value)
export const isArrayOf =
  <T>(check: (value: unknown) => boolean) =>
  (value: unknown): value is T[] =>
    Array.isArray(value) && value.every(check)

/**
 * Checks an object against per-field checks.
 *
 * @example
 * hasShape(answer, { transactionHash: isString })
 */
export function hasShape(value: unknown, shape: Record<string, (field: unknown) => unknown>): boolean {
  const object = fields(value)
  return object !== undefined && Object.entries(shape).every(([key, check]) => check(object[key]))
}

/**
 * Returns `value` when it has the shape, else throws UnexpectedAnswerError naming what was read.
 *
 * @example
 * const { transactionHash } = expectShape<{ transactionHash: string }>(answer, { transactionHash: isString }, 'execute answer')
 */
export function expectShape<T>(
  value: unknown,
  shape: Record<string, (field: unknown) => unknown>,
  what: string,
): T {
  if (!hasShape(value, shape)) throw new UnexpectedAnswerError(what)
  return value as T
}
