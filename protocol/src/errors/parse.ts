import { type SerializedError, stringField, WebWalletError } from './base'
import { WEBWALLET_ERROR_CODES } from './codes'
import { ConnectAndSignSessionError, UnknownError } from './connector'
import { isRecord } from './record'
import { ERROR_CLASSES } from './registry'

/**
 * The JSON form of any thrown value. WebWalletErrors keep code, message and data; anything else
 * becomes UNKNOWN with the original message kept in `data.message`.
 *
 * @example
 * serializeError(new PopupBlockedError()) // { code: 'POPUP_BLOCKED', message: 'Could not open popup' }
 */
export function serializeError(error: unknown): SerializedError {
  if (error instanceof WebWalletError) return error.toJSON()
  const unknown = new UnknownError().toJSON()
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : undefined
  return message === undefined ? unknown : { ...unknown, data: { message } }
}

function fromSerialized(value: Record<string, unknown>, cause: unknown): WebWalletError | undefined {
  const code = value.code
  const message = value.message
  if (typeof code !== 'string' || typeof message !== 'string') return undefined
  const cls = ERROR_CLASSES.get(code)
  if (!cls) return undefined
  const error = cls.fromData(value.data, message)
  if (cause !== undefined) Object.defineProperty(error, 'cause', { value: cause, configurable: true })
  return error
}

/**
 * Rebuilds the right error class from what came over the wire: our `{code, message, data}`, a tRPC
 * error shape (whose `data` carries `webwalletError` or starknetkit's `webwalletErrorCode` /
 * `webwalletErrorMessage`), or a TRPCClientError-like object with `shape`/`data`. Anything else
 * parses to UnknownError ('Unknown error'), with the input as `cause` when it is an Error.
 *
 * @example
 * parseError({ code: 'UNKNOWN_EVENT', message: 'Unknwown event: foo', data: { event: 'foo' } })
 * // UnknownEventError
 */
export function parseError(input: unknown): WebWalletError {
  if (input instanceof WebWalletError) return input
  const cause = input instanceof Error ? input : undefined
  if (isRecord(input)) {
    const direct = fromSerialized(input, cause)
    if (direct) return direct
    // tRPC: TRPCClientError has .shape and .data; a raw error shape has .data.
    for (const holder of [input.shape, input]) {
      if (!isRecord(holder) || !isRecord(holder.data)) continue
      const data = holder.data
      if (isRecord(data.webwalletError)) {
        const nested = fromSerialized(data.webwalletError, cause)
        if (nested) return nested
      }
      const wwCode = stringField(data, 'webwalletErrorCode')
      if (wwCode) {
        const wwMessage =
          stringField(data, 'webwalletErrorMessage') ?? stringField(holder, 'message') ?? wwCode
        const known = ERROR_CLASSES.get(wwCode)
        if (known) return known.fromData(data.webwalletErrorData, wwMessage)
        if ((WEBWALLET_ERROR_CODES as readonly string[]).includes(wwCode) || stringField(holder, 'message')) {
          return new ConnectAndSignSessionError(wwMessage, wwCode, { cause })
        }
      }
    }
  }
  return new UnknownError({ cause })
}

/**
 * Type guard that also narrows on the code.
 *
 * @example
 * if (isWebWalletError(e, 'USER_REJECTED')) closeDialog()
 */
export function isWebWalletError(error: unknown, code?: string): error is WebWalletError {
  return error instanceof WebWalletError && (code === undefined || error.code === code)
}
