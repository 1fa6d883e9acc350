import { defineError, defineFixedError, type ErrorOptions } from './base'

// Paymaster, backend and name-service errors (docs/protocol.md, Errors). Texts are exact.

/** The `NO_SERVER_SIGNATURE` error: 'No server signature' (what to do: docs/errors.md). @example isWebWalletError(error, 'NO_SERVER_SIGNATURE') */
export const NoServerSignatureError = /* @__PURE__ */ defineFixedError(
  'NO_SERVER_SIGNATURE',
  'No server signature',
)
/** An instance of {@link NoServerSignatureError}. */
export type NoServerSignatureError = InstanceType<typeof NoServerSignatureError>
/** The `INVALID_SERVER_SIGNATURE` error: 'Invalid server signature' (what to do: docs/errors.md). @example isWebWalletError(error, 'INVALID_SERVER_SIGNATURE') */
export const InvalidServerSignatureError = /* @__PURE__ */ defineFixedError(
  'INVALID_SERVER_SIGNATURE',
  'Invalid server signature',
)
/** An instance of {@link InvalidServerSignatureError}. */
export type InvalidServerSignatureError = InstanceType<typeof InvalidServerSignatureError>
/** The `GASLESS_UNSUPPORTED_CHAIN` error: 'Unsupported chain id for gasless' (what to do: docs/errors.md). @example isWebWalletError(error, 'GASLESS_UNSUPPORTED_CHAIN') */
export const GaslessUnsupportedChainError = /* @__PURE__ */ defineFixedError(
  'GASLESS_UNSUPPORTED_CHAIN',
  'Unsupported chain id for gasless',
)
/** An instance of {@link GaslessUnsupportedChainError}. */
export type GaslessUnsupportedChainError = InstanceType<typeof GaslessUnsupportedChainError>
/** The `NOT_ENOUGH_GAS_TOKEN` error: 'Not enough balance in any gas token - please fund your wallet with a valid gas token' (what to do: docs/errors.md). @example isWebWalletError(error, 'NOT_ENOUGH_GAS_TOKEN') */
export const NotEnoughGasTokenError = /* @__PURE__ */ defineFixedError(
  'NOT_ENOUGH_GAS_TOKEN',
  'Not enough balance in any gas token - please fund your wallet with a valid gas token',
)
/** An instance of {@link NotEnoughGasTokenError}. */
export type NotEnoughGasTokenError = InstanceType<typeof NotEnoughGasTokenError>

/**
 * The paymaster answered 400 or 500: the message is the first message of its body.
 *
 * @example
 * new PaymasterRequestError('Invalid calls', 400).data.status // 400
 */
export const PaymasterRequestError = /* @__PURE__ */ defineError(
  'PAYMASTER_REQUEST',
  (message: string, status: number, o?: ErrorOptions) => ({ message, data: { status }, cause: o?.cause }),
  (d, message) => [message, Number(d.status ?? 0)],
)
/** An instance of {@link PaymasterRequestError}. */
export type PaymasterRequestError = InstanceType<typeof PaymasterRequestError>

/** The paymaster's 500 message contained 'Contract error': the message is the revert detail. */
export const PaymasterContractError = /* @__PURE__ */ defineError(
  'PAYMASTER_CONTRACT_ERROR',
  (revertError: string, o?: ErrorOptions) => ({
    message: revertError,
    data: { revertError },
    cause: o?.cause,
  }),
  (d, message) => [String(d.revertError ?? message)],
)
/** An instance of {@link PaymasterContractError}. */
export type PaymasterContractError = InstanceType<typeof PaymasterContractError>

/**
 * Any other paymaster status above 400: 'status statusText'.
 *
 * @example
 * new PaymasterHttpError(404, 'Not Found').message // '404 Not Found'
 */
