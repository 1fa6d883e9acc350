import type { Incoming, TrpcRequest, TrpcResult } from './types'

// The wire envelope of @webwallet/protocol (trpc-browser's), checked without zod: protocol's zod/mini
// schemas alone cost 6 KB gzip, over a third of the connector's 15 KB budget. envelope.test.ts checks
// with fast-check that these guards accept exactly what protocol's `parseEnvelope` accepts.

const POPUP_LOADED = 'TRPC_BROWSER::POPUP_LOADED'
const RESULT_TYPES = ['started', 'stopped', 'data']
const PROCEDURES = ['query', 'mutation', 'subscription']

type Obj = Record<string, unknown>
const isObj = (value: unknown): value is Obj =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const isId = (value: unknown): value is string | number => typeof value === 'string' || isNum(value)
const isNum = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value)
const optional = (value: unknown, check: (v: unknown) => boolean) => value === undefined || check(value)
const isStr = (value: unknown): value is string => typeof value === 'string'

/** `{code?, httpStatus?, path?, webwalletErrorCode?, webwalletErrorMessage?, webwalletError?}` */
function isErrorData(data: unknown): boolean {
  if (!isObj(data)) return false
  const nested = data.webwalletError
  return (
    optional(data.code, isStr) &&
    optional(data.httpStatus, isNum) &&
    optional(data.path, isStr) &&
    optional(data.webwalletErrorCode, isStr) &&
    optional(data.webwalletErrorMessage, isStr) &&
    optional(nested, (n) => isObj(n) && isStr(n.code) && isStr(n.message))
  )
}

/** What a window or socket message is: a response to match, a request or handshake to skip, or noise. */
export function classify(data: unknown): 'loaded' | 'request' | Incoming | undefined {
  if (data === POPUP_LOADED) return 'loaded'
  if (!isObj(data) || !isObj(data.trpc)) return undefined
  const trpc = data.trpc
  if (!isId(trpc.id) || !optional(trpc.jsonrpc, (v) => v === '2.0')) return undefined
  const { id, method, params, result, error } = trpc
  if (method === 'subscription.stop') return 'request'
  if (
    PROCEDURES.includes(method as string) &&
    isObj(params) &&
    isStr(params.path) &&
    params.path.length > 0
  ) {
    return 'request'
  }
  if (isObj(error) && isNum(error.code) && isStr(error.message) && optional(error.data, isErrorData)) {
    return { id, error: { code: error.code, message: error.message, data: error.data } }
  }
  if (isObj(result) && optional(result.type, (t) => RESULT_TYPES.includes(t as string))) {
    return { id, result: result as TrpcResult }
  }
  return { id, malformed: true }
}

/** Wraps a request in trpc-browser's window envelope `{trpc: request}`. */
export function wrapWindowRequest(request: TrpcRequest): { trpc: TrpcRequest } {
  return { trpc: request }
}

/**
 * Reads a window message in the envelope: a response, or `{id, malformed}` for an unusable reply to an
 * id (so that request fails instead of hanging); requests, handshakes and noise are `undefined`.
 */
export function parseWindowResponse(data: unknown): Incoming | undefined {
  const kind = classify(data)
  return typeof kind === 'object' ? kind : undefined
}

/** Reads a tRPC wire response as the ws adapter frames it (without the `trpc` wrapper). */
export function parseTrpcResponse(data: unknown): Incoming | undefined {
  return parseWindowResponse({ trpc: data })
}

/** Is this the popup's `TRPC_BROWSER::POPUP_LOADED` handshake? */
export function isPopupLoaded(data: unknown): boolean {
  return data === POPUP_LOADED
}
