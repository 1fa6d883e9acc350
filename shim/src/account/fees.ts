import {
  boundsFromEstimate,
  boundsToHex,
  maxFeeWithMargin,
  type ResourceBounds as ProtocolResourceBounds,
  maxCost as protocolMaxCost,
  sumEstimates as protocolSumEstimates,
} from '@webwallet/protocol/fees'

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
export type ResourceBounds = ProtocolResourceBounds

/**
 * Resource bounds from an estimate with the protocol's margins (docs/protocol.md, Constants: 50% on every amount
 * and price), so the transaction still fits when prices move before inclusion; never the app's config.
 *
 * @example
 * resourceBoundsFromEstimate(estimate).l2_gas.max_amount // 1.5 × l2_gas_consumed
 */
export const resourceBoundsFromEstimate: (estimate: FeeEstimate) => ResourceBounds = boundsFromEstimate

/**
 * A V1-style max fee: the overall fee plus 50%.
 *
 * @example
 * maxFeeFromEstimate(estimate) // overall_fee × 1.5
 */
export function maxFeeFromEstimate(estimate: FeeEstimate): bigint {
  return maxFeeWithMargin(BigInt(estimate.overall_fee))
}

/**
 * The most a transaction with these bounds can cost (Σ amount × price).
 *
 * @example
 * maxCost(bounds) <= balance
 */
export const maxCost: (bounds: ResourceBounds) => bigint = protocolMaxCost

/**
 * Bounds in the JSON-RPC wire form (hex strings), as starknet.js writes them.
 *
 * @example
 * { ...tx, resource_bounds: rpcResourceBounds(bounds) }
 */
export const rpcResourceBounds = boundsToHex

/**
 * Adds estimates: amounts and fees add up, each price is the highest seen.
 *
 * @example
 * sumEstimates([deployEstimate, invokeEstimate]).overall_fee
 */
export const sumEstimates: (estimates: Parameters<typeof protocolSumEstimates>[0]) => FeeEstimate =
  protocolSumEstimates
