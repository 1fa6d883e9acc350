// Errors of the Starknet WebSocket API (starknet_ws_api.json 0.9 / 0.10) and the JSON-RPC error bodies the
// socket answers. Codes the read API already defines (24, 34, -32602, ...) stay RpcErrors from chain/errors.
import { messageFor, RpcCode, RpcError } from '../chain/errors'
import type { SpecVersion } from './format'

/** The WebSocket API's own error codes, the same in spec 0.9 and 0.10. */
export const WsCode = {
  INVALID_SUBSCRIPTION_ID: 66,
  TOO_MANY_ADDRESSES_IN_FILTER: 67,
  TOO_MANY_BLOCKS_BACK: 68,
} as const
export type WsCode = (typeof WsCode)[keyof typeof WsCode]

const WS_MESSAGES: Record<WsCode, string> = {
  66: 'Invalid subscription id',
  67: 'Too many addresses in filter sender_address filter',
  68: 'Cannot go back more than 1024 blocks',
}

/**
 * An error of the WebSocket API, answered as `{code, message, data}` with the spec's message.
 * @example throw new WsError(WsCode.INVALID_SUBSCRIPTION_ID)
 */
export class WsError extends Error {
  override readonly name = 'WsError'
  constructor(
    readonly code: WsCode,
    readonly data?: unknown,
  ) {
    super(WS_MESSAGES[code])
  }
}

/** A JSON-RPC id as requests may carry it; anything else is answered with `null`. */
export type RpcId = string | number | null

/**
 * The JSON-RPC error answer for `e`: spec code and message for WsError and RpcError, 63 otherwise.
 * @example socket.send(JSON.stringify(errorAnswer(1, new WsError(WsCode.TOO_MANY_BLOCKS_BACK), '0.10')))
 */
export function errorAnswer(id: RpcId, e: unknown, v: SpecVersion): object {
  const error =
    e instanceof WsError
      ? { code: e.code, message: e.message, ...(e.data !== undefined ? { data: e.data } : {}) }
      : e instanceof RpcError
        ? { code: e.code, message: messageFor(e.code, v), ...(e.data !== undefined ? { data: e.data } : {}) }
        : {
            code: RpcCode.UNEXPECTED_ERROR,
            message: messageFor(RpcCode.UNEXPECTED_ERROR, v),
            data: e instanceof Error ? e.message : String(e),
          }
  return { jsonrpc: '2.0', id, error }
}
