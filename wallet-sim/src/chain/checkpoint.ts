// In-memory checkpoints of a chain (devnet_snapshot / devnet_revert). A checkpoint shares what never changes
// once written (sealed blocks, committed transaction records, each contract's storage until its next write), so
// taking one costs O(blocks + transactions + contracts) reference copies, not a deep copy of the state.
import type { ChainData } from './chainTypes'
import type { Felt } from './contract'
import type { GasPrices } from './gas'
import type { BlockRecord, TxRecord } from './records'
import type { State } from './state'

/** What a chain is at one moment: blocks, transactions, committed and pre_confirmed state, prices, clock. */
export interface ChainCheckpoint {
  readonly chainId: Felt
  readonly gasPrices: GasPrices
  readonly nextGasPrices: GasPrices | undefined
  readonly l1AcceptedNumber: number
  readonly abortedBlocks: number
  readonly timeOffset: number
  readonly blocks: readonly BlockRecord[]
  readonly txs: ReadonlyMap<string, TxRecord>
  readonly base: State
  readonly pending: State
  readonly pendingTxs: readonly string[]
  readonly pendingTimestamp: number | undefined
}

/**
 * A checkpoint of `chain` now. Sealed blocks and committed records are shared (nothing writes them again);
 * pre_confirmed records are copied (sealing a block stamps their block number).
 * @example const saved = takeCheckpoint(chain); chain.addTransaction(tx); restoreCheckpoint(fresh, saved)
 */
export function takeCheckpoint(chain: ChainData): ChainCheckpoint {
  const txs = new Map(chain.txs)
  for (const hash of chain.pendingTxs) {
    const record = txs.get(hash)
    if (record) txs.set(hash, { ...record })
  }
  const base = chain.base.fork()
  return {
    chainId: chain.chainId,
    gasPrices: chain.gasPrices,
    nextGasPrices: chain.nextGasPrices,
    l1AcceptedNumber: chain.l1AcceptedNumber,
    abortedBlocks: chain.abortedBlocks,
    timeOffset: chain.timeOffset,
    blocks: [...chain.blocks],
    txs,
    base,
    pending: chain.pending.fork(base),
    pendingTxs: [...chain.pendingTxs],
    pendingTimestamp: chain.pendingTimestamp,
  }
}

/**
 * Fills a new, empty chain (built with the checkpoint's `chainId`) with a checkpoint. The checkpoint stays usable:
 * pre_confirmed records are copied again and state is shared copy-on-write.
 * @example const chain = new Chain(options); restoreCheckpoint(chain, saved)
 */
export function restoreCheckpoint(chain: ChainData, saved: ChainCheckpoint): void {
  chain.gasPrices = saved.gasPrices
  chain.nextGasPrices = saved.nextGasPrices
  chain.l1AcceptedNumber = saved.l1AcceptedNumber
  chain.abortedBlocks = saved.abortedBlocks
  chain.timeOffset = saved.timeOffset
  for (const block of saved.blocks) chain.blocks.push(block)
  for (const [hash, record] of saved.txs)
    chain.txs.set(hash, record.blockNumber === null ? { ...record } : record)
  chain.base.adopt(saved.base)
  chain.pending.adopt(saved.pending)
  chain.pendingTxs = [...saved.pendingTxs]
  chain.pendingTimestamp = saved.pendingTimestamp
}
