// A transaction's fee: the bounds and balance checked before it runs, the gas it used, the bounds checked
// after it ran, and what a reverted one pays. V3 pays in FRI, each resource at the block price, L2 gas at
// price plus tip; an older transaction (see inL1Gas) in FRI (V3 of 0.7) or WEI (V1), its L2 gas converted
// into L1 gas and no tip.
import type { Felt } from './contract'
import { erc20BalanceOf } from './contracts/erc20'
import { daGas, type FeeTransferOf, type PriorState, stateChangesForFee } from './da'
import { RpcCode } from './errors'
import { ALLOCATION, dataFeltsGas, feeOf, type GasPrices, type GasUsage, L2_GAS, validationGas } from './gas'
import type { State, StateDiff } from './state'
import type { LegacyFee, Transaction } from './transaction'
import { type RunOptions, reject } from './txOutcome'

const minOf = (a: bigint, b: bigint) => (a < b ? a : b)
const ceilDiv = (a: bigint, b: bigint) => (b === 0n ? 0n : (a + b - 1n) / b)

const RESOURCE_NAMES = { l1Gas: 'L1Gas', l2Gas: 'L2Gas', l1DataGas: 'L1DataGas' } as const

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

/**
 * The fee of `u`: V3 by `feeOf`, an older transaction in L1 gas (see inL1Gas).
 * @example feeIn(usage, prices, tx.tip, tx.legacyFee)
 */
export function feeIn(u: GasUsage, prices: GasPrices, tip: bigint, legacy: LegacyFee | undefined): bigint {
  if (!legacy) return feeOf(u, prices, tip)
  const unit = legacy.kind === 'MAX_FEE' ? 'wei' : 'fri'
  const l1 = inL1Gas(u, prices, unit)
  return l1.l1Gas * prices.l1Gas[unit] + l1.l1DataGas * prices.l1DataGas[unit]
}

/**
 * The L2 gas known before anything runs: per transaction, archival calldata and signature, and validation.
 * @example fixedL2Gas(tx) // L2_GAS.txBase + …
 */
export function fixedL2Gas(tx: Transaction): bigint {
  const calldataLength = tx.type === 'INVOKE' ? tx.calldata.length : tx.constructorCalldata.length
  return (
    L2_GAS.txBase + dataFeltsGas(calldataLength, tx.signature.length) + validationGas(tx.signature.length)
  )
}

/**
 * Refuses (53, 54) a transaction whose bounds are below the block's prices or the fixed gas, or whose sender
 * cannot pay its maximum fee in `feeToken`.
 * @example checkBoundsAndBalance(state, tx, sender, feeToken, fixedL2Gas(tx), opts)
 */
export function checkBoundsAndBalance(
  state: State,
  tx: Transaction,
  sender: Felt,
  feeToken: Felt,
  fixedL2: bigint,
  opts: RunOptions,
): void {
  const rb = tx.resourceBounds
  const legacy = tx.legacyFee
  let maxFee: bigint
  if (legacy) {
    // The minimal cost (the fixed L2 gas, in L1 gas): below it, 53 before anything runs.
    const fixed = { l1Gas: 0n, l2Gas: fixedL2, l1DataGas: 0n }
    const tooLow =
      legacy.kind === 'MAX_FEE'
        ? legacy.maxFee < feeIn(fixed, opts.prices, 0n, legacy)
        : rb.l1Gas.maxPricePerUnit < opts.prices.l1Gas.fri ||
          rb.l1Gas.maxAmount < inL1Gas(fixed, opts.prices, 'fri').l1Gas
    if (tooLow) throw reject(RpcCode.INSUFFICIENT_RESOURCES_FOR_VALIDATE)
    // What a bound-L1-gas-alone transaction may pay at most (V1: max_fee; V3 of 0.7: its L1 gas bound's worth).
    maxFee = legacy.kind === 'MAX_FEE' ? legacy.maxFee : rb.l1Gas.maxAmount * rb.l1Gas.maxPricePerUnit
  } else {
    for (const key of ['l1Gas', 'l2Gas', 'l1DataGas'] as const) {
      if (rb[key].maxPricePerUnit < opts.prices[key].fri)
        throw reject(RpcCode.INSUFFICIENT_RESOURCES_FOR_VALIDATE)
    }
    if (rb.l2Gas.maxAmount < fixedL2) throw reject(RpcCode.INSUFFICIENT_RESOURCES_FOR_VALIDATE)
    maxFee =
      rb.l1Gas.maxAmount * rb.l1Gas.maxPricePerUnit +
      rb.l2Gas.maxAmount * (rb.l2Gas.maxPricePerUnit + tx.tip) +
      rb.l1DataGas.maxAmount * rb.l1DataGas.maxPricePerUnit
  }
  if (erc20BalanceOf(state, feeToken, sender) < maxFee) throw reject(RpcCode.INSUFFICIENT_ACCOUNT_BALANCE)
}

