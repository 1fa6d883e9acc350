import { isRecord } from './record'
/** What crosses a boundary (postMessage, WebSocket, HTTP) for any error: rebuilt with `parseError`. */
export interface SerializedError {
  code: string
  message: string
  data?: unknown
}

/**
 * What every error class is built from: its code, JSON-safe data, the wallet-API code and the cause.
 * @example new WebWalletError('Sign session error', { code: 'SIGN_SESSION_ERROR', data: { status: 403 } })
 */
export interface WebWalletErrorArgs<TCode extends string, TData> {
  code: TCode
  data: TData
  walletApiCode?: number | undefined
  cause?: unknown
}

/**
 * The base of every error the product throws. Branch on `code` (stable), never on `message` (for humans).
 *
 * @example
 * try { await wallet.connect() } catch (e) {
 *   if (e instanceof WebWalletError && e.code === 'USER_REJECTED') showRetry()
 * }
 */
export class WebWalletError<TCode extends string = string, TData = unknown> extends Error {
  override name = 'WebWalletError'
  // `declare`: set once in the constructor, so no field initialiser is emitted for them.
  declare readonly code: TCode
  /** Numeric Starknet wallet-API code where one exists (113 user refused, 114 invalid request, 163 unknown). */
  declare readonly walletApiCode: number | undefined
  /** JSON-safe details (status, index, ...) that survive serialisation. */
  declare readonly data: TData

  constructor(message: string, args: WebWalletErrorArgs<TCode, TData>) {
    super(message, args.cause === undefined ? undefined : { cause: args.cause })
    this.code = args.code
    this.data = args.data
    this.walletApiCode = args.walletApiCode
  }

  /**
   * Rebuilds an instance from wire data; subclasses with parameters override it.
   * Fixed-message errors ignore `data`.
   */
  static fromData(_data: unknown, message: string): WebWalletError {
    return new WebWalletError(message, { code: 'UNKNOWN', data: undefined })
  }

  /**
   * Follows the `cause` chain and returns the first error `fn` accepts (the deepest one without `fn`).
   *
   * @example
   * err.walk((e) => e instanceof WebWalletError && e.code === 'SIGN_SESSION_ERROR')
   */
  walk(fn?: (error: unknown) => boolean): unknown {
    let current: unknown = this
    let last: unknown = this
    const seen = new Set<unknown>()
    while (current !== undefined && current !== null && !seen.has(current)) {
      if (fn?.(current)) return current
      seen.add(current)
      last = current
      current = current instanceof Error ? current.cause : undefined
    }
    return fn ? undefined : last
  }

  toJSON(): SerializedError {
    const { code, message, data } = this
    return data === undefined ? { code, message } : { code, message, data }
  }
}

/** Options every error constructor accepts last. */
export interface ErrorOptions {
  cause?: unknown
}

/** What a parameterised error computes from its arguments. */
export interface BuiltError<TData> {
  message: string
  data: TData
  cause?: unknown
  walletApiCode?: number | undefined
}

/**
 * The class name of a code (derived, so the bundle carries each code once).
 *
 * @example
 * errorName('USER_REJECTED') // 'UserRejectedError'
 * errorName('WEBSOCKET_CLOSED') // 'WebSocketClosedError'
 */
export function errorName(code: string): string {
  const pascal = code
    .toLowerCase()
    .split('_')
    .map((word) => (word === 'websocket' ? 'WebSocket' : word.charAt(0).toUpperCase() + word.slice(1)))
    .join('')
  return pascal.endsWith('Error') ? pascal : `${pascal}Error`
}

type Fields = Record<string, unknown>

/**
 * Declares a coded error class whose message depends on its arguments. `fromData` turns wire data back
 * into constructor arguments, so `parseError` can rebuild the same class.
 *
 * @example
 * export const UnknownEventError = defineError(
 *   'UNKNOWN_EVENT',
 *   (event: string, o?: ErrorOptions) => ({ message: `Unknwown event: ${event}`, data: { event }, cause: o?.cause }),
 *   (d) => [String(d.event ?? '')],
 * )
 */
export function defineError<const TCode extends string, TArgs extends unknown[], TData>(
  code: TCode,
  build: (...args: TArgs) => BuiltError<TData>,
  // Returns the constructor arguments, positionally (a tuple the compiler cannot check against TArgs).
  fromData: (data: Fields, message: string) => unknown[],
) {
  const name = errorName(code)
  return class CodedError extends WebWalletError<TCode, TData> {
    static readonly code: TCode = code
    override name = name
    constructor(...args: TArgs) {
      const built = build(...args)
      super(built.message, { ...built, code })
    }
    static override fromData(data: unknown, message: string): WebWalletError {
      const fields = isRecord(data) ? data : {}
      // `this`, so a subclass (one that adds a field) is rebuilt as itself.
      return new this(...(fromData(fields, message) as TArgs))
    }
  }
}

/**
 * Declares a coded error class whose message never changes.
 *
 * @example
 * export const PopupBlockedError = defineFixedError('POPUP_BLOCKED', 'Could not open popup')
 * new PopupBlockedError({ cause }).message // 'Could not open popup'
 */
export function defineFixedError<const TCode extends string>(
  code: TCode,
  message: string,
  walletApiCode?: number,
) {
  return defineError(
    code,
    // No `data` key: the constructor reads it as undefined.
    (options?: ErrorOptions) => ({ message, walletApiCode, cause: options?.cause }) as BuiltError<undefined>,
    () => [],
  )
}

/** Reads a string field of untrusted wire data. */
export function stringField(data: unknown, key: string): string | undefined {
  const value = isRecord(data) ? data[key] : undefined
  return typeof value === 'string' ? value : undefined
}
