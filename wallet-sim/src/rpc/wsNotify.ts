// What a subscription is told: for a chain change (a transaction admitted to the pre_confirmed block, a block
// committed, blocks aborted) or on subscribing (the replay), the notifications its filter selects, shaped as
// spec 0.9 / 0.10.
import type { Chain } from '../chain/chain'
import type { BlockRecord, JsonObject, TxRecord } from '../chain/records'
import { blockHeader, blockTxs, receipt, type SpecVersion } from './format'
import type { Filter, Finality } from './wsFilters'

/** One notification: the spec's method name and its `result` (the socket adds `subscription_id`). */
export interface Notification {
  readonly method: string
  readonly result: unknown
}

/** A change of the chain that subscriptions hear about. */
export type ChainChange =
  | { readonly kind: 'admitted'; readonly record: TxRecord }
  | { readonly kind: 'committed'; readonly block: BlockRecord }
  /** Committed blocks aborted (devnet_abortBlocks): the first and the last block of the orphaned chain. */
  | { readonly kind: 'reorg'; readonly first: BlockRecord; readonly last: BlockRecord }

interface EmittedEvent {
  from_address: string
  keys: string[]
}

/**
 * Formats records once per change and version, however many subscriptions ask.
 * @example const format = createFormatter(chain); format.header(block, '0.10')
 */
export function createFormatter(chain: Chain) {
  const cache = new Map<string, unknown>()
  const once = <T>(key: string, make: () => T): T => {
    if (!cache.has(key)) cache.set(key, make())
    return cache.get(key) as T
  }
  return {
    chain,
    header: (block: BlockRecord, v: SpecVersion) =>
      once(`h${block.number}:${v}`, () => blockHeader(chain, block, v)),
    status: (rec: TxRecord) => once(`s${rec.hash}`, () => statusOf(chain, rec)),
    receipt: (rec: TxRecord) => once(`r${rec.hash}`, () => receipt(chain, rec)),
    transaction: (rec: TxRecord) =>
      once(`t${rec.hash}`, () => ({ ...rec.transaction, finality_status: stageOf(rec) })),
    events: (rec: TxRecord, v: SpecVersion) => once(`e${rec.hash}:${v}`, () => eventsOf(chain, rec, v)),
  }
}
export type Formatter = ReturnType<typeof createFormatter>

/**
 * The notifications `filter` selects for `change`, in the order starknet-devnet sends them.
 * @example notificationsFor({ kind: 'newHeads', from: undefined }, { kind: 'committed', block }, format, '0.10')
 */
export function notificationsFor(
  filter: Filter,
  change: ChainChange,
  format: Formatter,
  v: SpecVersion,
): Notification[] {
  if (change.kind === 'admitted') return forTransaction(filter, change.record, format, v)
  // Every kind of subscription hears of a reorg (the spec lists it for each; starknet-devnet sends it to each).
  if (change.kind === 'reorg') return [{ method: 'starknet_subscriptionReorg', result: reorgData(change) }]
  const heads: Notification[] =
    filter.kind === 'newHeads'
      ? [{ method: 'starknet_subscriptionNewHeads', result: format.header(change.block, v) }]
      : []
  const txs = blockTxs(format.chain, change.block).flatMap((rec) => forTransaction(filter, rec, format, v))
  return [...heads, ...txs]
}

/**
 * What a new subscription is told at once, as starknet-devnet does: heads from its `block_id` to the
 * latest block (none for `latest`); events from its `block_id` (default latest) on, and the pre_confirmed
 * ones with PRE_CONFIRMED; the transactions / receipts of the latest and pre_confirmed blocks that pass its
 * filter; the current status of a known transaction.
 * @example catchUp({ kind: 'newHeads', from: 0 }, createFormatter(chain), '0.10')
 */
export function catchUp(filter: Filter, format: Formatter, v: SpecVersion): Notification[] {
  const { chain } = format
  const committed = (from: number) =>
    chain.blocks
      .slice(from)
      .flatMap((block) => notificationsFor(filter, { kind: 'committed', block }, format, v))
  const pending = () => blockTxs(chain, 'pending').flatMap((rec) => forTransaction(filter, rec, format, v))
  switch (filter.kind) {
    case 'newHeads':
      return filter.from === undefined ? [] : committed(filter.from)
    case 'events':
      return [...committed(filter.from), ...pending()]
    case 'transactionStatus': {
      const rec = chain.txs.get(filter.hash)
      return rec ? forTransaction(filter, rec, format, v) : []
    }
    default:
      return [...committed(chain.latest.number), ...pending()]
  }
}

