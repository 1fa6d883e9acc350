// What `--state FILE` appends to its journal: per committed block, the block and the transactions not yet
// on disk; with a block time, per transaction admitted into the pre_confirmed block, the transaction and
// its writes; per devnet_abortBlocks, how many blocks stay; per clock move, the clock. Replaying them on the
// chain of the last snapshot gives the chain that wrote them.
import type { Chain } from './chain'
import { toHex } from './felt'
import type { GasPrices } from './gas'
import { applyDiffJson, type BlockRecord, type GasPricesJson, type TxRecord } from './records'
import { rollBack } from './reorg'
import type { State, StateDiff } from './state'

/** A committed block; `txs` are the records of its transactions that no earlier entry or snapshot holds. */
export interface BlockEntry {
  readonly kind: 'block'
  readonly block: BlockRecord
  readonly txs: readonly TxRecord[]
  readonly timeOffset: number
}

/** A transaction admitted into the pre_confirmed block, with the writes it added to that block. */
export interface TxEntry {
  readonly kind: 'tx'
  readonly tx: TxRecord
  readonly diff: DiffEntry
  readonly pendingTimestamp: number
  readonly timeOffset: number
}

/** devnet_abortBlocks: the first `keep` blocks stay; later ones, the pre_confirmed block and their transactions go. */
export interface AbortEntry {
  readonly kind: 'abort'
  readonly keep: number
  /** The chain's count of aborted blocks after the abort (new block hashes include it). */
  readonly abortedBlocks: number
  readonly timeOffset: number
}

/** A clock move (devnet_setTime, devnet_increaseTime), on disk before the answer even when no block follows. */
export interface ClockEntry {
  readonly kind: 'clock'
  readonly timeOffset: number
}

export type ChainEntry = BlockEntry | TxEntry | AbortEntry | ClockEntry

/** A state diff in write order (felts as hex), so a replay fills the layer's maps in the same order. */
export interface DiffEntry {
  readonly storage: [string, [string, string][]][]
  readonly classHashes: [string, string][]
  readonly nonces: [string, string][]
}

/**
 * The entry of a block just committed; `onDisk` holds the hashes of its transactions already journaled.
 * @example chain.onCommit((block) => store.append(blockEntry(chain, block, new Set())))
 */
export function blockEntry(chain: Chain, block: BlockRecord, onDisk: ReadonlySet<string>): BlockEntry {
  const txs: TxRecord[] = []
  for (const hash of block.txHashes) {
    const record = chain.txs.get(hash)
    if (record && !onDisk.has(hash)) txs.push(record)
  }
  return { kind: 'block', block, txs, timeOffset: chain.timeOffset }
}

/**
 * The entry of a transaction just admitted into the pre_confirmed block (`diff`: its writes).
 * @example chain.onAdmit((record, diff) => store.append(txEntry(chain, record, diff)))
 */
export function txEntry(chain: Chain, tx: TxRecord, diff: StateDiff): TxEntry {
  return {
    kind: 'tx',
    tx,
    diff: {
      storage: [...diff.storage].map(([a, m]) => [toHex(a), [...m].map(([k, v]) => [toHex(k), toHex(v)])]),
      classHashes: [...diff.classHashes].map(([a, c]) => [toHex(a), toHex(c)]),
      nonces: [...diff.nonces].map(([a, n]) => [toHex(a), toHex(n)]),
    },
    pendingTimestamp: chain.pendingTimestamp ?? chain.now(),
    timeOffset: chain.timeOffset,
  }
}

/**
 * The entry of an abort just done (`chain` already rolled back).
 * @example chain.onAbort(() => store.append(abortEntry(chain)))
 */
export const abortEntry = (chain: Chain): AbortEntry => ({
  kind: 'abort',
  keep: chain.blocks.length,
  abortedBlocks: chain.abortedBlocks,
  timeOffset: chain.timeOffset,
})

/**
 * The entry of a clock move just done.
 * @example chain.onTimeChange(() => store.append(clockEntry(chain)))
 */
export const clockEntry = (chain: Chain): ClockEntry => ({ kind: 'clock', timeOffset: chain.timeOffset })

/**
 * Applies one journal entry to `chain`, as the live chain changed when the entry was written.
 * @example for (const entry of entries) replayEntry(chain, entry)
 */
export function replayEntry(chain: Chain, entry: ChainEntry): void {
  chain.timeOffset = entry.timeOffset
  switch (entry.kind) {
    case 'tx':
      chain.txs.set(entry.tx.hash, entry.tx)
      chain.pendingTxs.push(entry.tx.hash)
      chain.pendingTimestamp = entry.pendingTimestamp
      applyDiff(chain.pending, entry.diff)
      return
    case 'block':
      replayBlock(chain, entry)
      return
    case 'abort':
      rollBack(chain, entry.keep)
      chain.abortedBlocks = entry.abortedBlocks
      return
    case 'clock':
      return
    default:
      throw new Error(`unknown chain journal entry: ${JSON.stringify(entry)}`)
  }
}

function replayBlock(chain: Chain, entry: BlockEntry): void {
  const { block } = entry
  if (block.number !== chain.blocks.length)
    throw new Error(`journal block ${block.number} does not follow block ${chain.blocks.length - 1}`)
  for (const tx of entry.txs) chain.txs.set(tx.hash, tx)
  for (const hash of block.txHashes) {
    const record = chain.txs.get(hash)
    if (record) record.blockNumber = block.number
  }
  // The block's state diff holds every real change of the pre_confirmed layer it committed, whoever wrote it
  // (files written before no-op writes were left out also hold those: applying them changes nothing).
  applyDiffJson(chain.base, block.stateDiff)
  chain.pending.clear()
  chain.pendingTxs = []
  chain.pendingTimestamp = undefined
  chain.blocks.push(block)
  // Committing applies any devnet_setGasPrice change, so the chain runs at the prices its newest block shows.
  chain.gasPrices = gasPricesOf(block.gasPrices)
  chain.nextGasPrices = undefined
}

const gasPricesOf = (p: GasPricesJson): GasPrices => ({
  l1Gas: { fri: BigInt(p.l1_gas_price.price_in_fri), wei: BigInt(p.l1_gas_price.price_in_wei) },
  l2Gas: { fri: BigInt(p.l2_gas_price.price_in_fri), wei: BigInt(p.l2_gas_price.price_in_wei) },
  l1DataGas: { fri: BigInt(p.l1_data_gas_price.price_in_fri), wei: BigInt(p.l1_data_gas_price.price_in_wei) },
})

// Through a child layer committed into `pending`, so the keys the transaction changed are marked as live.
function applyDiff(pending: State, diff: DiffEntry): void {
  const layer = pending.child()
  for (const [a, entries] of diff.storage)
    for (const [k, v] of entries) layer.setStorage(BigInt(a), BigInt(k), BigInt(v))
  for (const [a, c] of diff.classHashes) layer.setClassHash(BigInt(a), BigInt(c))
  for (const [a, n] of diff.nonces) layer.setNonce(BigInt(a), BigInt(n))
  layer.commit()
}
