// Parameter parsing shared by the RPC methods: block ids, felts, by-name or positional params.
import type { BlockId } from '../chain/chain'
import { RpcCode, RpcError } from '../chain/errors'
import { parseFelt } from '../chain/felt'

export const invalidParams = (detail: string) => new RpcError(RpcCode.INVALID_PARAMS, detail)

/** Reads params given by name (object) or by position (array) into an object keyed by `names`. */
export function namedParams(params: unknown, names: readonly string[]): Record<string, unknown> {
  if (params === undefined || params === null) return {}
  if (Array.isArray(params)) return Object.fromEntries(names.map((n, i) => [n, params[i]]))
  if (typeof params === 'object') return params as Record<string, unknown>
  // JSON-RPC 2.0: params that are not a structured value make the request invalid (-32600, as on devnet).
  throw new RpcError(RpcCode.INVALID_REQUEST, 'params must be an object or an array')
}

export function felt(v: unknown, name: string): bigint {
  try {
    return parseFelt(v)
  } catch {
    throw invalidParams(`${name}: expected a felt, got ${JSON.stringify(v)}`)
  }
}

/** BLOCK_ID: a tag, {block_number} or {block_hash}. `pending` is not a tag since spec 0.9. */
export function blockId(v: unknown): BlockId {
  if (v === 'latest' || v === 'pre_confirmed' || v === 'l1_accepted') return { tag: v }
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>
    if (typeof o.block_number === 'number' && Number.isInteger(o.block_number) && o.block_number >= 0) {
      return { number: o.block_number }
    }
    if (o.block_hash !== undefined) return { hash: felt(o.block_hash, 'block_hash') }
  }
  throw invalidParams(`invalid block_id ${JSON.stringify(v)}`)
}
