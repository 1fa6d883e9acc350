import { defineError, defineFixedError, type ErrorOptions } from './base'
import { WALLET_API_CODES } from './codes'

// Connector and transport errors (docs/protocol.md, Errors, connector). Texts are exact, spelling included.
// Each class is declared with defineFixedError/defineError; the type alias gives its instance type.

/**
 * The user refused: closed the wallet or pressed Reject (wallet-API 113). A refusal the wallet reported keeps
 * its words in `data` (`webwalletErrorCode`, `webwalletErrorMessage`); a closed window has no `data`.
 *
 * @example
 * new UserRejectedError().message // 'User rejected request'
 */
export const UserRejectedError = /* @__PURE__ */ defineError(
  'USER_REJECTED',
  (o?: ErrorOptions & { detail?: { webwalletErrorCode: string; webwalletErrorMessage: string } }) => ({
    message: 'User rejected request',
    data: o?.detail,
    walletApiCode: WALLET_API_CODES.USER_REFUSED_OP,
    cause: o?.cause,
  }),
  (d) => [typeof d.webwalletErrorCode === 'string' ? { detail: d } : undefined],
)
/** An instance of {@link UserRejectedError}. */
export type UserRejectedError = InstanceType<typeof UserRejectedError>
/** The `CONNECTOR_NOT_CONNECTED` error: 'Connector not connected' (what to do: docs/errors.md). @example isWebWalletError(error, 'CONNECTOR_NOT_CONNECTED') */
export const ConnectorNotConnectedError = /* @__PURE__ */ defineFixedError(
  'CONNECTOR_NOT_CONNECTED',
  'Connector not connected',
)
/** An instance of {@link ConnectorNotConnectedError}. */
export type ConnectorNotConnectedError = InstanceType<typeof ConnectorNotConnectedError>
/** The `CONNECTOR_NOT_FOUND` error: 'Connector not found' (what to do: docs/errors.md). @example isWebWalletError(error, 'CONNECTOR_NOT_FOUND') */
export const ConnectorNotFoundError = /* @__PURE__ */ defineFixedError(
  'CONNECTOR_NOT_FOUND',
  'Connector not found',
)
/** An instance of {@link ConnectorNotFoundError}. */
export type ConnectorNotFoundError = InstanceType<typeof ConnectorNotFoundError>
/** The `CONNECTION_FAILED` error: 'connection failed' (what to do: docs/errors.md). @example isWebWalletError(error, 'CONNECTION_FAILED') */
export const ConnectionFailedError = /* @__PURE__ */ defineFixedError(
  'CONNECTION_FAILED',
  'connection failed',
)
/** An instance of {@link ConnectionFailedError}. */
export type ConnectionFailedError = InstanceType<typeof ConnectionFailedError>
/** The spec names this error but not its text; ours is 'Wallet not initialised'. */
export const WalletNotInitialisedError = /* @__PURE__ */ defineFixedError(
  'WALLET_NOT_INITIALISED',
  'Wallet not initialised',
)
/** An instance of {@link WalletNotInitialisedError}. */
export type WalletNotInitialisedError = InstanceType<typeof WalletNotInitialisedError>
/** The spec names this error but not its text; ours is 'Wallet not available'. */
export const WalletNotAvailableError = /* @__PURE__ */ defineFixedError(
  'WALLET_NOT_AVAILABLE',
  'Wallet not available',
)
/** An instance of {@link WalletNotAvailableError}. */
export type WalletNotAvailableError = InstanceType<typeof WalletNotAvailableError>
/** The wallet ended the login (starknetkit's `USER_LOGGED_OUT`); the connector forgets the wallet. */
export const UserLoggedOutError = /* @__PURE__ */ defineFixedError('USER_LOGGED_OUT', 'User logged out')
/** An instance of {@link UserLoggedOutError}. */
export type UserLoggedOutError = InstanceType<typeof UserLoggedOutError>
/** addStarknetChain, switchStarknetChain, watchAsset and unknown request types. */
export const NotImplementedError = /* @__PURE__ */ defineFixedError('NOT_IMPLEMENTED', 'not implemented')
/** An instance of {@link NotImplementedError}. */
export type NotImplementedError = InstanceType<typeof NotImplementedError>
/** The `IFRAME_TIMEOUT` error: 'Timeout while loading an iframe' (what to do: docs/errors.md). @example isWebWalletError(error, 'IFRAME_TIMEOUT') */
export const IframeTimeoutError = /* @__PURE__ */ defineFixedError(
  'IFRAME_TIMEOUT',
  'Timeout while loading an iframe',
)
/** An instance of {@link IframeTimeoutError}. */
export type IframeTimeoutError = InstanceType<typeof IframeTimeoutError>
/** The `POPUP_BLOCKED` error: 'Could not open popup' (what to do: docs/errors.md). @example isWebWalletError(error, 'POPUP_BLOCKED') */
export const PopupBlockedError = /* @__PURE__ */ defineFixedError('POPUP_BLOCKED', 'Could not open popup')
/** An instance of {@link PopupBlockedError}. */
export type PopupBlockedError = InstanceType<typeof PopupBlockedError>
/** The `PORT_DISCONNECTED` error: 'Port disconnected prematurely' (what to do: docs/errors.md). @example isWebWalletError(error, 'PORT_DISCONNECTED') */
export const PortDisconnectedError = /* @__PURE__ */ defineFixedError(
  'PORT_DISCONNECTED',
  'Port disconnected prematurely',
)
/** An instance of {@link PortDisconnectedError}. */
export type PortDisconnectedError = InstanceType<typeof PortDisconnectedError>
/** The `WEBSOCKET_CLOSED` error: 'WebSocket closed prematurely' (what to do: docs/errors.md). @example isWebWalletError(error, 'WEBSOCKET_CLOSED') */
export const WebSocketClosedError = /* @__PURE__ */ defineFixedError(
  'WEBSOCKET_CLOSED',
  'WebSocket closed prematurely',
)
/** An instance of {@link WebSocketClosedError}. */
export type WebSocketClosedError = InstanceType<typeof WebSocketClosedError>
/** The `TRANSFORM_RESPONSE` error: 'Unable to transform response from server' (what to do: docs/errors.md). @example isWebWalletError(error, 'TRANSFORM_RESPONSE') */
export const TransformResponseError = /* @__PURE__ */ defineFixedError(
  'TRANSFORM_RESPONSE',
  'Unable to transform response from server',
)
/** An instance of {@link TransformResponseError}. */
export type TransformResponseError = InstanceType<typeof TransformResponseError>
/** Anything we cannot classify (wallet-API 163). `parseError` returns it for unrecognised input. */
export const UnknownError = /* @__PURE__ */ defineFixedError(
  'UNKNOWN',
  'Unknown error',
  WALLET_API_CODES.UNKNOWN_ERROR,
)
/** An instance of {@link UnknownError}. */
export type UnknownError = InstanceType<typeof UnknownError>

