// JSON-RPC 2.0 and SNIP-29 error codes, with the messages AVNU's paymaster answers (SNIP-29 names them
// `An error occurred (NAME)`; the detail goes in `data`).

/** JSON-RPC's own codes and SNIP-29's. */
export const Snip29Code = {
  PARSE_ERROR: -32700,
  INVALID_REQUEST: -32600,
  METHOD_NOT_FOUND: -32601,
  INVALID_PARAMS: -32602,
  INVALID_ADDRESS: 150,
  TOKEN_NOT_SUPPORTED: 151,
  INVALID_SIGNATURE: 153,
  MAX_AMOUNT_TOO_LOW: 154,
  CLASS_HASH_NOT_SUPPORTED: 155,
  TRANSACTION_EXECUTION_ERROR: 156,
  INVALID_TIME_BOUNDS: 157,
  INVALID_DEPLOYMENT_DATA: 158,
  UNKNOWN_ERROR: 163,
} as const
export type Snip29Code = (typeof Snip29Code)[keyof typeof Snip29Code]

const MESSAGES: Record<Snip29Code, string> = {
  [-32700]: 'Parse error',
  [-32600]: 'Invalid request',
  [-32601]: 'Method not found',
  [-32602]: 'Invalid params',
  150: 'An error occurred (INVALID_ADDRESS)',
  151: 'An error occurred (TOKEN_NOT_SUPPORTED)',
  153: 'An error occurred (INVALID_SIGNATURE)',
  154: 'An error occurred (MAX_AMOUNT_TOO_LOW)',
  155: 'An error occurred (CLASS_HASH_NOT_SUPPORTED)',
  156: 'An error occurred (TRANSACTION_EXECUTION_ERROR)',
  157: 'An error occurred (INVALID_TIME_BOUNDS)',
  158: 'An error occurred (INVALID_DEPLOYMENT_DATA)',
  163: 'An error occurred (UNKNOWN_ERROR)',
}

/**
 * A JSON-RPC error of the SNIP-29 endpoint: `{code, message, data?}` in the answer's `error`.
 *
 * @example
 * throw new Snip29Error(Snip29Code.TOKEN_NOT_SUPPORTED)
 * throw new Snip29Error(Snip29Code.UNKNOWN_ERROR, 'x-paymaster-api-key is invalid')
 */
export class Snip29Error extends Error {
  override readonly name = 'Snip29Error'
  constructor(
    readonly code: Snip29Code,
    readonly data?: unknown,
  ) {
    super(MESSAGES[code])
  }

  toJSON() {
    return { code: this.code, message: this.message, ...(this.data === undefined ? {} : { data: this.data }) }
  }
}

/** A reverted or refused execution: 156 with the reason as AVNU words it, `{execution_error}`. */
export const executionError = (reason: string, extra: Record<string, unknown> = {}) =>
  new Snip29Error(Snip29Code.TRANSACTION_EXECUTION_ERROR, { execution_error: reason, ...extra })
