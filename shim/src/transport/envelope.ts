import type { Incoming, RpcRequest, RpcResult } from './types'

// Adapter between the Messenger and the wire envelope of @webwallet/protocol.

const POPUP_LOADED = 'TRPC_BROWSER::POPUP_LOADED'
const RESULT_TYPES = new Set([undefined, 'started', 'data', 'stopped'])

type Obj = Record<string, unknown>
const isObj = (value: unknown): value is Obj => typeof value === 'object' && value !== null
const isId = (value: unknown): value is string | number =>
  typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value))

/** Wraps a request in trpc-browser's window envelope `{trpc: request}`. */
export function wrapWindowRequest(request: RpcRequest): { trpc: RpcRequest } {
  return { trpc: request }
}

/**
 * Reads a tRPC JSON-RPC response; a reply with a usable id but an invalid body comes back as
 * `{id, malformed: true}`; anything else is `undefined` (ignored).
 */
export function parseRpcResponse(data: unknown): Incoming | undefined {
  if (!isObj(data) || !isId(data.id)) return undefined
  if ('method' in data) return undefined // a request (e.g. our own echo), not a response
  const id = data.id
  if (isObj(data.result) && RESULT_TYPES.has(data.result.type as string | undefined)) {
    return { id, result: data.result as RpcResult }
  }
  const error = data.error
  if (isObj(error) && typeof error.message === 'string' && typeof error.code === 'number') {
    return { id, error: { code: error.code, message: error.message, data: error.data } }
  }
  return { id, malformed: true }
}

/** Reads a window message in trpc-browser's envelope; see {@link parseRpcResponse}. */
export function parseWindowResponse(data: unknown): Incoming | undefined {
  return isObj(data) ? parseRpcResponse(data.trpc) : undefined
}

/** Is this the popup's `TRPC_BROWSER::POPUP_LOADED` handshake? */
export function isPopupLoaded(data: unknown): boolean {
  return data === POPUP_LOADED
}
