import { numberField, stringField, WALLET_API_CODES, WebWalletError } from './base'

type Opts = { cause?: unknown }

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

export class InvalidStorageKeyError extends WebWalletError<'INVALID_STORAGE_KEY', { key: string }> {
  static readonly code = 'INVALID_STORAGE_KEY'
  override name = 'InvalidStorageKeyError'
  constructor(key: string, options: Opts = {}) {
    super(storageKeyMessage(key), { code: 'INVALID_STORAGE_KEY', data: { key }, cause: options.cause })
  }
  static override fromData(data: unknown): WebWalletError {
    return new InvalidStorageKeyError(stringField(data, 'key') ?? '')
  }
}

export class InvalidStorageValueError extends WebWalletError<'INVALID_STORAGE_VALUE', { length: number }> {
  static readonly code = 'INVALID_STORAGE_VALUE'
  override name = 'InvalidStorageValueError'
  constructor(length: number, options: Opts = {}) {
    super(storageValueMessage(length), {
      code: 'INVALID_STORAGE_VALUE',
      data: { length },
      cause: options.cause,
    })
  }
  static override fromData(data: unknown): WebWalletError {
    return new InvalidStorageValueError(numberField(data, 'length') ?? 0)
  }
}

/**
 * A calldata entry that is not hex, an integer or a bigint.
 *
 * @example
 * new CalldataConversionError('zz', 2).message // 'Failed to convert value "zz" at index 2'
 */
export class CalldataConversionError extends WebWalletError<
  'CALLDATA_CONVERSION',
  { value: string; index: number }
> {
  static readonly code = 'CALLDATA_CONVERSION'
  override name = 'CalldataConversionError'
  constructor(value: unknown, index: number, options: Opts = {}) {
    super(calldataConversionMessage(value, index), {
      code: 'CALLDATA_CONVERSION',
      // The value is kept as text so the data stays JSON-safe.
      data: { value: typeof value === 'string' ? value : String(value), index },
      cause: options.cause,
    })
  }
  static override fromData(data: unknown): WebWalletError {
    return new CalldataConversionError(stringField(data, 'value') ?? '', numberField(data, 'index') ?? 0)
  }
}

export class InvalidArgumentCountError extends WebWalletError<
  'INVALID_ARGUMENT_COUNT',
  { expected: number; got: number }
> {
  static readonly code = 'INVALID_ARGUMENT_COUNT'
  override name = 'InvalidArgumentCountError'
  constructor(expected: number, got: number, options: Opts = {}) {
    super(argumentCountMessage(expected, got), {
      code: 'INVALID_ARGUMENT_COUNT',
      data: { expected, got },
      cause: options.cause,
    })
  }
  static override fromData(data: unknown): WebWalletError {
    return new InvalidArgumentCountError(numberField(data, 'expected') ?? 0, numberField(data, 'got') ?? 0)
  }
}

/** One schema issue as it travels: where and what. */
export interface ValidationIssue {
  path: (string | number)[]
  message: string
}

/**
 * Input that failed a schema (wallet-API 114). The message is the first issue's exact text.
 *
 * @example
 * new ValidationError([{ path: ['address'], message: 'Invalid address' }]).message // 'Invalid address'
 */
export class ValidationError extends WebWalletError<'VALIDATION', { issues: ValidationIssue[] }> {
  static readonly code = 'VALIDATION'
  override name = 'ValidationError'
  constructor(issues: ValidationIssue[], options: Opts = {}) {
    super(issues[0]?.message ?? 'Invalid input', {
      code: 'VALIDATION',
      data: { issues },
      walletApiCode: WALLET_API_CODES.INVALID_REQUEST_PAYLOAD,
      cause: options.cause,
    })
  }
  static override fromData(data: unknown, message: string): WebWalletError {
    const raw = typeof data === 'object' && data !== null ? (data as { issues?: unknown }).issues : undefined
    const issues = Array.isArray(raw)
      ? raw.map((i) => ({
          path: Array.isArray(i?.path)
            ? i.path.filter((p: unknown) => typeof p === 'string' || typeof p === 'number')
            : [],
          message: stringField(i, 'message') ?? message,
        }))
      : [{ path: [], message }]
    return new ValidationError(issues)
  }
}
