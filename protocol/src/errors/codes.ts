// The code lists of the error table, apart from the classes: plain data, so a schema can use them
// (WebwalletErrorCodeSchema in the main entry) without bundling any error class.

/**
 * Starknet wallet-API error codes (get-starknet / SNIP-12 wallet API) that our codes map onto.
 *
 * @example
 * new UserRejectedError().walletApiCode === WALLET_API_CODES.USER_REFUSED_OP // true (113)
 */
export const WALLET_API_CODES = {
  UNLISTED_NETWORK: 112,
  USER_REFUSED_OP: 113,
  INVALID_REQUEST_PAYLOAD: 114,
  ACCOUNT_ALREADY_DEPLOYED: 115,
  UNKNOWN_ERROR: 163,
} as const

/**
 * Session-signing result codes a wallet reports as `webwalletErrorCode` (docs/protocol.md, Connection states).
 *
 * @example
 * WEBWALLET_ERROR_CODES.includes('NOT_ENOUGH_BALANCE') // true
 */
export const WEBWALLET_ERROR_CODES = [
  'USER_REJECTED',
  'ACCOUNT_NOT_DEPLOYED',
  'NOT_ENOUGH_BALANCE',
  'NOT_ENOUGH_BALANCE_DEPLOYMENT',
  'GENERIC_ERROR',
] as const
export type WebwalletErrorCode = (typeof WEBWALLET_ERROR_CODES)[number]

/**
 * tRPC procedure error codes the wallet router answers with (docs/protocol.md, Errors).
 *
 * @example
 * PROCEDURE_ERROR_CODES[0] // 'BAD_REQUEST'
 */
export const PROCEDURE_ERROR_CODES = ['BAD_REQUEST', 'NOT_FOUND', 'INTERNAL_SERVER_ERROR'] as const
export type ProcedureErrorCode = (typeof PROCEDURE_ERROR_CODES)[number]
