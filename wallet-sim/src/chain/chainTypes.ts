// The chain's types, apart from the Chain class: block production, block reads, reorgs, simulation and
// snapshots work on a `ChainData` and import it from here, so none of them imports chain.ts (which calls
// them) and the chain folder has no import circle.
import type { BlockInfo, Felt } from './contract'
import type { GasPrices } from './gas'
import type { BlockRecord, TxRecord } from './records'
import type { State } from './state'

/** How a {@link Chain} starts: its chain id, clock, gas prices and block time. @example new Chain({ blockTime: 0 }) */
export interface ChainOptions {
  /** Default SN_SEPOLIA. */
  readonly chainId?: Felt
  readonly gasPrices?: GasPrices
  /** 0 (default): a block per transaction. Otherwise transactions wait in pre_confirmed for `closeBlock`. */
  readonly blockTime?: number
  /** Wall clock in ms (tests pass a fake one). */
  readonly clock?: () => number
}

/** A block id as the RPC gives it, parsed. */
export type BlockId =
  | { tag: 'latest' | 'pre_confirmed' | 'l1_accepted' }
  | { number: number }
  | { hash: Felt }

/**
 * A chain's data as its parts read and write it: blocks, transactions, the committed and the pre_confirmed
 * state, prices and the clock. The `Chain` class (chain.ts) is one; its listeners and methods are its own.
 */
export interface ChainData {
  readonly chainId: Felt
  gasPrices: GasPrices
  readonly feeToken: Felt
  readonly sequencerAddress: Felt
  readonly blockTime: number
  readonly blocks: BlockRecord[]
  readonly txs: Map<string, TxRecord>
  /** Committed state (the latest block). */
  readonly base: State
  /** The pre_confirmed block's writes on top of `base`. */
  readonly pending: State
  pendingTxs: string[]
  pendingTimestamp: number | undefined
  /** Seconds added to the clock (devnet_setTime / devnet_increaseTime). */
  timeOffset: number
  /** Prices set by devnet_setGasPrice that the next committed block takes. */
  nextGasPrices: GasPrices | undefined
  /** The newest block accepted on L1 (devnet_acceptOnL1). */
  l1AcceptedNumber: number
  /** How many blocks devnet_abortBlocks aborted so far. */
  abortedBlocks: number
  /** The newest committed block; throws RpcError NO_BLOCKS before genesis. */
  readonly latest: BlockRecord
  /** The chain's clock, in seconds. */
  now(): number
  /** Info of the block being built (pre_confirmed), which transactions see while they run. */
  pendingBlockInfo(): BlockInfo
}
