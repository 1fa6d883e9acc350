import {
  FEE_MARGIN_GAS_PRICE_PERCENT,
  FEE_MARGIN_L1_GAS_AMOUNT_PERCENT,
  FEE_MARGIN_MAX_FEE_PERCENT,
} from '@webwallet/protocol'
import { toHex } from '@webwallet/protocol/session'
import { stark } from 'starknet'

/** A node fee estimate (RPC 0.8+), values as hex or decimal strings. */
export interface FeeEstimate {
  readonly l1_gas_consumed: string
  readonly l1_gas_price: string
  readonly l2_gas_consumed: string
  readonly l2_gas_price: string
  readonly l1_data_gas_consumed: string
  readonly l1_data_gas_price: string
  readonly overall_fee: string
  readonly unit?: string
}

/** V3 resource bounds as bigints. */
export type ResourceBounds = Record<
  'l1_gas' | 'l2_gas' | 'l1_data_gas',
  { max_amount: bigint; max_price_per_unit: bigint }
>

const withMargin = (value: bigint, percent: number) => value + (value * BigInt(percent)) / 100n

// The margins as starknet.js's overhead (the same rule: amount + amount × percent / 100, rounded down).
const margin = {
  max_amount: FEE_MARGIN_L1_GAS_AMOUNT_PERCENT,
  max_price_per_unit: FEE_MARGIN_GAS_PRICE_PERCENT,
}
const OVERHEAD = { l1_gas: margin, l2_gas: margin, l1_data_gas: margin }

/**
 * Resource bounds from an estimate with the margins of SPEC.md section 9: 50% on every amount and on
 * every price, so the transaction still fits when prices move between estimate and inclusion. starknet.js's
 * `toOverheadResourceBounds` with the SPEC's margins (never the app's starknet.js config).
 *
 * @example
 * resourceBoundsFromEstimate(estimate).l2_gas.max_amount // 1.5 × l2_gas_consumed
 */
export function resourceBoundsFromEstimate(estimate: FeeEstimate): ResourceBounds {
  return stark.toOverheadResourceBounds(estimate as never, OVERHEAD)
}

/**
 * A V1-style max fee: the overall fee plus 50%.
 *
 * @example
 * maxFeeFromEstimate(estimate) // overall_fee × 1.5
 */
export function maxFeeFromEstimate(estimate: FeeEstimate): bigint {
  return withMargin(BigInt(estimate.overall_fee), FEE_MARGIN_MAX_FEE_PERCENT)
}

/**
 * The most a transaction with these bounds can cost (Σ amount × price).
 *
 * @example
 * maxCost(bounds) <= balance
 */
export function maxCost(bounds: ResourceBounds): bigint {
  return Object.values(bounds).reduce((sum, b) => sum + b.max_amount * b.max_price_per_unit, 0n)
}

/**
 * Bounds in the JSON-RPC wire form (hex strings), as starknet.js writes them.
 *
 * @example
 * { ...tx, resource_bounds: rpcResourceBounds(bounds) }
 */
export function rpcResourceBounds(bounds: ResourceBounds) {
  return stark.resourceBoundsToHexString(bounds) as Record<
    keyof ResourceBounds,
    { max_amount: string; max_price_per_unit: string }
  >
}

/**
 * Adds estimates: amounts and fees add up, each price is the highest seen.
 *
 * @example
 * sumEstimates([deployEstimate, invokeEstimate]).overall_fee
 */
export function sumEstimates(estimates: readonly FeeEstimate[]): FeeEstimate {
  const sum = (key: keyof FeeEstimate) =>
    toHex(estimates.reduce((total, e) => total + BigInt(e[key] ?? 0), 0n))
  const max = (key: keyof FeeEstimate) =>
    toHex(estimates.reduce((high, e) => (BigInt(e[key] ?? 0) > high ? BigInt(e[key] ?? 0) : high), 0n))
  return {
    l1_gas_consumed: sum('l1_gas_consumed'),
    l1_gas_price: max('l1_gas_price'),
    l2_gas_consumed: sum('l2_gas_consumed'),
    l2_gas_price: max('l2_gas_price'),
    l1_data_gas_consumed: sum('l1_data_gas_consumed'),
    l1_data_gas_price: max('l1_data_gas_price'),
    overall_fee: sum('overall_fee'),
    ...(estimates[0]?.unit === undefined ? {} : { unit: estimates[0].unit }),
  }
}
