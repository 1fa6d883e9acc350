import {
  PortDisconnectedError,
  parseError,
  ServiceUnreachableError,
  TransformResponseError,
  UnknownError,
  WalletNotAvailableError,
  WebSocketClosedError,
  type WebWalletError,
} from '@webwallet/protocol/errors'
import type { TrpcError } from './types'

const CHANNEL_ERRORS = {
  port: PortDisconnectedError,
  websocket: WebSocketClosedError,
  transform: TransformResponseError,
  unknown: UnknownError,
} as const

/**
 * The coded error for a channel failure.
 *
 * @example
 * channelError('websocket').message // 'WebSocket closed prematurely'
 */
export function channelError(kind: keyof typeof CHANNEL_ERRORS): WebWalletError {
  return new CHANNEL_ERRORS[kind]()
}

/**
 * Rebuilds the coded error a wallet sent as a tRPC error with protocol's `parseError` (unknown codes: 'Unknown
 * error'); the wire error stays reachable as `cause`.
 *
 * @example
 * walletError({ code: -32603, message: 'x', data: { webwalletErrorCode: 'USER_REJECTED' } }).code // 'USER_REJECTED'
 */
export function walletError(error: TrpcError): WebWalletError {
  const coded = parseError(error)
  // Keep the wire error reachable (e.g. connectAndSignSession reads webwalletErrorMessage from it).
  if (coded.cause === undefined) Object.defineProperty(coded, 'cause', { value: error, configurable: true })
  return coded
}

/**
 * The error of a request that gave up waiting for the socket: SERVICE_UNREACHABLE when the last attempt was
 * refused (`refusal` its cause), 'Wallet not available' otherwise.
 *
 * @example
 * reject(waitedInVain(options.url, channel.refusal()))
 */
export function waitedInVain(url: string, refusal: unknown): Error {
  // The URL without its query: a login token may ride there.
  return refusal !== undefined
    ? new ServiceUnreachableError('wallet', url.split('?')[0] ?? '', { cause: refusal })
    : new WalletNotAvailableError({ cause: channelError('websocket') })
}
