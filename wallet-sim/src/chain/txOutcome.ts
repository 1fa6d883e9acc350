// What running one transaction takes and gives: the options, the outcome (receipt, trace and fee), and the
// rejection thrown before a transaction is accepted.
import type { BlockInfo, Felt } from './contract'
import { type RpcCode, RpcError } from './errors'
import type { Invocation, OrderedEvent } from './execute'
import type { GasPrices, GasUsage } from './gas'
import type { StateDiff } from './state'
import type { ChainTransaction } from './transaction'

export interface RunOptions {
  readonly chainId: Felt
  readonly block: BlockInfo
  readonly prices: GasPrices
  readonly feeToken: Felt
  /** false for SKIP_VALIDATE. */
  readonly validate: boolean
  /** false for SKIP_FEE_CHARGE and estimates: no fee transfer, no bounds or balance checks. */
  readonly chargeFee: boolean
}

export interface TxOutcome {
  readonly hash: Felt
  readonly tx: ChainTransaction
  readonly reverted: boolean
  readonly revertReason?: string
  readonly usage: GasUsage
  /**
   * The L1 data gas of the state diff alone, which the receipt's `execution_resources` report as
   * starknet-devnet does; `usage.l1DataGas` (fee, bounds, estimates) adds 32 per newly allocated key.
   */
  readonly daGas: bigint
  /** Charged on L2 (FRI); 0 for an L1 handler, whose message paid on L1. */
  readonly fee: bigint
  readonly events: OrderedEvent[]
  readonly validateInvocation?: Invocation
  readonly executeInvocation?: Invocation
  readonly constructorInvocation?: Invocation
  readonly feeTransferInvocation?: Invocation
  /** The writes of this transaction (already applied to the layer it ran on). */
  readonly stateDiff: StateDiff
}

/** Thrown before a transaction is accepted; the RPC layer answers with `error`. */
export class TxRejected extends Error {
  constructor(readonly error: RpcError) {
    super(error.message)
  }
}

/**
 * A rejection with its node code; 53 and 54 carry no data in the spec, 52 and 55 carry a text.
 * @example throw reject(RpcCode.INSUFFICIENT_ACCOUNT_BALANCE)
 */
export const reject = (code: RpcCode, data?: string): TxRejected => new TxRejected(new RpcError(code, data))
