// The simulated Starknet node: committed state plus a pre_confirmed block, transaction admission,
// blocks, receipts, estimates, simulations and calls. The RPC layer (src/rpc) formats what it returns.
import { createHash } from 'node:crypto'
import type { BlockInfo, Call, Felt } from './contract'
import { STRK_ADDRESS } from './contracts/erc20'
import { RpcCode, RpcError } from './errors'
import { Execution, ExecutionFailure } from './execute'
import { shortString, toHex } from './felt'
import { DEFAULT_GAS_PRICES, GasMeter, type GasPrices } from './gas'
import {
  applyDiffJson,
  type BlockRecord,
  gasPricesJson,
  type JsonObject,
  type L1MessageInfo,
  receiptJson,
  stateDiffJson,
  type TxRecord,
  traceJson,
} from './records'
import { type RunOptions, runL1Handler, runTransaction, type TxOutcome, TxRejected } from './run-transaction'
import { type ChainSnapshot, chainFromSnapshot, snapshotChain } from './snapshot'
import { mergeDiff, State, type StateDiff } from './state'
import {
  emptyTxInfo,
  type L1HandlerTx,
  l1HandlerTransactionHash,
  parseTransaction,
  QUERY_VERSION_3,
  type Transaction,
  toRpcTransaction,
  transactionHash,
} from './transaction'

/** SN_SEPOLIA as a felt. */
export const SN_SEPOLIA = shortString('SN_SEPOLIA')
/** The Sepolia sequencer address, which receives the fees. */
export const SEQUENCER_ADDRESS = 0x1176a1bd84444c89232ec27754698e5d2e7e1a7f1539f12027f28b23ec9f3d8n

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

export interface SimulationFlags {
  readonly skipValidate?: boolean
  readonly skipFeeCharge?: boolean
}

export interface FeeEstimate {
  readonly outcome: TxOutcome
  readonly prices: GasPrices
}

/**
 * One simulated Starknet chain. Create it with `createChain()` (genesis.ts) for the predeployed
 * contracts and accounts, or `new Chain()` for an empty one.
 * @example
 * const chain = new Chain()
 * chain.addTransaction(json) // { hash }
 */
