// Executes one V3 transaction the way the sequencer does: nonce, resource bounds and balance checks,
// validation, the nonce bump, `__execute__` (rolled back on failure), gas and the fee transfer; and
// one L1_HANDLER transaction: the handler alone (rolled back on failure), paid for on L1.
import { type BlockInfo, type Felt, VALID } from './contract'
import { Erc20Storage, erc20BalanceOf } from './contracts/erc20'
import { ETH_ADDRESS } from './contracts/index'
import { splitU256 } from './contracts/u256'
import { daGas, type FeeTransferOf, stateChangesForFee } from './da'
import { RpcCode, RpcError } from './errors'
import { Execution, ExecutionFailure, type Invocation, type OrderedEvent } from './execute'
import { selectorOf, toHex } from './felt'
import {
  ALLOCATION,
  dataFeltsGas,
  eventsGas,
  feeOf,
  GasMeter,
  type GasPrices,
  type GasUsage,
  L2_GAS,
  validationGas,
} from './gas'
import { LimitedGasMeter, VALIDATE_MAX_L2_GAS } from './limits'
import { copyDiff, type State, type StateDiff } from './state'
import {
  type ChainTransaction,
  type L1HandlerTx,
  type LegacyFee,
  l1HandlerTxInfo,
  senderOf,
  type Transaction,
  txInfoOf,
} from './transaction'

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

// 53 and 54 carry no data in the spec; 52 and 55 carry a text.
const reject = (code: RpcCode, data?: string) => new TxRejected(new RpcError(code, data))

const minOf = (a: bigint, b: bigint) => (a < b ? a : b)

const RESOURCE_NAMES = { l1Gas: 'L1Gas', l2Gas: 'L2Gas', l1DataGas: 'L1DataGas' } as const

const ceilDiv = (a: bigint, b: bigint) => (b === 0n ? 0n : (a + b - 1n) / b)

/**
 * Usage as a transaction bounding L1 gas alone pays it (a V1, or a V3 of spec 0.7): its L2 gas converted into
 * L1 gas at the block's prices in `unit`, rounded up; L1 data gas stays, priced apart. (Blockifier turned such a
 * transaction's Cairo steps and builtins into L1 gas by fixed weights; with no Cairo VM, the metered L2 gas at
 * the price ratio is the simulator's stand-in.) The outcome keeps the usage as metered (receipts report it).
 * @example inL1Gas({ l1Gas: 0n, l2Gas: 40_000n, l1DataGas: 128n }, prices, 'fri').l1Gas
 */
export function inL1Gas(u: GasUsage, prices: GasPrices, unit: 'fri' | 'wei'): GasUsage {
  const l1Gas = u.l1Gas + ceilDiv(u.l2Gas * prices.l2Gas[unit], prices.l1Gas[unit])
  return { l1Gas, l2Gas: 0n, l1DataGas: u.l1DataGas }
}