/**
 * `on`/`off` with an event other than accountsChanged / networkChanged. The typo is the product's text.
 *
 * @example
 * new UnknownEventError('foo').message // 'Unknwown event: foo'
 */
export const UnknownEventError = /* @__PURE__ */ defineError(
  'UNKNOWN_EVENT',
  (event: string, o?: ErrorOptions) => ({
    message: `Unknwown event: ${event}`,
    data: { event },
    cause: o?.cause,
  }),
  (d) => [String(d.event ?? '')],
)
/** An instance of {@link UnknownEventError}. */
export type UnknownEventError = InstanceType<typeof UnknownEventError>

/**
 * connectAndSignSession failed in the wallet: the message is the server's `webwalletErrorMessage`,
 * `data.webwalletErrorCode` its code (one of WEBWALLET_ERROR_CODES, or another server code).
 *
 * @example
 * new ConnectAndSignSessionError('Not enough balance', 'NOT_ENOUGH_BALANCE').data.webwalletErrorCode
 */
export const ConnectAndSignSessionError = /* @__PURE__ */ defineError(
  'CONNECT_AND_SIGN_SESSION',
  (message: string, webwalletErrorCode: string, o?: ErrorOptions) => ({
    message,
    data: { webwalletErrorCode, webwalletErrorMessage: message },
    walletApiCode: webwalletErrorCode === 'USER_REJECTED' ? WALLET_API_CODES.USER_REFUSED_OP : undefined,
    cause: o?.cause,
  }),
  (d, message) => [
    String(d.webwalletErrorMessage ?? message),
    String(d.webwalletErrorCode ?? 'GENERIC_ERROR'),
  ],
)
/** An instance of {@link ConnectAndSignSessionError}. */
export type ConnectAndSignSessionError = InstanceType<typeof ConnectAndSignSessionError>
