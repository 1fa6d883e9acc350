import type { GasTokenPrice, PaymasterCompatibility } from '@webwallet/protocol'
import type { FeeEstimate } from '../account/fees'

/**
 * The fee in a gas token (SPEC.md section 7): (overall fee + overhead × gas prices) / price in ETH,
 * scaled by the token's decimals; rounded up so the paymaster is never short.
 *
 * @example
 * feeInGasToken(estimate, { tokenAddress, decimals: 6, priceInETH: '500000000000000' }, compatibility)
 */
export function feeInGasToken(
  estimate: FeeEstimate,
  price: GasTokenPrice,
  compatibility: Pick<PaymasterCompatibility, 'gasConsumedOverhead' | 'dataGasConsumedOverhead'>,
): bigint {
  const overhead =
    BigInt(estimate.l2_gas_price) * BigInt(compatibility.gasConsumedOverhead) +
    BigInt(estimate.l1_data_gas_price) * BigInt(compatibility.dataGasConsumedOverhead)
  const numerator = (BigInt(estimate.overall_fee) + overhead) * 10n ** BigInt(price.decimals)
  const priceInEth = BigInt(price.priceInETH)
  if (priceInEth <= 0n) throw new RangeError(`Invalid gas token price for ${price.tokenAddress}`)
  return (numerator + priceInEth - 1n) / priceInEth
}
