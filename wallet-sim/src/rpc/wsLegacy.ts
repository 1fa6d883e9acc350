// The WebSocket API of spec 0.8 (starknet.js v7's WebSocketChannel) over 0.9's subscriptions: a 0.8 subscribe
// request is read as the 0.9 one that selects the same notifications, and each notification is shaped back
// (0.8 names, finality statuses, pending transactions as hashes or TXN_WITH_HASH). Spec 0.7 has no WebSocket API.
import type { Chain } from '../chain/chain'
import { finalityOut } from './legacy'
import { namedParams } from './params'
import type { Notification } from './wsNotify'

type Request = { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown }
type Json = Record<string, unknown>

/** A 0.8 subscribe request in 0.9 terms, and how its subscription's notifications read in 0.8 (undefined: dropped). */
export interface Subscribe08 {
  readonly request: Request
  readonly out: (n: Notification) => Notification | undefined
}

const same = (n: Notification) => n

/**
 * The 0.9 form of a 0.8 subscribe request on `chain`; undefined for any other method (unsubscribe is the same
 * in both).
 * @example subscribeIn08(chain, { jsonrpc: '2.0', id: 1, method: 'starknet_subscribePendingTransactions', params: {} })
 */
export function subscribeIn08(chain: Chain, req: Request): Subscribe08 | undefined {
  const { method } = req
  if (typeof method !== 'string' || !Object.hasOwn(SUBSCRIBE_08, method)) return undefined
  return SUBSCRIBE_08[method]!(chain, req)
}

/** The 0.8 subscribe methods, each as its 0.9 request and the shaping of its notifications. */
const SUBSCRIBE_08: Readonly<Record<string, (chain: Chain, req: Request) => Subscribe08>> = {
  // 0.8's SUBSCRIPTION_BLOCK_ID has no `pending`: 0.9's parser refuses it as it refuses any other string.
  starknet_subscribeNewHeads: (_chain, req) => ({ request: req, out: same }),
  starknet_subscribeEvents: (_chain, req) => {
    // No finality_status in 0.8: events of accepted blocks (0.9's default), without 0.9's finality field.
    const p = namedParams(req.params, ['from_address', 'keys', 'block_id'])
    const params = { from_address: p.from_address, keys: p.keys, block_id: p.block_id }
    return { request: { ...req, params }, out: eventOut }
  },
  starknet_subscribeTransactionStatus: (_chain, req) => ({ request: req, out: statusOut() }),
  starknet_subscribePendingTransactions: (chain, req) => {
    const p = namedParams(req.params, ['transaction_details', 'sender_address'])
    // Every status (an empty list), so that without a block time, where nothing is ever pre_confirmed, a
    // transaction is told as its block commits; with one, as it joins the pending block, and not again.
    // An empty sender list filters nothing (as starknet.js v7 sends it when given no addresses).
    const senders =
      Array.isArray(p.sender_address) && p.sender_address.length === 0 ? undefined : p.sender_address
    const params = { finality_status: [], sender_address: senders }
    return {
      request: { ...req, method: 'starknet_subscribeNewTransactions', params },
      out: pendingOut(chain, p.transaction_details === true),
    }
  },
}

/** The subscribe methods of the 0.8 WebSocket API (unsubscribe is the same in every version). */
export const SUBSCRIBE_METHODS_0_8: readonly string[] = Object.keys(SUBSCRIBE_08)

function eventOut(n: Notification): Notification {
  if (n.method !== 'starknet_subscriptionEvents') return n
  const { finality_status: _f, ...event } = n.result as Json
  return { method: n.method, result: event }
}

// NEW_TXN_STATUS with 0.8's statuses; PRE_CONFIRMED and ACCEPTED_ON_L2 read alike, so the second is not repeated.
function statusOut(): (n: Notification) => Notification | undefined {
  let last: string | undefined
  return (n) => {
    if (n.method !== 'starknet_subscriptionTransactionStatus') return n
    const r = n.result as { transaction_hash: string; status: Json }
    const status = { ...r.status, finality_status: finalityOut(r.status.finality_status) }
    const key = JSON.stringify(status)
    if (key === last) return undefined
    last = key
    return { method: n.method, result: { transaction_hash: r.transaction_hash, status } }
  }
}

// starknet_subscriptionPendingTransactions: the hash, or TXN_WITH_HASH with `transaction_details`; once per
// transaction. `told` holds the pending ones already told (and, at first, the latest block's, which the 0.9
// replay repeats and 0.8 does not send), each dropped when its block commits.
function pendingOut(chain: Chain, details: boolean): (n: Notification) => Notification | undefined {
  const told = new Set(chain.latest.txHashes)
  return (n) => {
    if (n.method !== 'starknet_subscriptionNewTransaction') return n
    const { finality_status: stage, ...tx } = n.result as Json
    const hash = String(tx.transaction_hash)
    if (stage === 'PRE_CONFIRMED') told.add(hash)
    else if (told.delete(hash)) return undefined
    return { method: 'starknet_subscriptionPendingTransactions', result: details ? tx : hash }
  }
}