/**
 * The gas of a run: `l2Gas` (fixed, metered and events) plus the allocation of new keys, and L1 data gas for
 * the state diff of `layers` over `prior` (with the fee transfer's write of the sender's balance, if given).
 * @example measureUsage([state, execLayer], prior, fixedL2 + meter.used + eventsGas(events), feeTransfer)
 */
export function measureUsage(
  layers: StateDiff[],
  prior: PriorState,
  l2Gas: bigint,
  feeTransfer?: FeeTransferOf,
): { usage: GasUsage; da: bigint } {
  const { count, allocatedKeys } = stateChangesForFee(layers, prior, feeTransfer)
  const da = daGas(count)
  const keys = BigInt(allocatedKeys)
  const usage = {
    l1Gas: 0n,
    l2Gas: l2Gas + ALLOCATION.l2Gas * keys,
    l1DataGas: da + ALLOCATION.l1DataGas * keys,
  }
  return { usage, da }
}

/**
 * Why a transaction that ran reverts on its bounds (its usage above a bound), or `undefined`.
 * @example boundsRevertReason(tx, usage, opts.prices) // 'Insufficient max L2Gas: …'
 */
export function boundsRevertReason(tx: Transaction, usage: GasUsage, prices: GasPrices): string | undefined {
  const rb = tx.resourceBounds
  const legacy = tx.legacyFee
  if (!legacy) {
    for (const key of ['l2Gas', 'l1DataGas'] as const) {
      if (usage[key] > rb[key].maxAmount)
        return `Insufficient max ${RESOURCE_NAMES[key]}: max amount: ${rb[key].maxAmount}, actual used: ${usage[key]}.`
    }
    return undefined
  }
  if (legacy.kind === 'MAX_FEE') {
    const fee = feeIn(usage, prices, 0n, legacy)
    return fee > legacy.maxFee
      ? `Insufficient max fee: max fee: ${legacy.maxFee}, actual fee: ${fee}.`
      : undefined
  }
  // The L1 gas bound covers everything, L1 data gas too (converted at the block's prices).
  const asL1 = inL1Gas(usage, prices, 'fri')
  const l1 = asL1.l1Gas + ceilDiv(asL1.l1DataGas * prices.l1DataGas.fri, prices.l1Gas.fri)
  return l1 > rb.l1Gas.maxAmount
    ? `Insufficient max L1Gas: max amount: ${rb.l1Gas.maxAmount}, actual used: ${l1}.`
    : undefined
}

/**
 * What a reverted transaction pays for `usage` (its run without `__execute__`'s work): a V3 at most its bounds,
 * an older transaction at most its bound's worth at the block's price.
 * @example revertedCharge(usage, tx, opts) // { usage, fee }
 */
export function revertedCharge(
  usage: GasUsage,
  tx: Transaction,
  opts: RunOptions,
): { usage: GasUsage; fee: bigint } {
  const rb = tx.resourceBounds
  const legacy = tx.legacyFee
  let charged = usage
  if (opts.chargeFee && !legacy) {
    charged = {
      l1Gas: minOf(usage.l1Gas, rb.l1Gas.maxAmount),
      l2Gas: minOf(usage.l2Gas, rb.l2Gas.maxAmount),
      l1DataGas: minOf(usage.l1DataGas, rb.l1DataGas.maxAmount),
    }
  }
  let fee = feeIn(charged, opts.prices, tx.tip, legacy)
  if (opts.chargeFee && legacy) {
    const cap = legacy.kind === 'MAX_FEE' ? legacy.maxFee : rb.l1Gas.maxAmount * opts.prices.l1Gas.fri
    if (fee > cap) fee = cap
  }
  return { usage: charged, fee }
}
