import { defineError, type ErrorOptions } from './base'
import { WALLET_API_CODES } from './codes'
import { isRecord } from './record'
import { storageKeyMessage, storageValueMessage } from './storageMessages'

/** The `INVALID_STORAGE_KEY` error (what to do: docs/errors.md). @example isWebWalletError(error, 'INVALID_STORAGE_KEY') */
export const InvalidStorageKeyError = /* @__PURE__ */ defineError(
  'INVALID_STORAGE_KEY',
  (key: string, o?: ErrorOptions) => ({ message: storageKeyMessage(key), data: { key }, cause: o?.cause }),
  (d) => [String(d.key ?? '')],
)
/** An instance of {@link InvalidStorageKeyError}. */
export type InvalidStorageKeyError = InstanceType<typeof InvalidStorageKeyError>

/** The `INVALID_STORAGE_VALUE` error (what to do: docs/errors.md). @example isWebWalletError(error, 'INVALID_STORAGE_VALUE') */
export const InvalidStorageValueError = /* @__PURE__ */ defineError(
  'INVALID_STORAGE_VALUE',
  (length: number, o?: ErrorOptions) => ({
    message: storageValueMessage(length),
    data: { length },
    cause: o?.cause,
  }),
  (d) => [Number(d.length ?? 0)],
)
/** An instance of {@link InvalidStorageValueError}. */
export type InvalidStorageValueError = InstanceType<typeof InvalidStorageValueError>

/** One schema issue as it travels: where and what. */
export interface ValidationIssue {
  path: (string | number)[]
  message: string
}

function toIssue(raw: unknown, fallback: string): ValidationIssue {
  const issue: { path?: unknown; message?: unknown } = isRecord(raw) ? raw : {}
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
export const ValidationError = /* @__PURE__ */ defineError(
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
/** An instance of {@link ValidationError}. */
export type ValidationError = InstanceType<typeof ValidationError>
