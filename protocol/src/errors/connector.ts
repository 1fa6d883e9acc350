import { fixedError, stringField, WALLET_API_CODES, WebWalletError } from './base'

// Connector and transport errors (SPEC.md section 8, connector). Texts are exact, spelling included.

/** The user closed the wallet or refused (wallet-API 113). */
export class UserRejectedError extends fixedError(
  'USER_REJECTED',
  'UserRejectedError',
  'User rejected request',
  WALLET_API_CODES.USER_REFUSED_OP,
) {}
export class ConnectorNotConnectedError extends fixedError(
  'CONNECTOR_NOT_CONNECTED',
  'ConnectorNotConnectedError',
  'Connector not connected',
) {}
export class ConnectorNotFoundError extends fixedError(
  'CONNECTOR_NOT_FOUND',
  'ConnectorNotFoundError',
  'Connector not found',
) {}
export class ConnectionFailedError extends fixedError(
  'CONNECTION_FAILED',
  'ConnectionFailedError',
  'connection failed',
) {}
/** The spec names this error but not its text; ours is 'Wallet not initialised'. */
export class WalletNotInitialisedError extends fixedError(
  'WALLET_NOT_INITIALISED',
  'WalletNotInitialisedError',
  'Wallet not initialised',
) {}
/** The spec names this error but not its text; ours is 'Wallet not available'. */
export class WalletNotAvailableError extends fixedError(
  'WALLET_NOT_AVAILABLE',
  'WalletNotAvailableError',
  'Wallet not available',
) {}
/** The wallet ended the login (starknetkit's `USER_LOGGED_OUT`); the connector forgets the wallet. */
export class UserLoggedOutError extends fixedError(
  'USER_LOGGED_OUT',
  'UserLoggedOutError',
  'User logged out',
) {}
/** addStarknetChain, switchStarknetChain, watchAsset and unknown request types. */
export class NotImplementedError extends fixedError(
  'NOT_IMPLEMENTED',
  'NotImplementedError',
  'not implemented',
) {}
export class IframeTimeoutError extends fixedError(
  'IFRAME_TIMEOUT',
  'IframeTimeoutError',
  'Timeout while loading an iframe',
) {}
export class PopupBlockedError extends fixedError(
  'POPUP_BLOCKED',
  'PopupBlockedError',
  'Could not open popup',
) {}
export class PortDisconnectedError extends fixedError(
  'PORT_DISCONNECTED',
  'PortDisconnectedError',
  'Port disconnected prematurely',
) {}
export class WebSocketClosedError extends fixedError(
  'WEBSOCKET_CLOSED',
  'WebSocketClosedError',
  'WebSocket closed prematurely',
) {}
export class TransformResponseError extends fixedError(
  'TRANSFORM_RESPONSE',
  'TransformResponseError',
  'Unable to transform response from server',
) {}
/** Anything we cannot classify (wallet-API 163). `parseError` returns it for unrecognised input. */
export class UnknownError extends fixedError(
  'UNKNOWN',
  'UnknownError',
  'Unknown error',
  WALLET_API_CODES.UNKNOWN_ERROR,
) {}

/**
 * `on`/`off` with an event other than accountsChanged / networkChanged. The typo is the product's text.
 *
 * @example
 * new UnknownEventError('foo').message // 'Unknwown event: foo'
 */
export class UnknownEventError extends WebWalletError<'UNKNOWN_EVENT', { event: string }> {
  static readonly code = 'UNKNOWN_EVENT'
  override name = 'UnknownEventError'
  constructor(event: string, options: { cause?: unknown } = {}) {
    super(`Unknwown event: ${event}`, { code: 'UNKNOWN_EVENT', data: { event }, cause: options.cause })
  }
  static override fromData(data: unknown): WebWalletError {
    return new UnknownEventError(stringField(data, 'event') ?? '')
  }
}

/** Session-signing result codes a wallet reports as `webwalletErrorCode` (SPEC.md section 4). */
export const WEBWALLET_ERROR_CODES = [
  'USER_REJECTED',
  'ACCOUNT_NOT_DEPLOYED',
  'NOT_ENOUGH_BALANCE',
  'NOT_ENOUGH_BALANCE_DEPLOYMENT',
  'GENERIC_ERROR',
] as const
export type WebwalletErrorCode = (typeof WEBWALLET_ERROR_CODES)[number]

/**
 * connectAndSignSession failed in the wallet: the message is the server's `webwalletErrorMessage`,
 * `data.webwalletErrorCode` its code (one of WEBWALLET_ERROR_CODES, or another server code).
 *
 * @example
 * new ConnectAndSignSessionError('Not enough balance', 'NOT_ENOUGH_BALANCE').data.webwalletErrorCode
 */
export class ConnectAndSignSessionError extends WebWalletError<
  'CONNECT_AND_SIGN_SESSION',
  { webwalletErrorCode: string; webwalletErrorMessage: string }
> {
  static readonly code = 'CONNECT_AND_SIGN_SESSION'
  override name = 'ConnectAndSignSessionError'
  constructor(message: string, webwalletErrorCode: string, options: { cause?: unknown } = {}) {
    super(message, {
      code: 'CONNECT_AND_SIGN_SESSION',
      data: { webwalletErrorCode, webwalletErrorMessage: message },
      walletApiCode: webwalletErrorCode === 'USER_REJECTED' ? WALLET_API_CODES.USER_REFUSED_OP : undefined,
      cause: options.cause,
    })
  }
  static override fromData(data: unknown, message: string): WebWalletError {
    return new ConnectAndSignSessionError(
      stringField(data, 'webwalletErrorMessage') ?? message,
      stringField(data, 'webwalletErrorCode') ?? 'GENERIC_ERROR',
    )
  }
}
