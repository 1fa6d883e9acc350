// Executes one V3 (or older) transaction the way the sequencer does, one job per step: nonce, resource bounds
// and balance checks (txFee), validation (txValidate), the nonce bump, `__execute__` (rolled back on
// failure), gas and the fee transfer.
import type { Felt } from './contract'
import { Erc20Storage, erc20BalanceOf } from './contracts/erc20'
import { ETH_ADDRESS } from './contracts/index'
import { splitU256 } from './contracts/u256'
import type { FeeTransferOf } from './da'
import { Execution, ExecutionFailure, type Invocation } from './execute'
import { selectorOf } from './felt'
import { eventsGas } from './gas'
import { LimitedGasMeter } from './limits'
import { copyDiff, type State, type StateDiff } from './state'
import { senderOf, type Transaction, txInfoOf } from './transaction'
import {
  boundsRevertReason,
  checkBoundsAndBalance,
  feeIn,
  fixedL2Gas,
  measureUsage,
  revertedCharge,
} from './txFee'
import type { RunOptions, TxOutcome } from './txOutcome'
import { checkNonce, validateTransaction } from './txValidate'

/**
 * Runs `tx` on `state` (a layer the caller commits or drops). Rejections (52, 53, 54, 55) throw
 * TxRejected and leave no trace; a failing `__execute__` gives a reverted outcome that still pays.
 * @example const outcome = runTransaction(pending.child(), tx, hash, options)
 */
export function runTransaction(state: State, tx: Transaction, hash: Felt, opts: RunOptions): TxOutcome {
  const sender = senderOf(tx)
  // A V1 (spec 0.7) pays in ETH, bounded by max_fee; a V3 of spec 0.7 bounds L1 gas alone (see inL1Gas).
  const legacy = tx.legacyFee
  const feeToken = legacy?.kind === 'MAX_FEE' ? ETH_ADDRESS : opts.feeToken
  const meter = new LimitedGasMeter()
  const exec = new Execution(state, txInfoOf(tx, hash, opts.chainId), opts.block, meter)

  const nonce = checkNonce(state, tx, sender)
  const fixedL2 = fixedL2Gas(tx)
  if (opts.chargeFee) checkBoundsAndBalance(state, tx, sender, feeToken, fixedL2, opts)
  const validated = validateTransaction(exec, state, tx, sender, meter, opts.validate)
  meter.metering = true
  state.setNonce(sender, nonce + 1n)
  const gasBeforeExecute = meter.used

  const execLayer = state.child()
  const eventsBefore = exec.events.length
  let { executeInvocation, revertReason } = execute(exec, execLayer, tx, sender, meter)
  // The fee transfer runs after the count: blockifier adds the sender's balance to it (estimates too).
  const feeTransfer: FeeTransferOf = { feeToken, sender, senderBalanceKey: Erc20Storage.balance(sender) }
  const prior = state.parent ?? state
  // The fee transfer's own writes are not in the layers yet: the measure adds the sender's.
  const usageOf = (layers: StateDiff[]) =>
    measureUsage(layers, prior, fixedL2 + meter.used + eventsGas(exec.events), feeTransfer)
  let { usage, da } = usageOf([state, execLayer])
  if (opts.chargeFee && revertReason === undefined) revertReason = boundsRevertReason(tx, usage, opts.prices)
  let fee = feeIn(usage, opts.prices, tx.tip, legacy)
  if (opts.chargeFee && revertReason === undefined && erc20BalanceOf(execLayer, feeToken, sender) < fee)
    revertReason = 'Insufficient fee token balance.'
  if (revertReason !== undefined) {
    exec.events.length = eventsBefore
    execLayer.clear()
    if (executeInvocation) executeInvocation.isReverted = true
    meter.used = gasBeforeExecute
    ;({ usage, da } = usageOf([state]))
    ;({ usage, fee } = revertedCharge(usage, tx, opts))
  } else {
    execLayer.commit()
  }

  let feeTransferInvocation: Invocation | undefined
  if (opts.chargeFee && fee > 0n) {
    meter.metering = false
    const calldata = [opts.block.sequencerAddress, ...splitU256(fee)]
    feeTransferInvocation = exec.call({ to: feeToken, selector: selectorOf('transfer'), calldata }, sender)
  }
  return {
    hash,
    tx,
    reverted: revertReason !== undefined,
    ...(revertReason !== undefined ? { revertReason } : {}),
    usage,
    daGas: da,
    fee,
    events: exec.events,
    ...(validated.validateInvocation ? { validateInvocation: validated.validateInvocation } : {}),
    ...(executeInvocation && revertReason === undefined ? { executeInvocation } : {}),
    ...(validated.constructorInvocation ? { constructorInvocation: validated.constructorInvocation } : {}),
    ...(feeTransferInvocation ? { feeTransferInvocation } : {}),
    stateDiff: copyDiff(state),
  }
}

// An INVOKE's `__execute__` on its own layer; a contract failure becomes the revert reason.
function execute(
  exec: Execution,
  execLayer: State,
  tx: Transaction,
  sender: Felt,
  meter: LimitedGasMeter,
): { executeInvocation?: Invocation; revertReason?: string } {
  if (tx.type !== 'INVOKE') return {}
  const inner = new Execution(execLayer, exec.tx, exec.block, meter)
  try {
    const call = { to: sender, selector: selectorOf('__execute__'), calldata: tx.calldata }
    const executeInvocation = inner.call(call, 0n)
    exec.events.push(...inner.events)
    return { executeInvocation }
  } catch (e) {
    if (!(e instanceof ExecutionFailure)) throw e
    return { revertReason: `Transaction execution has failed:\n${e.describe()}` }
  }
}
