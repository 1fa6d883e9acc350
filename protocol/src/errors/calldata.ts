import { defineError, type ErrorOptions } from './base'

// Calldata conversion errors, in a module of their own: the calldata converters of '@webwallet/protocol/procedures'
// throw them, so that entry bundles these two classes and none of the rest of the table.

/** Message of a calldata entry that cannot be converted; '...' is the value (strings JSON-quoted). */
export function calldataConversionMessage(value: unknown, index: number): string {
  const shown = typeof value === 'string' ? JSON.stringify(value) : String(value)
  return `Failed to convert value ${shown} at index ${index}`
}

/** Message of a wrong argument count. */
export function argumentCountMessage(expected: number, got: number): string {
  return `Invalid number of arguments, expected ${expected} arguments, but got ${got}`
}

/**
 * A calldata entry that is not hex, an integer or a bigint. The value is kept as text (JSON-safe).
 *
 * @example
 * new CalldataConversionError('zz', 2).message // 'Failed to convert value "zz" at index 2'
 */
export const CalldataConversionError = /* @__PURE__ */ defineError(
  'CALLDATA_CONVERSION',
  (value: unknown, index: number, o?: ErrorOptions) => ({
    message: calldataConversionMessage(value, index),
    data: { value: typeof value === 'string' ? value : String(value), index },
    cause: o?.cause,
  }),
  (d) => [String(d.value ?? ''), Number(d.index ?? 0)],
)
/** An instance of {@link CalldataConversionError}. */
export type CalldataConversionError = InstanceType<typeof CalldataConversionError>

/** The `INVALID_ARGUMENT_COUNT` error (what to do: docs/errors.md). @example isWebWalletError(error, 'INVALID_ARGUMENT_COUNT') */
export const InvalidArgumentCountError = /* @__PURE__ */ defineError(
  'INVALID_ARGUMENT_COUNT',
  (expected: number, got: number, o?: ErrorOptions) => ({
    message: argumentCountMessage(expected, got),
    data: { expected, got },
    cause: o?.cause,
  }),
  (d) => [Number(d.expected ?? 0), Number(d.got ?? 0)],
)
/** An instance of {@link InvalidArgumentCountError}. */
export type InvalidArgumentCountError = InstanceType<typeof InvalidArgumentCountError>
