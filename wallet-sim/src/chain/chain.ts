// The simulated Starknet node: committed state plus a pre_confirmed block, and what changes them (transaction
// admission, blocks, clock moves, aborts) with listeners for each. The work lives beside it: blockProduction.ts,
// blockReads.ts, simulate.ts (estimates and calls), reorg.ts (devnet_abortBlocks); src/rpc formats the results.
import { recordAdmitted, sealBlock } from './blockProduction'
import { resolveBlock, stateAt } from './blockReads'
import type { BlockId, ChainData, ChainOptions } from './chainTypes'
import type { BlockInfo, Call, Felt } from './contract'
import { STRK_ADDRESS } from './contracts/erc20'
import { RpcCode, RpcError } from './errors'
import { shortString, toHex } from './felt'
import { DEFAULT_GAS_PRICES, type GasPrices } from './gas'
import { parseTransaction } from './parseTransaction'
import type { BlockRecord, L1MessageInfo, TxRecord } from './records'
import { abortBlocks, type Reorg } from './reorg'
import { runL1Handler } from './runL1Handler'
import { runTransaction } from './runTransaction'
import { callAt, type FeeEstimate, runOptions, type SimulationFlags, simulate } from './simulate'
import { type ChainSnapshot, restoreSnapshot, snapshotChain, snapshotOptions } from './snapshot'
import { State, type StateDiff } from './state'
import { type L1HandlerTx, QUERY_VERSION_1, QUERY_VERSION_3, type Transaction } from './transaction'
import { l1HandlerTransactionHash, transactionHash } from './transactionHash'
import { type TxOutcome, TxRejected } from './txOutcome'

export type { BlockId, ChainData, ChainOptions } from './chainTypes'
export type { FeeEstimate, Reorg, SimulationFlags }

/** SN_SEPOLIA as a felt. */
export const SN_SEPOLIA = shortString('SN_SEPOLIA')
/** The Sepolia sequencer address, which receives the fees. */
export const SEQUENCER_ADDRESS = 0x1176a1bd84444c89232ec27754698e5d2e7e1a7f1539f12027f28b23ec9f3d8n

/**
 * One simulated Starknet chain. Create it with `createChain()` (genesis.ts) for the predeployed
 * contracts and accounts, or `new Chain()` for an empty one.
 * @example
 * const chain = new Chain()
 * chain.addTransaction(json) // { hash }
 */
export class Chain implements ChainData {
  readonly chainId: Felt
  gasPrices: GasPrices
  readonly feeToken: Felt = STRK_ADDRESS
  readonly sequencerAddress: Felt = SEQUENCER_ADDRESS
  readonly blockTime: number
  readonly blocks: BlockRecord[] = []
  readonly txs = new Map<string, TxRecord>()
  /** Committed state (the latest block). */
  readonly base = new State()
  /** The pre_confirmed block's writes on top of `base`. */
  readonly pending: State = this.base.child()
  pendingTxs: string[] = []
  pendingTimestamp: number | undefined
  /** Seconds added to the clock (devnet_setTime / devnet_increaseTime). */
  timeOffset = 0
  /** Prices set by devnet_setGasPrice that the next committed block takes (starknet-devnet's `next_block_gas`). */
  nextGasPrices: GasPrices | undefined
  /** The newest block accepted on L1 (devnet_acceptOnL1); the genesis block is from the start. */
  l1AcceptedNumber = 0
  /** How many blocks devnet_abortBlocks aborted so far; block hashes include it once it is not 0. */
  abortedBlocks = 0
  private readonly clock: () => number
  private readonly commitListeners = new Set<(block: BlockRecord) => void>()
  private readonly admitListeners = new Set<(record: TxRecord, diff: StateDiff) => void>()
  private readonly abortListeners = new Set<(reorg: Reorg) => void>()
  private readonly timeListeners = new Set<(timeOffset: number) => void>()

  constructor(options: ChainOptions = {}) {
    this.chainId = options.chainId ?? SN_SEPOLIA
    this.gasPrices = options.gasPrices ?? DEFAULT_GAS_PRICES
    this.blockTime = options.blockTime ?? 0
    this.clock = options.clock ?? Date.now
  }