export class Chain {
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
  private readonly clock: () => number
  private readonly commitListeners = new Set<(block: BlockRecord) => void>()
  private readonly admitListeners = new Set<(record: TxRecord, diff: StateDiff) => void>()

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
    this.commitListeners.add(listener)
    return () => this.commitListeners.delete(listener)
  }

  /**
   * Calls `listener` when a transaction joins the pre_confirmed block, with its record and its writes
   * (before its block commits, also without a block time); returns an unsubscribe function.
   * @example chain.onAdmit((record, diff) => journal.append({ tx: record }))
   */
  onAdmit(listener: (record: TxRecord, diff: StateDiff) => void): () => void {
    this.admitListeners.add(listener)
    return () => this.admitListeners.delete(listener)
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

  /** The state a block id reads: pre_confirmed sees pending writes; every other block the latest state. */
  stateAt(id: BlockId): State {
    const block = this.resolveBlock(id)
    if (block === 'pending') return this.pending
    if (block.number === this.latest.number) return this.base
    return this.historicState(block.number)
  }

  private historic: { number: number; state: State } | undefined

  // The state after an older block: the blocks' state diffs replayed from genesis (cached for the
  // last block asked), so reads and calls at a past block see that block's values.
  private historicState(number: number): State {
    if (this.historic?.number === number) return this.historic.state
    const state = new State()
    for (const block of this.blocks.slice(0, number + 1)) applyDiffJson(state, block.stateDiff)
    this.historic = { number, state }
    return state
  }

  /** The committed block of an id, or 'pending' for pre_confirmed; throws 24 when unknown. */
  resolveBlock(id: BlockId): BlockRecord | 'pending' {
    if ('tag' in id) {
      if (id.tag === 'pre_confirmed') return 'pending'
      if (id.tag === 'l1_accepted') {
        // Nothing is proven on L1 here: the genesis block, and blocks devnet_acceptOnL1 accepted, count as on L1.
        const b = this.blocks[this.l1AcceptedNumber]
        if (!b) throw new RpcError(RpcCode.BLOCK_NOT_FOUND)
        return b
      }
      return this.latest
    }
    if ('number' in id) {
      const b = this.blocks[id.number]
      if (!b) throw new RpcError(RpcCode.BLOCK_NOT_FOUND)
      return b
    }
    const hex = toHex(id.hash)
    const b = this.blocks.find((x) => x.hash === hex)
    if (!b) throw new RpcError(RpcCode.BLOCK_NOT_FOUND)
    return b
  }

  private runOptions(flags: SimulationFlags, chargeFee: boolean): RunOptions {
    return {
      chainId: this.chainId,
      block: this.pendingBlockInfo(),
      prices: this.gasPrices,
      feeToken: this.feeToken,
      validate: !flags.skipValidate,
      chargeFee,
    }
  }

  /**
   * Admits a broadcast V3 transaction: runs it on the pre_confirmed block and, without a block
   * time, commits that block at once. Throws RpcError (52, 53, 54, 55, 59, 61, ...).
   * @example const { hash } = chain.addTransaction(invokeJson)
   */
  addTransaction(json: unknown, expectedType?: 'INVOKE' | 'DEPLOY_ACCOUNT'): { hash: Felt; tx: Transaction } {
    const tx = parseTransaction(json, expectedType)
    if (tx.version === QUERY_VERSION_3) throw new RpcError(RpcCode.UNSUPPORTED_TX_VERSION)
    const hash = transactionHash(tx, this.chainId)
    if (this.txs.has(toHex(hash))) throw new RpcError(RpcCode.DUPLICATE_TX)
    if (this.pendingTimestamp === undefined) this.pendingTimestamp = this.now()
    const layer = this.pending.child()
    let outcome: TxOutcome
    try {
      outcome = runTransaction(layer, tx, hash, this.runOptions({}, true))
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

  // Records a transaction that ran on `layer` (a child of pending) into the pre_confirmed block.
  private admit(layer: State, outcome: TxOutcome, l1Message?: L1MessageInfo): void {
    const { tx } = outcome
    const wasDeployed = (a: Felt) => this.pending.getClassHash(a) !== 0n
    const diffJson = stateDiffJson(outcome.stateDiff, wasDeployed)
    layer.commit()
    const hash = toHex(outcome.hash)
    const record: TxRecord = {
      hash,
      transaction: { transaction_hash: hash, ...transactionJsonOf(outcome) },
      receipt: receiptJson(outcome, tx.type === 'DEPLOY_ACCOUNT' ? tx.contractAddress : undefined),
      trace: traceJson(outcome, diffJson),
      blockNumber: null,
      index: this.pendingTxs.length,
      ...(l1Message ? { l1Message } : {}),
    }
    this.txs.set(record.hash, record)
    this.pendingTxs.push(record.hash)
    for (const listener of this.admitListeners) listener(record, outcome.stateDiff)
    if (this.blockTime === 0) this.closeBlock()
  }

  /**
   * Commits the pre_confirmed block (even when empty, like devnet_createBlock) and fires onCommit.
   * @example chain.closeBlock().number
   */
  closeBlock(): BlockRecord {
    const number = this.blocks.length
    const parentHash = this.blocks[number - 1]?.hash ?? '0x0'
    const timestamp = Math.max(this.pendingTimestamp ?? this.now(), this.blocks[number - 1]?.timestamp ?? 0)
    const wasDeployed = (a: Felt) => this.base.getClassHash(a) !== 0n
    const stateDiff = stateDiffJson(this.pending, wasDeployed)
    // As on starknet-devnet, a devnet_setGasPrice change shows first in the header of the block that commits next
    // (its transactions ran at the old prices); the pre_confirmed block after it runs at the new ones.
    if (this.nextGasPrices) {
      this.gasPrices = this.nextGasPrices
      this.nextGasPrices = undefined
    }
    // Block hashes and state roots are the simulator's own (no Patricia tries): unique and stable.
    const hash = digestFelt(`block:${number}:${parentHash}:${timestamp}:${this.pendingTxs.join(',')}`)
    const newRoot = digestFelt(`root:${hash}:${JSON.stringify(stateDiff)}`)
    const block: BlockRecord = {
      number,
      hash: toHex(hash),
      parentHash,
      newRoot: toHex(newRoot),
      timestamp,
      sequencerAddress: toHex(this.sequencerAddress),
      gasPrices: gasPricesJson(this.gasPrices),
      txHashes: this.pendingTxs,
      stateDiff,
    }
    for (const h of this.pendingTxs) {
      const rec = this.txs.get(h)
      if (rec) rec.blockNumber = number
    }
    mergeDiff(this.base, this.pending)
    this.pending.clear()
    this.pendingTxs = []
    this.pendingTimestamp = undefined
    this.blocks.push(block)
    for (const listener of this.commitListeners) listener(block)
    return block
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
    const layer = this.stateAt(id).child()
    const opts = this.runOptions(flags, !flags.skipFeeCharge && !failOnRevert)
    return jsons.map((json, index) => {
      const fail = (message: string) =>
        new RpcError(RpcCode.TRANSACTION_EXECUTION_ERROR, {
          transaction_index: index,
          execution_error: message,
        })
      let tx: Transaction
      try {
        tx = parseTransaction(json)
      } catch (e) {
        if (e instanceof RpcError && e.code === RpcCode.UNSUPPORTED_TX_VERSION) throw e
        if (e instanceof RpcError && e.code === RpcCode.INVALID_PARAMS) throw e
        throw fail(e instanceof Error ? e.message : String(e))
      }
      const txLayer = layer.child()
      try {
        const outcome = runTransaction(txLayer, tx, transactionHash(tx, this.chainId), opts)
        if (failOnRevert && outcome.reverted) throw fail(outcome.revertReason ?? 'reverted')
        txLayer.commit()
        return { outcome, prices: this.gasPrices }
      } catch (e) {
        if (e instanceof TxRejected) {
          throw fail(
            e.error.data === undefined ? e.error.message : `${e.error.message}: ${String(e.error.data)}`,
          )
        }
        throw e
      }
    })
  }

  /**
   * `starknet_call`: runs a view (or any) entry point without a transaction; nothing persists.
   * Throws 20 (no contract), 21 (no entry point), 40 (the contract failed).
   * @example chain.call({ to: STRK_ADDRESS, selector: selectorOf('balance_of'), calldata: [a] }, { tag: 'latest' })
   */
  call(call: Call, id: BlockId): Felt[] {
    const state = this.stateAt(id).child()
    const classHash = state.getClassHash(call.to)
    if (classHash === 0n) throw new RpcError(RpcCode.CONTRACT_NOT_FOUND)
    const exec = new Execution(state, emptyTxInfo(this.chainId), this.pendingBlockInfo(), new GasMeter())
    try {
      return exec.call(call, 0n).result
    } catch (e) {
      if (e instanceof ExecutionFailure) {
        if (e.reason === 'ENTRYPOINT_NOT_FOUND' && e.frames.length === 1)
          throw new RpcError(RpcCode.ENTRYPOINT_NOT_FOUND)
        throw new RpcError(RpcCode.CONTRACT_ERROR, { revert_error: e.describe() })
      }
      throw e
    }
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

  /** Moves the clock to `seconds` since the epoch. */
  setTime(seconds: number): void {
    this.timeOffset += seconds - this.now()
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
    return chainFromSnapshot(snapshot, options)
  }
}

/** sha256 of a text, cut to 250 bits so that it is a felt. */
const digestFelt = (text: string): bigint =>
  BigInt(`0x${createHash('sha256').update(text).digest('hex')}`) >> 6n

const transactionJsonOf = (o: TxOutcome): JsonObject => toRpcTransaction(o.tx) as JsonObject