// The fee: V3 in FRI, each resource at the block price, L2 gas at price plus tip; an older transaction (see
// inL1Gas) in FRI (V3 of 0.7) or WEI (V1), its L2 gas converted into L1 gas and no tip.
function feeIn(u: GasUsage, prices: GasPrices, tip: bigint, legacy: LegacyFee | undefined): bigint {
  if (!legacy) return feeOf(u, prices, tip)
  const unit = legacy.kind === 'MAX_FEE' ? 'wei' : 'fri'
  const l1 = inL1Gas(u, prices, unit)
  return l1.l1Gas * prices.l1Gas[unit] + l1.l1DataGas * prices.l1DataGas[unit]
}

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
  const info = txInfoOf(tx, hash, opts.chainId)
  const exec = new Execution(state, info, opts.block, meter)

  const nonce = state.getNonce(sender)
  if (tx.nonce !== nonce) {
    throw reject(
      RpcCode.INVALID_TRANSACTION_NONCE,
      `Invalid transaction nonce of contract at address ${toHex(sender)}. Account nonce: ${toHex(nonce)}; got: ${toHex(tx.nonce)}.`,
    )
  }
  const rb = tx.resourceBounds
  const calldataLength = tx.type === 'INVOKE' ? tx.calldata.length : tx.constructorCalldata.length
  // Per transaction, archival calldata and signature, and validation: known before anything runs.
  const fixedL2 =
    L2_GAS.txBase + dataFeltsGas(calldataLength, tx.signature.length) + validationGas(tx.signature.length)
  // What a bound-L1-gas-alone transaction may pay at most (V1: max_fee; V3 of 0.7: its L1 gas bound's worth).
  const legacyMaxFee =
    legacy?.kind === 'MAX_FEE' ? legacy.maxFee : rb.l1Gas.maxAmount * rb.l1Gas.maxPricePerUnit
  if (opts.chargeFee && legacy) {
    // The minimal cost (the fixed L2 gas, in L1 gas): below it, 53 before anything runs.
    const fixed = { l1Gas: 0n, l2Gas: fixedL2, l1DataGas: 0n }
    const tooLow =
      legacy.kind === 'MAX_FEE'
        ? legacy.maxFee < feeIn(fixed, opts.prices, 0n, legacy)
        : rb.l1Gas.maxPricePerUnit < opts.prices.l1Gas.fri ||
          rb.l1Gas.maxAmount < inL1Gas(fixed, opts.prices, 'fri').l1Gas
    if (tooLow) throw reject(RpcCode.INSUFFICIENT_RESOURCES_FOR_VALIDATE)
    if (erc20BalanceOf(state, feeToken, sender) < legacyMaxFee) {
      throw reject(RpcCode.INSUFFICIENT_ACCOUNT_BALANCE)
    }
  } else if (opts.chargeFee) {
    for (const key of ['l1Gas', 'l2Gas', 'l1DataGas'] as const) {
      const price = opts.prices[key].fri
      if (rb[key].maxPricePerUnit < price) {
        throw reject(RpcCode.INSUFFICIENT_RESOURCES_FOR_VALIDATE)
      }
    }
    if (rb.l2Gas.maxAmount < fixedL2) {
      throw reject(RpcCode.INSUFFICIENT_RESOURCES_FOR_VALIDATE)
    }
    const maxFee =
      rb.l1Gas.maxAmount * rb.l1Gas.maxPricePerUnit +
      rb.l2Gas.maxAmount * (rb.l2Gas.maxPricePerUnit + tx.tip) +
      rb.l1DataGas.maxAmount * rb.l1DataGas.maxPricePerUnit
    const balance = erc20BalanceOf(state, opts.feeToken, sender)
    if (balance < maxFee) {
      throw reject(RpcCode.INSUFFICIENT_ACCOUNT_BALANCE)
    }
  }

  let constructorInvocation: Invocation | undefined
  let validateInvocation: Invocation | undefined
  try {
    if (tx.type === 'DEPLOY_ACCOUNT') {
      if (state.getClassHash(sender) !== 0n) throw new ExecutionFailure('CONTRACT_ADDRESS_UNAVAILABLE', [])
      exec.deploy(
        0n,
        {
          classHash: tx.classHash,
          salt: tx.contractAddressSalt,
          constructorCalldata: tx.constructorCalldata,
          fromZero: true,
        },
        (inv) => {
          constructorInvocation = inv
        },
      )
    } else if (state.getClassHash(sender) === 0n) {
      throw new ExecutionFailure(`Requested contract address ${toHex(sender)} is not deployed.`, [])
    }
    if (opts.validate) {
      meter.metering = false
      // The work validation reports counts against its step limit (what the formula prices apart).
      meter.validationRoom = VALIDATE_MAX_L2_GAS - validationGas(tx.signature.length)
      const calldata =
        tx.type === 'INVOKE' ? tx.calldata : [tx.classHash, tx.contractAddressSalt, ...tx.constructorCalldata]
      const selector = selectorOf(tx.type === 'INVOKE' ? '__validate__' : '__validate_deploy__')
      validateInvocation = exec.call({ to: sender, selector, calldata }, 0n)
      meter.validationRoom = undefined
      meter.metering = true
      if (validateInvocation.result.length !== 1 || validateInvocation.result[0] !== VALID) {
        throw new ExecutionFailure('The validate entry point should return `VALID`.', [
          { contractAddress: sender, classHash: state.getClassHash(sender), selector },
        ])
      }
    }
  } catch (e) {
    // starknet-devnet (blockifier) words a validation failure so, whatever failed.
    if (e instanceof ExecutionFailure) {
      throw reject(RpcCode.VALIDATION_FAILURE, `Transaction validation has failed:\n${e.describe()}`)
    }
    throw e
  }
  meter.metering = true
  state.setNonce(sender, nonce + 1n)
  const gasBeforeExecute = meter.used

  let executeInvocation: Invocation | undefined
  let revertReason: string | undefined
  const execLayer = state.child()
  const eventsBefore = exec.events.length
  if (tx.type === 'INVOKE') {
    const inner = new Execution(execLayer, info, opts.block, meter)
    try {
      executeInvocation = inner.call(
        { to: sender, selector: selectorOf('__execute__'), calldata: tx.calldata },
        0n,
      )
      exec.events.push(...inner.events)
    } catch (e) {
      if (!(e instanceof ExecutionFailure)) throw e
      revertReason = `Transaction execution has failed:\n${e.describe()}`
    }
  }
  // The fee transfer runs after the count: blockifier adds the sender's balance to it (estimates too).
  const feeTransfer: FeeTransferOf = {
    feeToken,
    sender,
    senderBalanceKey: Erc20Storage.balance(sender),
  }
  const prior = state.parent ?? state
  const usageOf = (layers: StateDiff[]): { usage: GasUsage; da: bigint } => {
    // The fee transfer's own writes are not in the layers yet: `stateChangesForFee` adds the sender's.
    const { count, allocatedKeys } = stateChangesForFee(layers, prior, feeTransfer)
    const da = daGas(count)
    const keys = BigInt(allocatedKeys)
    const l2Gas = fixedL2 + meter.used + eventsGas(exec.events) + ALLOCATION.l2Gas * keys
    const usage = { l1Gas: 0n, l2Gas, l1DataGas: da + ALLOCATION.l1DataGas * keys }
    return { usage, da }
  }
  let { usage, da } = usageOf([state, execLayer])
  if (opts.chargeFee && revertReason === undefined && legacy) {
    const fee = feeIn(usage, opts.prices, 0n, legacy)
    if (legacy.kind === 'MAX_FEE' && fee > legacy.maxFee) {
      revertReason = `Insufficient max fee: max fee: ${legacy.maxFee}, actual fee: ${fee}.`
    }
    // The L1 gas bound covers everything, L1 data gas too (converted at the block's prices).
    const asL1 = inL1Gas(usage, opts.prices, 'fri')
    const l1 = asL1.l1Gas + ceilDiv(asL1.l1DataGas * opts.prices.l1DataGas.fri, opts.prices.l1Gas.fri)
    if (legacy.kind === 'L1_GAS' && l1 > rb.l1Gas.maxAmount) {
      revertReason = `Insufficient max L1Gas: max amount: ${rb.l1Gas.maxAmount}, actual used: ${l1}.`
    }
  } else if (opts.chargeFee && revertReason === undefined) {
    for (const key of ['l2Gas', 'l1DataGas'] as const) {
      if (usage[key] > rb[key].maxAmount) {
        revertReason = `Insufficient max ${RESOURCE_NAMES[key]}: max amount: ${rb[key].maxAmount}, actual used: ${usage[key]}.`
        break
      }
    }
  }
  let fee = feeIn(usage, opts.prices, tx.tip, legacy)
  if (opts.chargeFee && revertReason === undefined) {
    const balanceAfter = erc20BalanceOf(execLayer, feeToken, sender)
    if (balanceAfter < fee) revertReason = 'Insufficient fee token balance.'
  }
  if (revertReason !== undefined) {
    exec.events.length = eventsBefore
    execLayer.clear()
    if (executeInvocation) executeInvocation.isReverted = true
    meter.used = gasBeforeExecute
    ;({ usage, da } = usageOf([state]))
    const cap = {
      l1Gas: rb.l1Gas.maxAmount,
      l2Gas: rb.l2Gas.maxAmount,
      l1DataGas: rb.l1DataGas.maxAmount,
    }
    if (opts.chargeFee && !legacy) {
      usage = {
        l1Gas: minOf(usage.l1Gas, cap.l1Gas),
        l2Gas: minOf(usage.l2Gas, cap.l2Gas),
        l1DataGas: minOf(usage.l1DataGas, cap.l1DataGas),
      }
    }
    fee = feeIn(usage, opts.prices, tx.tip, legacy)
    // An older transaction pays at most its bound's worth at the block's price.
    if (opts.chargeFee && legacy) {
      const cap = legacy.kind === 'MAX_FEE' ? legacy.maxFee : rb.l1Gas.maxAmount * opts.prices.l1Gas.fri
      if (fee > cap) fee = cap
    }
  } else {
    execLayer.commit()
  }

  let feeTransferInvocation: Invocation | undefined
  if (opts.chargeFee && fee > 0n) {
    meter.metering = false
    const transfer = selectorOf('transfer')
    feeTransferInvocation = exec.call(
      { to: feeToken, selector: transfer, calldata: [opts.block.sequencerAddress, ...splitU256(fee)] },
      sender,
    )
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
    ...(validateInvocation ? { validateInvocation } : {}),
    ...(executeInvocation && revertReason === undefined ? { executeInvocation } : {}),
    ...(constructorInvocation ? { constructorInvocation } : {}),
    ...(feeTransferInvocation ? { feeTransferInvocation } : {}),
    stateDiff: copyDiff(state),
  }
}

/** What an L1 handler needs to run: no prices, validation or fee token (the message paid on L1). */
export interface L1HandlerRunOptions {
  readonly chainId: Felt
  readonly block: BlockInfo
}

/**
 * Runs an L1_HANDLER transaction on `state` (a layer the caller commits or drops), as the sequencer does:
 * no signature, validation, nonce or fee transfer; the handler runs with caller 0 and, when it fails, its
 * writes and events are rolled back and the outcome is reverted (only the per-transaction and calldata gas).
 * Gas otherwise: that, the metered execution, and L1 data gas for its state diff. Never throws for a
 * contract failure: a missing handler is a revert too, so callers check the selector first.
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
    const { count, allocatedKeys } = stateChangesForFee([layer], state)
    const da = daGas(count)
    const keys = BigInt(allocatedKeys)
    const usage = {
      l1Gas: 0n,
      l2Gas: fixedL2 + meter.used + eventsGas(exec.events) + ALLOCATION.l2Gas * keys,
      l1DataGas: da + ALLOCATION.l1DataGas * keys,
    }
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
