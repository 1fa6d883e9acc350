import { fixedError, numberField, stringField, WebWalletError } from './base'

// Paymaster, backend and name-service errors (SPEC.md section 8). Texts are exact.

type Opts = { cause?: unknown }

export class NoServerSignatureError extends fixedError(
  'NO_SERVER_SIGNATURE',
  'NoServerSignatureError',
  'No server signature',
) {}
export class InvalidServerSignatureError extends fixedError(
  'INVALID_SERVER_SIGNATURE',
  'InvalidServerSignatureError',
  'Invalid server signature',
) {}
export class GaslessUnsupportedChainError extends fixedError(
  'GASLESS_UNSUPPORTED_CHAIN',
  'GaslessUnsupportedChainError',
  'Unsupported chain id for gasless',
) {}
export class NotEnoughGasTokenError extends fixedError(
  'NOT_ENOUGH_GAS_TOKEN',
  'NotEnoughGasTokenError',
  'Not enough balance in any gas token - please fund your wallet with a valid gas token',
) {}

/**
 * The paymaster answered 400 or 500: the message is the first message of its body.
 *
 * @example
 * new PaymasterRequestError('Invalid calls', 400).data.status // 400
 */
export class PaymasterRequestError extends WebWalletError<'PAYMASTER_REQUEST', { status: number }> {
  static readonly code = 'PAYMASTER_REQUEST'
  override name = 'PaymasterRequestError'
  constructor(message: string, status: number, options: Opts = {}) {
    super(message, { code: 'PAYMASTER_REQUEST', data: { status }, cause: options.cause })
  }
  static override fromData(data: unknown, message: string): WebWalletError {
    return new PaymasterRequestError(message, numberField(data, 'status') ?? 0)
  }
}

/** The paymaster's 500 message contained 'Contract error': the message is the revert detail. */
export class PaymasterContractError extends WebWalletError<
  'PAYMASTER_CONTRACT_ERROR',
  { revertError: string }
> {
  static readonly code = 'PAYMASTER_CONTRACT_ERROR'
  override name = 'PaymasterContractError'
  constructor(revertError: string, options: Opts = {}) {
    super(revertError, { code: 'PAYMASTER_CONTRACT_ERROR', data: { revertError }, cause: options.cause })
  }
  static override fromData(data: unknown, message: string): WebWalletError {
    return new PaymasterContractError(stringField(data, 'revertError') ?? message)
  }
}

/**
 * Any other paymaster status above 400: 'status statusText'.
 *
 * @example
 * new PaymasterHttpError(404, 'Not Found').message // '404 Not Found'
 */
export class PaymasterHttpError extends WebWalletError<
  'PAYMASTER_HTTP',
  { status: number; statusText: string }
> {
  static readonly code = 'PAYMASTER_HTTP'
  override name = 'PaymasterHttpError'
  constructor(status: number, statusText: string, options: Opts = {}) {
    super(`${status} ${statusText}`, {
      code: 'PAYMASTER_HTTP',
      data: { status, statusText },
      cause: options.cause,
    })
  }
  static override fromData(data: unknown): WebWalletError {
    return new PaymasterHttpError(numberField(data, 'status') ?? 0, stringField(data, 'statusText') ?? '')
  }
}

/** Network failures of the backend HTTP wrapper carry status 0. */
export class FetchUrlError extends fixedError('FETCH_URL', 'FetchUrlError', 'Failed to fetch url') {
  readonly status = 0
}
export class PostUrlError extends fixedError('POST_URL', 'PostUrlError', 'Failed to post url') {
  readonly status = 0
}
export class PutUrlError extends fixedError('PUT_URL', 'PutUrlError', 'Failed to put url') {}
export class DeleteUrlError extends fixedError('DELETE_URL', 'DeleteUrlError', 'Failed to delete url') {}

/**
 * A non-2xx answer from the backend: the message is the status text; status and body travel in `data`.
 *
 * @example
 * new HttpError('Not Found', 404).data // { status: 404, statusText: 'Not Found', body: undefined }
 */
export class HttpError extends WebWalletError<
  'HTTP_ERROR',
  { status: number; statusText: string; body: unknown }
> {
  static readonly code = 'HTTP_ERROR'
  override name = 'HttpError'
  constructor(statusText: string, status: number, body?: unknown, options: Opts = {}) {
    super(statusText, { code: 'HTTP_ERROR', data: { status, statusText, body }, cause: options.cause })
  }
  static override fromData(data: unknown, message: string): WebWalletError {
    const body = typeof data === 'object' && data !== null ? (data as { body?: unknown }).body : undefined
    return new HttpError(stringField(data, 'statusText') ?? message, numberField(data, 'status') ?? 0, body)
  }
}

// Each of these makes the balance fetch retry.
export class BalanceFetchError extends fixedError('BALANCE_FETCH', 'BalanceFetchError', 'Error fetching') {}
export class BalanceParseError extends fixedError(
  'BALANCE_PARSE',
  'BalanceParseError',
  'Error parsing response',
) {}
export class NotInitialisedError extends fixedError(
  'NOT_INITIALISED',
  'NotInitialisedError',
  'Not initialised yet',
) {}

// Name service (Starknet ID).
export class StarknameNotFoundError extends fixedError(
  'STARKNAME_NOT_FOUND',
  'StarknameNotFoundError',
  'Starkname not found',
) {}
export class StarknameLookupError extends fixedError(
  'STARKNAME_LOOKUP',
  'StarknameLookupError',
  'Could not get stark name',
) {}
export class StarknameAddressLookupError extends fixedError(
  'STARKNAME_ADDRESS_LOOKUP',
  'StarknameAddressLookupError',
  'Could not get address from stark name',
) {}
export class StarkProfileError extends fixedError(
  'STARK_PROFILE',
  'StarkProfileError',
  'Could not get user stark profile data from address',
) {}
export class AggregateCallError extends fixedError(
  'AGGREGATE_CALL',
  'AggregateCallError',
  'Error while calling aggregate function',
) {}
/** Networks other than main and Sepolia; the text follows starknet.js. */
export class NameServiceNotDeployedError extends fixedError(
  'NAME_SERVICE_NOT_DEPLOYED',
  'NameServiceNotDeployedError',
  'Starknet.id is not yet deployed on this network',
) {}
