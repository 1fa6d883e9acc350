// starknet_getEvents: filter by block range, emitter address(es) and keys, paged by chunk_size with
// a continuation token "<block>-<event offset in block>".
import type { Chain } from '../chain/chain'
import { RpcCode, RpcError } from '../chain/errors'
import { toHex } from '../chain/felt'
import type { Json, JsonObject } from '../chain/records'
import { blockTxs, type SpecVersion } from './format'
import { blockId, felt, invalidParams } from './params'

/** Largest chunk_size accepted (error 31 above it). */
export const MAX_CHUNK_SIZE = 1024

interface Event {
  from_address: string
  keys: string[]
  data: string[]
}

/**
 * @example getEvents(chain, { from_block: { block_number: 0 }, chunk_size: 10, keys: [[selector]] }, '0.9')
 */
export function getEvents(chain: Chain, filter: Record<string, unknown>, v: SpecVersion): JsonObject {
  const chunk = filter.chunk_size
  if (typeof chunk !== 'number' || !Number.isInteger(chunk) || chunk < 1) throw invalidParams('chunk_size')
  if (chunk > MAX_CHUNK_SIZE) throw new RpcError(RpcCode.PAGE_SIZE_TOO_BIG)
  const number = (id: unknown, fallback: number) => {
    if (id === undefined) return fallback
    const r = chain.resolveBlock(blockId(id))
    return r === 'pending' ? chain.blocks.length : r.number
  }
  const from = number(filter.from_block, 0)
  const to = number(filter.to_block, chain.blocks.length)
  const rawAddress = filter.address
  const addresses =
    rawAddress === undefined
      ? undefined
      : new Set((Array.isArray(rawAddress) ? rawAddress : [rawAddress]).map((a) => toHex(felt(a, 'address'))))
  const keys = ((filter.keys ?? []) as unknown[][]).map(
    (alts) => new Set((alts ?? []).map((k) => toHex(felt(k, 'keys')))),
  )
  let startBlock = from
  let skip = 0
  if (filter.continuation_token !== undefined) {
    const m = /^(\d+)-(\d+)$/.exec(String(filter.continuation_token))
    if (!m) throw new RpcError(RpcCode.INVALID_CONTINUATION_TOKEN)
    startBlock = Number(m[1])
    skip = Number(m[2])
    if (startBlock < from || startBlock > to) throw new RpcError(RpcCode.INVALID_CONTINUATION_TOKEN)
  }
  const out: Json[] = []
  for (let b = startBlock; b <= to; b++) {
    const block =
      b < chain.blocks.length ? chain.blocks[b]! : b === chain.blocks.length ? 'pending' : undefined
    if (!block) break
    let match = 0
    for (const [txIndex, rec] of blockTxs(chain, block).entries()) {
      const events = rec.receipt.events as unknown as Event[]
      for (const [eventIndex, e] of events.entries()) {
        if (addresses && !addresses.has(e.from_address)) continue
        if (!keys.every((alts, i) => alts.size === 0 || (e.keys[i] !== undefined && alts.has(e.keys[i]!))))
          continue
        const index = match++
        if (b === startBlock && index < skip) continue
        if (out.length === chunk) return { events: out, continuation_token: `${b}-${index}` }
        out.push({
          ...e,
          ...(block === 'pending' ? {} : { block_hash: block.hash, block_number: block.number }),
          transaction_hash: rec.hash,
          ...(v === '0.10' ? { transaction_index: txIndex, event_index: eventIndex } : {}),
        })
      }
    }
  }
  return { events: out }
}