export const PaymasterHttpError = /* @__PURE__ */ defineError(
  'PAYMASTER_HTTP',
  (status: number, statusText: string, o?: ErrorOptions) => ({
    message: `${status} ${statusText}`,
    data: { status, statusText },
    cause: o?.cause,
  }),
  (d) => [Number(d.status ?? 0), String(d.statusText ?? '')],
)
/** An instance of {@link PaymasterHttpError}. */
export type PaymasterHttpError = InstanceType<typeof PaymasterHttpError>

/** The services the SDK and the wallet page reach over the network (SERVICE_UNREACHABLE's `data.service`). */
export type ServiceName = 'wallet' | 'node' | 'cosigner' | 'paymaster' | 'backend'

/**
 * A request got no answer at all (server down, connection refused or reset, DNS, CORS, offline), for every
 * service: `data.service` and `data.url` say which, `cause` is the network error. Any answer (a 500, a refusal)
 * keeps its own code.
 *
 * @example
 * await account.execute(calls).catch((e) => {
 *   if (e.code === 'SERVICE_UNREACHABLE') showOffline(`${e.data.service} at ${e.data.url}`)
 * })
 */
export const ServiceUnreachableError = /* @__PURE__ */ defineError(
  'SERVICE_UNREACHABLE',
  (service: ServiceName, url: string, o?: ErrorOptions) => ({
    message: `The ${service} at ${url} could not be reached`,
    data: { service, url },
    cause: o?.cause,
  }),
  (d) => [String(d.service ?? '') as ServiceName, String(d.url ?? '')],
)
export type ServiceUnreachableError = InstanceType<typeof ServiceUnreachableError>

/**
 * Network failures of the backend HTTP wrapper. Fetch and post carry `status` 0 (docs/protocol.md, Errors), put
 * and delete none; the url travels in `data`.
 *
 * @example
 * new FetchUrlError({ url, cause }).status // 0
 */
function networkError<const C extends string>(code: C, message: string, status?: 0) {
  return defineError(
    code,
    (o?: ErrorOptions & { url?: string }) => ({ message, data: { url: o?.url, status }, cause: o?.cause }),
    (d) => [typeof d.url === 'string' ? { url: d.url } : {}],
  )
}
/** A GET that got no answer at all (down, DNS, CORS): `Failed to fetch url`, status 0. @example new FetchUrlError({ url }).code // 'FETCH_URL' */
export class FetchUrlError extends networkError('FETCH_URL', 'Failed to fetch url', 0) {
  readonly status = 0
}
/** A POST that got no answer at all: `Failed to post url`, status 0. @example new PostUrlError({ url }).code // 'POST_URL' */
export class PostUrlError extends networkError('POST_URL', 'Failed to post url', 0) {
  readonly status = 0
}
export const PutUrlError = networkError('PUT_URL', 'Failed to put url')
/** An instance of {@link PutUrlError}. */
export type PutUrlError = InstanceType<typeof PutUrlError>
export const DeleteUrlError = networkError('DELETE_URL', 'Failed to delete url')
/** An instance of {@link DeleteUrlError}. */
export type DeleteUrlError = InstanceType<typeof DeleteUrlError>

/**
 * A non-2xx answer from the backend: the message is the status text; status and body travel in `data`.
 *
 * @example
 * new HttpError('Not Found', 404).data // { status: 404, statusText: 'Not Found', body: undefined }
 */
export const HttpError = /* @__PURE__ */ defineError(
  'HTTP_ERROR',
  (statusText: string, status: number, body?: unknown, o?: ErrorOptions) => ({
    message: statusText,
    data: { status, statusText, body },
    cause: o?.cause,
  }),
  (d, message) => [String(d.statusText ?? message), Number(d.status ?? 0), d.body],
)
/** An instance of {@link HttpError}. */
export type HttpError = InstanceType<typeof HttpError>

