// The params of the subscribe methods (starknet_ws_api.json 0.9 / 0.10), checked and read into filters:
// by name or by position, unknown names ignored (starknet.js sends `block_id` with a transaction status
// subscription and `tags` with a transactions one), `null` read as absent.
import type { Chain } from '../chain/chain'
import { RpcCode, RpcError } from '../chain/errors'
import { toHex } from '../chain/felt'
import { blockId, felt, invalidParams, namedParams } from './params'

/** How far back a `block_id` may start a replay (error 68 beyond), as on Starknet nodes and starknet-devnet. */
export const MAX_BLOCKS_BACK = 1024
/** Most addresses in a `sender_address` or `from_address` list (error 67 beyond), as Pathfinder. */
export const MAX_ADDRESSES = 128
/** Most key positions in an events filter (error 34 beyond), as Pathfinder; and most keys in all. */
export const MAX_KEY_POSITIONS = 16
export const MAX_KEYS = 1024

/** The finality statuses a subscription can ask for (TXN_STATUS_WITHOUT_L1, as this chain has it). */
export type Finality = 'PRE_CONFIRMED' | 'ACCEPTED_ON_L2'

export type Filter =
  | { kind: 'newHeads'; from: number | undefined }
  | {
      kind: 'events'
      from: number
      addresses: ReadonlySet<string> | undefined
      keys: readonly ReadonlySet<string>[]
      finality: Finality
    }
  | { kind: 'transactionStatus'; hash: string }
  | {
      kind: 'transactionReceipts' | 'transactions'
      /** Empty: every status (as starknet-devnet reads an empty list). */
      finality: ReadonlySet<Finality>
      senders: ReadonlySet<string> | undefined
    }

type Params = Record<string, unknown>
type Parse = (chain: Chain, p: Params) => Filter

const NAMES = {
  starknet_subscribeNewHeads: ['block_id'],
  starknet_subscribeEvents: ['from_address', 'keys', 'block_id', 'finality_status'],
  starknet_subscribeTransactionStatus: ['transaction_hash'],
  starknet_subscribeNewTransactionReceipts: ['finality_status', 'sender_address'],
  starknet_subscribeNewTransactions: ['finality_status', 'sender_address'],
} as const
export type SubscribeMethod = keyof typeof NAMES
/** The subscribe methods of the WebSocket API, as this file answers them. */
export const SUBSCRIBE_METHODS = Object.keys(NAMES) as readonly SubscribeMethod[]

const PARSERS: Record<SubscribeMethod, Parse> = {
  starknet_subscribeNewHeads: (chain, p) => ({ kind: 'newHeads', from: startBlock(chain, p.block_id) }),
  starknet_subscribeEvents: (chain, p) => ({
    kind: 'events',
    from: startBlock(chain, p.block_id) ?? chain.latest.number,
    addresses: p.from_address == null ? undefined : addresses(p.from_address, 'from_address'),
    keys: keys(p.keys),
    finality: eventFinality(p.finality_status),
  }),
  starknet_subscribeTransactionStatus: (_chain, p) => ({
    kind: 'transactionStatus',
    hash: toHex(felt(p.transaction_hash, 'transaction_hash')),
  }),
  starknet_subscribeNewTransactionReceipts: (_chain, p) => ({
    kind: 'transactionReceipts',
    finality: finalities(p.finality_status, false),
    senders: p.sender_address == null ? undefined : addresses(p.sender_address, 'sender_address'),
  }),
  starknet_subscribeNewTransactions: (_chain, p) => ({
    kind: 'transactions',
    finality: finalities(p.finality_status, true),
    senders: p.sender_address == null ? undefined : addresses(p.sender_address, 'sender_address'),
  }),
}

/**
 * Whether `method` is one of the subscribe methods of the WebSocket API.
 * @example isSubscribeMethod('starknet_subscribeEvents') // true
 */
export const isSubscribeMethod = (method: string): method is SubscribeMethod => Object.hasOwn(NAMES, method)

