// Runs one L1_HANDLER transaction: the handler alone (rolled back on failure), paid for on L1.
import type { BlockInfo, Felt } from './contract'
import { Execution, ExecutionFailure } from './execute'
import { dataFeltsGas, eventsGas, GasMeter, L2_GAS } from './gas'
import { copyDiff, type State } from './state'
import { type L1HandlerTx, l1HandlerTxInfo } from './transaction'
import { measureUsage } from './txFee'
import type { TxOutcome } from './txOutcome'

/** What an L1 handler needs to run: no prices, validation or fee token (the message paid on L1). */
export interface L1HandlerRunOptions {
  readonly chainId: Felt
  readonly block: BlockInfo
}

/**
 * Runs an L1_HANDLER transaction on `state` (a layer the caller commits or drops) as the sequencer does: no
 * signature, validation, nonce or fee transfer; caller 0. A failure rolls back its writes and events and reverts
 * (charging only per-transaction and calldata gas). Never throws for a contract failure: a missing handler
 * reverts too, so callers check the selector first.
 * @example const outcome = runL1Handler(pending.child(), tx, l1HandlerTransactionHash(tx, chainId), { chainId, block })
 */
export function runL1Handler(
  state: State,
  tx: L1HandlerTx,
  hash: Felt,
  opts: L1HandlerRunOptions,
): TxOutcome {
  const meter = new GasMeter()
  const layer = state.child()
  const exec = new Execution(layer, l1HandlerTxInfo(tx, hash, opts.chainId), opts.block, meter)
  const fixedL2 = L2_GAS.txBase + dataFeltsGas(tx.calldata.length, 0)
  const common = { hash, tx, fee: 0n }
  try {
    const executeInvocation = exec.call(
      { to: tx.contractAddress, selector: tx.entryPointSelector, calldata: tx.calldata },
      0n,
      'L1_HANDLER',
    )
    // No sender and no fee transfer: the state diff as it is.
    const { usage, da } = measureUsage([layer], state, fixedL2 + meter.used + eventsGas(exec.events))
    layer.commit()
    return {
      ...common,
      reverted: false,
      usage,
      daGas: da,
      events: exec.events,
      executeInvocation,
      stateDiff: copyDiff(state),
    }
  } catch (e) {
    if (!(e instanceof ExecutionFailure)) throw e
    return {
      ...common,
      reverted: true,
      revertReason: `Transaction execution has failed:\n${e.describe()}`,
      usage: { l1Gas: 0n, l2Gas: fixedL2, l1DataGas: 0n },
      daGas: 0n,
      events: [],
      stateDiff: copyDiff(state),
    }
  }
}