// Each of these makes the balance fetch retry.
/** The `BALANCE_FETCH` error: 'Error fetching' (what to do: docs/errors.md). @example isWebWalletError(error, 'BALANCE_FETCH') */
export const BalanceFetchError = /* @__PURE__ */ defineFixedError('BALANCE_FETCH', 'Error fetching')
/** An instance of {@link BalanceFetchError}. */
export type BalanceFetchError = InstanceType<typeof BalanceFetchError>
/** The `BALANCE_PARSE` error: 'Error parsing response' (what to do: docs/errors.md). @example isWebWalletError(error, 'BALANCE_PARSE') */
export const BalanceParseError = /* @__PURE__ */ defineFixedError('BALANCE_PARSE', 'Error parsing response')
/** An instance of {@link BalanceParseError}. */
export type BalanceParseError = InstanceType<typeof BalanceParseError>
/** The `NOT_INITIALISED` error: 'Not initialised yet' (what to do: docs/errors.md). @example isWebWalletError(error, 'NOT_INITIALISED') */
export const NotInitialisedError = /* @__PURE__ */ defineFixedError('NOT_INITIALISED', 'Not initialised yet')
/** An instance of {@link NotInitialisedError}. */
export type NotInitialisedError = InstanceType<typeof NotInitialisedError>

// Name service (Starknet ID).
/** The `STARKNAME_NOT_FOUND` error: 'Starkname not found' (what to do: docs/errors.md). @example isWebWalletError(error, 'STARKNAME_NOT_FOUND') */
export const StarknameNotFoundError = /* @__PURE__ */ defineFixedError(
  'STARKNAME_NOT_FOUND',
  'Starkname not found',
)
/** An instance of {@link StarknameNotFoundError}. */
export type StarknameNotFoundError = InstanceType<typeof StarknameNotFoundError>
/** The `STARKNAME_LOOKUP` error: 'Could not get stark name' (what to do: docs/errors.md). @example isWebWalletError(error, 'STARKNAME_LOOKUP') */
export const StarknameLookupError = /* @__PURE__ */ defineFixedError(
  'STARKNAME_LOOKUP',
  'Could not get stark name',
)
/** An instance of {@link StarknameLookupError}. */
export type StarknameLookupError = InstanceType<typeof StarknameLookupError>
/** The `STARKNAME_ADDRESS_LOOKUP` error: 'Could not get address from stark name' (what to do: docs/errors.md). @example isWebWalletError(error, 'STARKNAME_ADDRESS_LOOKUP') */
export const StarknameAddressLookupError = /* @__PURE__ */ defineFixedError(
  'STARKNAME_ADDRESS_LOOKUP',
  'Could not get address from stark name',
)
/** An instance of {@link StarknameAddressLookupError}. */
export type StarknameAddressLookupError = InstanceType<typeof StarknameAddressLookupError>
/** The `STARK_PROFILE` error: 'Could not get user stark profile data from address' (what to do: docs/errors.md). @example isWebWalletError(error, 'STARK_PROFILE') */
export const StarkProfileError = /* @__PURE__ */ defineFixedError(
  'STARK_PROFILE',
  'Could not get user stark profile data from address',
)
/** An instance of {@link StarkProfileError}. */
export type StarkProfileError = InstanceType<typeof StarkProfileError>
/** The `AGGREGATE_CALL` error: 'Error while calling aggregate function' (what to do: docs/errors.md). @example isWebWalletError(error, 'AGGREGATE_CALL') */
export const AggregateCallError = /* @__PURE__ */ defineFixedError(
  'AGGREGATE_CALL',
  'Error while calling aggregate function',
)
/** An instance of {@link AggregateCallError}. */
export type AggregateCallError = InstanceType<typeof AggregateCallError>
/** Networks other than main and Sepolia; the text follows starknet.js. */
export const NameServiceNotDeployedError = /* @__PURE__ */ defineFixedError(
  'NAME_SERVICE_NOT_DEPLOYED',
  'Starknet.id is not yet deployed on this network',
)
/** An instance of {@link NameServiceNotDeployedError}. */
export type NameServiceNotDeployedError = InstanceType<typeof NameServiceNotDeployedError>