/**
 * Reads the params of a subscribe method into its filter. Throws -32602, 24, 34, 67 or 68 as the spec says.
 * @example parseFilter(chain, 'starknet_subscribeNewHeads', { block_id: { block_number: 3 } }) // { kind: 'newHeads', from: 3 }
 */
export function parseFilter(chain: Chain, method: SubscribeMethod, params: unknown): Filter {
  return PARSERS[method](chain, namedParams(params, NAMES[method]))
}

// SUBSCRIPTION_BLOCK_ID: `latest` (the default; no replay of heads), a number or a hash. `pre_confirmed` reads
// as `latest`, as on starknet-devnet.
function startBlock(chain: Chain, raw: unknown): number | undefined {
  if (raw == null || raw === 'latest' || raw === 'pre_confirmed') return undefined
  if (typeof raw !== 'object')
    throw invalidParams(`block_id must be "latest", {block_number} or {block_hash}`)
  const block = chain.resolveBlock(blockId(raw))
  if (block === 'pending') throw new RpcError(RpcCode.BLOCK_NOT_FOUND)
  if (chain.latest.number - block.number > MAX_BLOCKS_BACK) throw new RpcError(RpcCode.TOO_MANY_BLOCKS_BACK)
  return block.number
}

// ADDRESS, or a list of them (spec 0.10.1's events filter; starknet.js v10 sends one for several addresses).
function addresses(raw: unknown, name: string): ReadonlySet<string> {
  const list = Array.isArray(raw) ? raw : name === 'from_address' ? [raw] : undefined
  if (!list) throw invalidParams(`${name} must be an array of addresses`)
  if (list.length > MAX_ADDRESSES) {
    throw new RpcError(RpcCode.TOO_MANY_ADDRESSES_IN_FILTER, `at most ${MAX_ADDRESSES} addresses`)
  }
  return new Set(list.map((a) => toHex(felt(a, name))))
}

function keys(raw: unknown): ReadonlySet<string>[] {
  if (raw == null) return []
  if (!Array.isArray(raw) || !raw.every(Array.isArray))
    throw invalidParams('keys must be an array of arrays of felts')
  const total = raw.reduce((n: number, alts: unknown[]) => n + alts.length, 0)
  if (raw.length > MAX_KEY_POSITIONS || total > MAX_KEYS) {
    throw new RpcError(
      RpcCode.TOO_MANY_KEYS_IN_FILTER,
      `at most ${MAX_KEY_POSITIONS} key positions and ${MAX_KEYS} keys`,
    )
  }
  return raw.map((alts: unknown[]) => new Set(alts.map((k) => toHex(felt(k, 'keys')))))
}

function eventFinality(raw: unknown): Finality {
  if (raw == null) return 'ACCEPTED_ON_L2'
  if (raw === 'PRE_CONFIRMED' || raw === 'ACCEPTED_ON_L2') return raw
  throw invalidParams('finality_status must be PRE_CONFIRMED or ACCEPTED_ON_L2')
}

// A list of statuses, default [ACCEPTED_ON_L2]. New transactions also take RECEIVED and CANDIDATE, which
// read as PRE_CONFIRMED as on starknet-devnet: a transaction joins the pre_confirmed block when admitted.
function finalities(raw: unknown, withMempool: boolean): ReadonlySet<Finality> {
  if (raw == null) return new Set(['ACCEPTED_ON_L2'])
  const allowed = withMempool
    ? 'RECEIVED, CANDIDATE, PRE_CONFIRMED or ACCEPTED_ON_L2'
    : 'PRE_CONFIRMED or ACCEPTED_ON_L2'
  if (!Array.isArray(raw)) throw invalidParams(`finality_status must be an array of ${allowed}`)
  return new Set(
    raw.map((s): Finality => {
      if (s === 'PRE_CONFIRMED' || s === 'ACCEPTED_ON_L2') return s
      if (withMempool && (s === 'RECEIVED' || s === 'CANDIDATE')) return 'PRE_CONFIRMED'
      throw invalidParams(`finality_status: ${JSON.stringify(s)} is not one of ${allowed}`)
    }),
  )
}
