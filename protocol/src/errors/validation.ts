import { defineError, type ErrorOptions, WALLET_API_CODES } from './base'

/**
 * Message of an invalid local-storage key. The spec's '...' is the key, JSON-quoted.
 *
 * @example
 * storageKeyMessage('a b') // 'Invalid key "a b" must be 1-128 characters long and contain only A-Z, a-z, 0-9, _ and -.'
 */
export function storageKeyMessage(key: string): string {
  return `Invalid key ${JSON.stringify(key)} must be 1-128 characters long and contain only A-Z, a-z, 0-9, _ and -.`
}

/** Message of a too-long local-storage value; the prefix names its length (values can be large). */
export function storageValueMessage(length: number): string {
  return `Invalid value (${length} characters) must be 0-4096 characters long.`
}

/** Message of a calldata entry that cannot be converted; '...' is the value (strings JSON-quoted). */
export function calldataConversionMessage(value: unknown, index: number): string {
  const shown = typeof value === 'string' ? JSON.stringify(value) : String(value)
  return `Failed to convert value ${shown} at index ${index}`
}

/** Message of a wrong argument count. */
export function argumentCountMessage(expected: number, got: number): string {
  return `Invalid number of arguments, expected ${expected} arguments, but got ${got}`
}

export const InvalidStorageKeyError = defineError(
  'INVALID_STORAGE_KEY',
  (key: string, o?: ErrorOptions) => ({ message: storageKeyMessage(key), data: { key }, cause: o?.cause }),
  (d) => [String(d.key ?? '')],
)
export type InvalidStorageKeyError = InstanceType<typeof InvalidStorageKeyError>

export const InvalidStorageValueError = defineError(
  'INVALID_STORAGE_VALUE',
  (length: number, o?: ErrorOptions) => ({
    message: storageValueMessage(length),
    data: { length },
    cause: o?.cause,
  }),
  (d) => [Number(d.length ?? 0)],
)
export type InvalidStorageValueError = InstanceType<typeof InvalidStorageValueError>

/**
 * A calldata entry that is not hex, an integer or a bigint. The value is kept as text (JSON-safe).
 *
 * @example
 * new CalldataConversionError('zz', 2).message // 'Failed to convert value "zz" at index 2'
 */
export const CalldataConversionError = defineError(
  'CALLDATA_CONVERSION',
  (value: unknown, index: number, o?: ErrorOptions) => ({
    message: calldataConversionMessage(value, index),
    data: { value: typeof value === 'string' ? value : String(value), index },
    cause: o?.cause,
  }),
  (d) => [String(d.value ?? ''), Number(d.index ?? 0)],
)
export type CalldataConversionError = InstanceType<typeof CalldataConversionError>

export const InvalidArgumentCountError = defineError(
  'INVALID_ARGUMENT_COUNT',
  (expected: number, got: number, o?: ErrorOptions) => ({
    message: argumentCountMessage(expected, got),
    data: { expected, got },
    cause: o?.cause,
  }),
  (d) => [Number(d.expected ?? 0), Number(d.got ?? 0)],
)
export type InvalidArgumentCountError = InstanceType<typeof InvalidArgumentCountError>

/** One schema issue as it travels: where and what. */
export interface ValidationIssue {
  path: (string | number)[]
  message: string
}

function toIssue(raw: unknown, fallback: string): ValidationIssue {
  const issue = (typeof raw === 'object' && raw !== null ? raw : {}) as { path?: unknown; message?: unknown }
  return {
    path: Array.isArray(issue.path)
      ? issue.path.filter((p) => typeof p === 'string' || typeof p === 'number')
      : [],
    message: typeof issue.message === 'string' ? issue.message : fallback,
  }
}

/**
 * Input that failed a schema (wallet-API 114). The message is the first issue's exact text.
 *
 * @example
 * new ValidationError([{ path: ['address'], message: 'Invalid address' }]).message // 'Invalid address'
 */
export const ValidationError = defineError(
  'VALIDATION',
  (issues: ValidationIssue[], o?: ErrorOptions) => ({
    message: issues[0]?.message ?? 'Invalid input',
    data: { issues },
    walletApiCode: WALLET_API_CODES.INVALID_REQUEST_PAYLOAD,
    cause: o?.cause,
  }),
  (d, message) => [
    Array.isArray(d.issues) ? d.issues.map((i) => toIssue(i, message)) : [{ path: [], message }],
  ],
)
export type ValidationError = InstanceType<typeof ValidationError>