function forTransaction(filter: Filter, rec: TxRecord, format: Formatter, v: SpecVersion): Notification[] {
  switch (filter.kind) {
    case 'newHeads':
      return []
    case 'transactionStatus':
      return filter.hash === rec.hash
        ? [{ method: 'starknet_subscriptionTransactionStatus', result: format.status(rec) }]
        : []
    case 'events': {
      // PRE_CONFIRMED asks for the most recent events: pre_confirmed ones, then each again once accepted.
      if (stageOf(rec) === 'PRE_CONFIRMED' && filter.finality !== 'PRE_CONFIRMED') return []
      return format
        .events(rec, v)
        .filter((e) => matchesEvent(filter, e as unknown as EmittedEvent))
        .map((result) => ({ method: 'starknet_subscriptionEvents', result }))
    }
    case 'transactions':
    case 'transactionReceipts': {
      const stage = stageOf(rec)
      if (filter.finality.size > 0 && !filter.finality.has(stage)) return []
      if (filter.senders && !filter.senders.has(senderOf(rec))) return []
      return filter.kind === 'transactions'
        ? [{ method: 'starknet_subscriptionNewTransaction', result: format.transaction(rec) }]
        : [{ method: 'starknet_subscriptionNewTransactionReceipts', result: format.receipt(rec) }]
    }
  }
}

// As starknet_getEvents matches: any listed emitter, and per key position any listed key (empty: any key).
function matchesEvent(filter: Extract<Filter, { kind: 'events' }>, e: EmittedEvent): boolean {
  if (filter.addresses && !filter.addresses.has(e.from_address)) return false
  return filter.keys.every((alts, i) => alts.size === 0 || (e.keys[i] !== undefined && alts.has(e.keys[i]!)))
}

/** REORG_DATA: the first and the last block of the orphaned chain. */
const reorgData = ({ first, last }: { first: BlockRecord; last: BlockRecord }) => ({
  starting_block_hash: first.hash,
  starting_block_number: first.number,
  ending_block_hash: last.hash,
  ending_block_number: last.number,
})

/** Where a transaction stands, in the words of the subscriptions' finality filters. */
const stageOf = (rec: TxRecord): Finality => (rec.blockNumber === null ? 'PRE_CONFIRMED' : 'ACCEPTED_ON_L2')

/** The account that sent a transaction: an invoke's sender, the account a deploy_account deploys. */
const senderOf = (rec: TxRecord): string =>
  String(
    (rec.transaction as { sender_address?: string }).sender_address ?? rec.receipt.contract_address ?? '',
  )

/** NEW_TXN_STATUS: the hash and TXN_STATUS_RESULT, as starknet_getTransactionStatus answers it. */
function statusOf(chain: Chain, rec: TxRecord): JsonObject {
  const execution = rec.receipt.execution_status as string
  return {
    transaction_hash: rec.hash,
    status: {
      finality_status: chain.finalityOf(rec),
      execution_status: execution,
      ...(execution === 'REVERTED' ? { failure_reason: rec.receipt.revert_reason as string } : {}),
    },
  }
}

/** EMITTED_EVENT with the emitting transaction's finality_status (0.10 adds the indices). */
function eventsOf(chain: Chain, rec: TxRecord, v: SpecVersion): JsonObject[] {
  const block = rec.blockNumber === null ? undefined : chain.blocks[rec.blockNumber]
  const events = rec.receipt.events as JsonObject[]
  return events.map((e, eventIndex) => ({
    ...e,
    ...(block
      ? { block_hash: block.hash, block_number: block.number }
      : { block_number: chain.blocks.length }),
    transaction_hash: rec.hash,
    ...(v === '0.10' ? { transaction_index: rec.index, event_index: eventIndex } : {}),
    finality_status: chain.finalityOf(rec),
  }))
}
