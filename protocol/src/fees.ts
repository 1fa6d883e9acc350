// The one home of fee arithmetic (docs/protocol.md, Constants), pure bigint on the margin constants: the shim's
// resource bounds, the node access layer's bounds, the ledger's and the cosigner's maximum fee, and the
// paymaster's suggested maximum all come from here, so no margin is written twice. No zod, no starknet.js.
import {
  FEE_MARGIN_GAS_PRICE_PERCENT,
  FEE_MARGIN_L1_GAS_AMOUNT_PERCENT,
  FEE_MARGIN_MAX_FEE_PERCENT,
} from './constants'
import { toHex } from './starknet/felt'

/** The three resources a V3 transaction pays for. */
export type FeeResource = 'l1_gas' | 'l2_gas' | 'l1_data_gas'

/** One resource's bound: the most units and the most paid per unit. */
export interface ResourceBound<T = bigint> {
  max_amount: T
  max_price_per_unit: T
}

/** V3 resource bounds, as bigints (`ResourceBounds<string>` is the wire form, hex strings). */
export type ResourceBounds<T = bigint> = Record<FeeResource, ResourceBound<T>>

/** An amount (or price) per resource. */
export type PerResource = Readonly<Record<FeeResource, bigint>>

/**
 * `value` plus `percent` % of it, rounded down (starknet.js's overhead rule).
 *
 * @example
 * addPercent(1000n, 50) // 1500n
 */
export function addPercent(value: bigint, percent: number): bigint {
  return value + (value * BigInt(percent)) / 100n
}

/** The resources in the order a transaction hash takes them. */
export const FEE_RESOURCES: readonly FeeResource[] = ['l1_gas', 'l2_gas', 'l1_data_gas']
const perResource = <T>(value: (resource: FeeResource) => T) =>
  Object.fromEntries(FEE_RESOURCES.map((resource) => [resource, value(resource)])) as Record<FeeResource, T>

/** A node fee estimate's amounts and prices (RPC 0.8+), as hex or decimal strings or bigints. */
export type EstimateAmounts = Readonly<
  Record<`${FeeResource}_consumed` | `${FeeResource}_price`, string | bigint>
>

/**
 * Resource bounds from a node's fee estimate with the protocol's 50% margins on every amount and price
 * (docs/protocol.md, Constants), so the transaction still fits when prices move before inclusion.
 *
 * @example
 * boundsFromEstimate(estimate).l2_gas.max_amount // 1.5 × l2_gas_consumed
 */
export function boundsFromEstimate(estimate: EstimateAmounts): ResourceBounds {
  return perResource((resource) => ({
    max_amount: addPercent(BigInt(estimate[`${resource}_consumed`]), FEE_MARGIN_L1_GAS_AMOUNT_PERCENT),
    max_price_per_unit: addPercent(BigInt(estimate[`${resource}_price`]), FEE_MARGIN_GAS_PRICE_PERCENT),
  }))
}

/**
 * Resource bounds for `amounts` of gas at `prices`, with the protocol's margins (as {@link boundsFromEstimate}).
 *
 * @example
 * boundsWithMargin(amounts, prices).l2_gas.max_amount // amounts.l2_gas × 1.5
 */
export function boundsWithMargin(amounts: PerResource, prices: PerResource): ResourceBounds {
  return boundsFromEstimate(
    Object.fromEntries(
      FEE_RESOURCES.flatMap((resource) => [
        [`${resource}_consumed`, amounts[resource]],
        [`${resource}_price`, prices[resource]],
      ]),
    ) as EstimateAmounts,
  )
}

/**
 * A maximum fee from an expected one: the fee plus the protocol's 50%.
 *
 * @example
 * maxFeeWithMargin(1000n) // 1500n
 */
export function maxFeeWithMargin(fee: bigint): bigint {
  return addPercent(fee, FEE_MARGIN_MAX_FEE_PERCENT)
}

/**
 * The fee of `amounts` of gas at `prices` (Σ amount × price).
 *
 * @example
 * feeOf(usage, prices) // l1 × p1 + l2 × p2 + l1_data × p3
 */
export function feeOf(amounts: PerResource, prices: PerResource): bigint {
  return (
    amounts.l1_gas * prices.l1_gas + amounts.l2_gas * prices.l2_gas + amounts.l1_data_gas * prices.l1_data_gas
  )
}

/**
 * The most a transaction with these bounds can cost: Σ max amount × max price, plus the tip per unit of L2 gas.
 * Takes bigints or wire strings (hex or decimal); a missing bound counts as zero.
 *
 * @example
 * maxCost({ l2_gas: { max_amount: '0x10', max_price_per_unit: '0x2' } }, '0x1') // 48n
 */
export function maxCost(
  bounds: Readonly<Partial<Record<string, ResourceBound<bigint | string> | undefined>>>,
  tip: bigint | string = 0n,
): bigint {
  return Object.values(bounds).reduce<bigint>(
    (cost, bound) => cost + (bound ? BigInt(bound.max_amount) * BigInt(bound.max_price_per_unit) : 0n),
    BigInt(tip) * BigInt(bounds.l2_gas?.max_amount ?? 0n),
  )
}

/**
 * The same bounds with every amount and price written by `write` (wire hex, decimal strings, bigints).
 *
 * @example
 * mapBounds(wireBounds, BigInt).l2_gas.max_amount // a bigint
 */
export function mapBounds<T, U>(bounds: ResourceBounds<T>, write: (value: T) => U): ResourceBounds<U> {
  return perResource((resource) => ({
    max_amount: write(bounds[resource].max_amount),
    max_price_per_unit: write(bounds[resource].max_price_per_unit),
  }))
}

/**
 * Bounds in the JSON-RPC wire form: lowercase hex strings.
 *
 * @example
 * { ...tx, resource_bounds: boundsToHex(bounds) }
 */
export function boundsToHex(bounds: ResourceBounds): ResourceBounds<string> {
  return mapBounds(bounds, toHex)
}

/** A node fee estimate's fields (RPC 0.8+) as hex strings, as `sumEstimates` writes them. */
export type SummedEstimate = Record<
  `${FeeResource}_consumed` | `${FeeResource}_price` | 'overall_fee',
  string
> & {
  unit?: string
}

/**
 * Adds estimates: amounts and fees add up, each price is the highest seen (the `unit` is the first's). A
 * missing field counts as zero, so a part (gas the node did not see) adds as an estimate of its own.
 *
 * @example
 * sumEstimates([deployEstimate, invokeEstimate]).overall_fee
 * sumEstimates([estimate, { l2_gas_consumed: extraGas, overall_fee: extraGas * l2GasPrice }])
 */
export function sumEstimates(
  estimates: readonly Partial<
    EstimateAmounts & { readonly overall_fee: string | bigint; readonly unit: string }
  >[],
): SummedEstimate {
  const keys = [...FEE_RESOURCES.flatMap((r) => [`${r}_consumed`, `${r}_price`]), 'overall_fee'] as const
  const summed = Object.fromEntries(
    keys.map((key) => [
      key,
      toHex(
        estimates
          .map((estimate) => BigInt(estimate[key as keyof SummedEstimate] ?? 0))
          // Prices: the highest; amounts and fees: the sum.
          .reduce(
            (total, value) => (key.endsWith('price') ? (value > total ? value : total) : total + value),
            0n,
          ),
      ),
    ]),
  ) as SummedEstimate
  const unit = estimates[0]?.unit
  return unit === undefined ? summed : { ...summed, unit }
}
