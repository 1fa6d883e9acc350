// What runs without changing the chain: estimates and simulations on a throwaway copy of a block's state,
// and `starknet_call`.
import { stateAt } from './blockReads'
import type { BlockId, ChainData as Chain } from './chainTypes'
import type { Call, Felt } from './contract'
import { RpcCode, RpcError } from './errors'
import { Execution, ExecutionFailure } from './execute'
import { GasMeter, type GasPrices } from './gas'
import { parseTransaction } from './parseTransaction'
import { runTransaction } from './runTransaction'
import { emptyTxInfo, type Transaction } from './transaction'
import { transactionHash } from './transactionHash'
import { type RunOptions, type TxOutcome, TxRejected } from './txOutcome'

export interface SimulationFlags {
  readonly skipValidate?: boolean
  readonly skipFeeCharge?: boolean
}

export interface FeeEstimate {
  readonly outcome: TxOutcome
  readonly prices: GasPrices
}

/**
 * How a transaction runs on the pre_confirmed block of `chain` with these flags.
 * @example runTransaction(layer, tx, hash, runOptions(chain, {}, true))
 */
export function runOptions(chain: Chain, flags: SimulationFlags, chargeFee: boolean): RunOptions {
  return {
    chainId: chain.chainId,
    block: chain.pendingBlockInfo(),
    prices: chain.gasPrices,
    feeToken: chain.feeToken,
    validate: !flags.skipValidate,
    chargeFee,
  }
}

/**
 * Runs transactions in sequence on a throwaway copy of the state at `id` (estimateFee, simulateTransactions).
 * A rejected or reverted transaction throws error 41 with its index.
 * @example simulate(chain, [json], { skipValidate: true }, { tag: 'pre_confirmed' }, true)[0].outcome.usage
 */
export function simulate(
  chain: Chain,
  jsons: readonly unknown[],
  flags: SimulationFlags,
  id: BlockId,
  failOnRevert: boolean,
): FeeEstimate[] {
  const layer = stateAt(chain, id).child()
  const opts = runOptions(chain, flags, !flags.skipFeeCharge && !failOnRevert)
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
      const outcome = runTransaction(txLayer, tx, transactionHash(tx, chain.chainId), opts)
      if (failOnRevert && outcome.reverted) throw fail(outcome.revertReason ?? 'reverted')
      txLayer.commit()
      return { outcome, prices: chain.gasPrices }
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
 * `starknet_call`: runs an entry point at block `id` without a transaction; nothing persists.
 * Throws 20 (no contract), 21 (no entry point), 40 (the contract failed).
 * @example callAt(chain, { to: STRK_ADDRESS, selector: selectorOf('balance_of'), calldata: [a] }, { tag: 'latest' })
 */
export function callAt(chain: Chain, call: Call, id: BlockId): Felt[] {
  const state = stateAt(chain, id).child()
  const classHash = state.getClassHash(call.to)
  if (classHash === 0n) throw new RpcError(RpcCode.CONTRACT_NOT_FOUND)
  const exec = new Execution(state, emptyTxInfo(chain.chainId), chain.pendingBlockInfo(), new GasMeter())
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