  /** The chain's clock, in seconds. */
  now(): number {
    return Math.floor(this.clock() / 1000) + this.timeOffset
  }

  /**
   * Calls `listener` after every committed block (for persistence); returns an unsubscribe function.
   * @example chain.onCommit((block) => store.save(chain.snapshot()))
   */
  onCommit(listener: (block: BlockRecord) => void): () => void {
    return subscribe(this.commitListeners, listener)
  }

  /**
   * Calls `listener` when a transaction joins the pre_confirmed block, with its record and its writes
   * (before its block commits, also without a block time); returns an unsubscribe function.
   * @example chain.onAdmit((record, diff) => journal.append({ tx: record }))
   */
  onAdmit(listener: (record: TxRecord, diff: StateDiff) => void): () => void {
    return subscribe(this.admitListeners, listener)
  }

  /**
   * Calls `listener` after `abortBlocks` rolled the chain back, with what it undid; returns an unsubscribe function.
   * @example chain.onAbort((reorg) => console.log('aborted', reorg.aborted))
   */
  onAbort(listener: (reorg: Reorg) => void): () => void {
    return subscribe(this.abortListeners, listener)
  }

  /**
   * Calls `listener` with the new `timeOffset` after `setTime` / `increaseTime` moved the clock; returns an
   * unsubscribe function.
   * @example chain.onTimeChange((offset) => journal.append({ kind: 'clock', timeOffset: offset }))
   */
  onTimeChange(listener: (timeOffset: number) => void): () => void {
    return subscribe(this.timeListeners, listener)
  }

  get latest(): BlockRecord {
    const b = this.blocks[this.blocks.length - 1]
    if (!b) throw new RpcError(RpcCode.NO_BLOCKS)
    return b
  }

  /** Info of the block being built (pre_confirmed), which transactions see while they run. */
  pendingBlockInfo(): BlockInfo {
    return {
      number: BigInt(this.blocks.length),
      timestamp: BigInt(this.pendingTimestamp ?? this.now()),
      sequencerAddress: this.sequencerAddress,
    }
  }

  /** The state a block id reads: pre_confirmed sees pending writes; an older block the state after it. */
  stateAt(id: BlockId): State {
    return stateAt(this, id)
  }

  /** The committed block of an id, or 'pending' for pre_confirmed; throws 24 when unknown. */
  resolveBlock(id: BlockId): BlockRecord | 'pending' {
    return resolveBlock(this, id)
  }

  /**
   * Admits a broadcast V3 transaction: runs it on the pre_confirmed block and, without a block
   * time, commits that block at once. Throws RpcError (52, 53, 54, 55, 59, 61, ...).
   * @example const { hash } = chain.addTransaction(invokeJson)
   */
  addTransaction(json: unknown, expectedType?: 'INVOKE' | 'DEPLOY_ACCOUNT'): { hash: Felt; tx: Transaction } {
    const tx = parseTransaction(json, expectedType)
    if (tx.version === QUERY_VERSION_3 || tx.version === QUERY_VERSION_1)
      throw new RpcError(RpcCode.UNSUPPORTED_TX_VERSION)
    const hash = transactionHash(tx, this.chainId)
    if (this.txs.has(toHex(hash))) throw new RpcError(RpcCode.DUPLICATE_TX)
    if (this.pendingTimestamp === undefined) this.pendingTimestamp = this.now()
    const layer = this.pending.child()
    let outcome: TxOutcome
    try {
      outcome = runTransaction(layer, tx, hash, runOptions(this, {}, true))
    } catch (e) {
      if (e instanceof TxRejected) throw e.error
      throw e
    }
    this.admit(layer, outcome)
    return { hash, tx }
  }

  /**
   * Admits the L1_HANDLER transaction of an L1 -> L2 message as addTransaction admits one (REVERTED when the
   * handler fails; 59 for a message and nonce seen before). Callers check first that the selector is an L1 handler.
   * @example const hash = chain.addL1HandlerTransaction(tx, { paidFeeOnL1: '0x1' })
   */
  addL1HandlerTransaction(tx: L1HandlerTx, l1Message: L1MessageInfo): Felt {
    const hash = l1HandlerTransactionHash(tx, this.chainId)
    if (this.txs.has(toHex(hash))) throw new RpcError(RpcCode.DUPLICATE_TX)
    if (this.pendingTimestamp === undefined) this.pendingTimestamp = this.now()
    const layer = this.pending.child()
    const outcome = runL1Handler(layer, tx, hash, { chainId: this.chainId, block: this.pendingBlockInfo() })
    this.admit(layer, outcome, l1Message)
    return hash
  }

