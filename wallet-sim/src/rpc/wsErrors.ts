// The JSON-RPC error bodies the WebSocket API answers: the same as over HTTP (its own codes 66-68 are in
// chain/errors with the others).
import { errorBody, type RpcVersion } from './handler'

/** A JSON-RPC id as requests may carry it; anything else is answered with `null`. */
export type RpcId = string | number | null

/**
 * The JSON-RPC error answer for `e` over the socket, as over HTTP.
 * @example socket.send(JSON.stringify(errorAnswer(1, new RpcError(RpcCode.TOO_MANY_BLOCKS_BACK), '0.10')))
 */
export const errorAnswer = (id: RpcId, e: unknown, v: RpcVersion): object => errorBody(id, e, v)
