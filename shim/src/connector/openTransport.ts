import { create } from '../messenger/create'
import { fromHttp, fromWebSocket } from '../messenger/headless'
import { exactOrigin } from '../messenger/origin'
import {
  type OpenTransportOptions,
  openWindowTransport,
  type TransportKind,
  transportOver,
  type WalletTransport,
  websocketUrl,
} from './walletTransport'

/**
 * Builds the dialog, Messenger and tRPC client for one transport kind. The WebSocket and HTTP wires load at the
 * first request (a failed load is 'Wallet not available'; the next request tries again).
 *
 * @example
 * openTransport('popup', { walletUrl, brandName: 'Argent' }).mutate({ procedure: 'requestChainId', input: undefined })
 */
export function openTransport(kind: TransportKind, options: OpenTransportOptions): WalletTransport {
  if (kind === 'http') {
    const url = options.http?.url ?? new URL('/trpc', exactOrigin(options.walletUrl)).href
    return transportOver(kind, create(fromHttp({ ...options.http, url })), undefined, undefined)
  }
  if (kind !== 'websocket') return openWindowTransport(kind, options)
  const socket = fromWebSocket({
    url: options.websocketUrl ?? websocketUrl(options.walletUrl),
    WebSocket: options.WebSocket,
  })
  return transportOver(kind, create(socket), undefined, socket)
}
