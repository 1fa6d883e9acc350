/** What crosses a boundary (postMessage, WebSocket, HTTP) for any error: rebuilt with `parseError`. */
export interface SerializedError {
  code: string
  message: string
  data?: unknown
}

export interface WebWalletErrorArgs<TCode extends string, TData> {
  code: TCode
  data: TData
  walletApiCode?: number | undefined
  cause?: unknown
}

/** Starknet wallet-API error codes (get-starknet / SNIP-12 wallet API) that our codes map onto. */
export const WALLET_API_CODES = {
  UNLISTED_NETWORK: 112,
  USER_REFUSED_OP: 113,
  INVALID_REQUEST_PAYLOAD: 114,
  ACCOUNT_ALREADY_DEPLOYED: 115,
  UNKNOWN_ERROR: 163,
} as const

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
  readonly code: TCode
  /** Numeric Starknet wallet-API code where one exists (113 user refused, 114 invalid request, 163 unknown). */
  readonly walletApiCode: number | undefined
  /** JSON-safe details (status, index, ...) that survive serialisation. */
  readonly data: TData

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
    return this.data === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, data: this.data }
  }
}

/** Options every fixed-message error takes. */
export interface FixedErrorOptions {
  cause?: unknown
}

/**
 * Declares an error class whose message never changes.
 *
 * @example
 * export class PopupBlockedError extends fixedError('POPUP_BLOCKED', 'PopupBlockedError', 'Could not open popup') {}
 */
export function fixedError<const TCode extends string>(
  code: TCode,
  name: string,
  message: string,
  walletApiCode?: number,
) {
  return class FixedError extends WebWalletError<TCode, undefined> {
    static readonly code: TCode = code
    static readonly fixedMessage: string = message
    override name = name
    constructor(options: FixedErrorOptions = {}) {
      super(message, { code, data: undefined, walletApiCode, cause: options.cause })
    }
    static override fromData(): WebWalletError {
      return new this()
    }
  }
}

/** Reads a string field of untrusted wire data. */
export function stringField(data: unknown, key: string): string | undefined {
  if (typeof data !== 'object' || data === null) return undefined
  const value = (data as Record<string, unknown>)[key]
  return typeof value === 'string' ? value : undefined
}

/** Reads a numeric field of untrusted wire data. */
export function numberField(data: unknown, key: string): number | undefined {
  if (typeof data !== 'object' || data === null) return undefined
  const value = (data as Record<string, unknown>)[key]
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined
}