  private admit(layer: State, outcome: TxOutcome, l1Message?: L1MessageInfo): void {
    const record = recordAdmitted(this, layer, outcome, l1Message)
    for (const listener of this.admitListeners) listener(record, outcome.stateDiff)
    if (this.blockTime === 0) this.closeBlock()
  }

  /**
   * Commits the pre_confirmed block (even when empty, like devnet_createBlock) and fires onCommit.
   * @example chain.closeBlock().number
   */
  closeBlock(): BlockRecord {
    const block = sealBlock(this)
    for (const listener of this.commitListeners) listener(block)
    return block
  }

  /**
   * devnet_abortBlocks: forgets the blocks from `id` to the latest, the pre_confirmed block and their
   * transactions, rolls the state back to the parent of `id`, and fires onAbort. See reorg.ts.
   * @example chain.abortBlocks({ tag: 'latest' }).aborted // [hash of the block aborted]
   */
  abortBlocks(id: BlockId): Reorg {
    const reorg = abortBlocks(this, id)
    for (const listener of this.abortListeners) listener(reorg)
    return reorg
  }

  /**
   * Runs transactions in sequence on a throwaway copy of the pre_confirmed state (estimateFee,
   * simulateTransactions). A rejected or reverted transaction throws error 41 with its index.
   */
  simulate(
    jsons: readonly unknown[],
    flags: SimulationFlags,
    id: BlockId,
    failOnRevert: boolean,
  ): FeeEstimate[] {
    return simulate(this, jsons, flags, id, failOnRevert)
  }

  /**
   * `starknet_call`: runs a view (or any) entry point without a transaction; nothing persists.
   * Throws 20 (no contract), 21 (no entry point), 40 (the contract failed).
   * @example chain.call({ to: STRK_ADDRESS, selector: selectorOf('balance_of'), calldata: [a] }, { tag: 'latest' })
   */
  call(call: Call, id: BlockId): Felt[] {
    return callAt(this, call, id)
  }

  /** Finality of a recorded transaction. */
  finalityOf(rec: TxRecord): 'PRE_CONFIRMED' | 'ACCEPTED_ON_L2' | 'ACCEPTED_ON_L1' {
    if (rec.blockNumber === null) return 'PRE_CONFIRMED'
    return rec.blockNumber <= this.l1AcceptedNumber ? 'ACCEPTED_ON_L1' : 'ACCEPTED_ON_L2'
  }

  getTx(hash: Felt): TxRecord {
    const rec = this.txs.get(toHex(hash))
    if (!rec) throw new RpcError(RpcCode.TXN_HASH_NOT_FOUND)
    return rec
  }

  /** Moves the clock to `seconds` since the epoch; fires onTimeChange. */
  setTime(seconds: number): void {
    this.moveClock(seconds - this.now())
  }

  /** Moves the clock `seconds` ahead; fires onTimeChange. */
  increaseTime(seconds: number): void {
    this.moveClock(seconds)
  }

  private moveClock(seconds: number): void {
    this.timeOffset += seconds
    for (const listener of this.timeListeners) listener(this.timeOffset)
  }

  /**
   * A JSON-safe deep copy of the whole chain (state, blocks, transactions, receipts, traces).
   * @example writeFileSync(file, JSON.stringify(chain.snapshot()))
   */
  snapshot(): ChainSnapshot {
    return snapshotChain(this)
  }

  /**
   * The chain a snapshot describes.
   * @example const chain = Chain.fromSnapshot(JSON.parse(readFileSync(file, 'utf8')))
   */
  static fromSnapshot(snapshot: ChainSnapshot, options: ChainOptions = {}): Chain {
    const chain = new Chain(snapshotOptions(snapshot, options))
    restoreSnapshot(chain, snapshot)
    return chain
  }
}

function subscribe<T>(listeners: Set<T>, listener: T): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
