import type { GasTokenPrice, PaymasterCompatibility } from '@webwallet/protocol'
import { GasFeeError } from '@webwallet/protocol/errors'
import type { FeeEstimate } from '../account/fees'

/**
 * The fee in a gas token (docs/protocol.md, Paymaster): (overall fee + (overhead + extra gas) × gas prices) / price in ETH,
 * scaled by the token's decimals; rounded up so the paymaster is never short.
 *
 * @example
 * feeInGasToken(estimate, { tokenAddress, decimals: 6, priceInETH: '500000000000000' }, compatibility)
 */
export function feeInGasToken(
  estimate: FeeEstimate,
  price: GasTokenPrice,
  compatibility: Pick<PaymasterCompatibility, 'gasConsumedOverhead' | 'dataGasConsumedOverhead'>,
  /** STRK's price in ETH (wei per STRK): a V3 estimate is in FRI, the token prices are in ETH. */
  strkPriceInEth?: bigint,
  /** L2 gas the calls need beyond the estimate (a session key's check that only an outside execution runs). */
  extraGas = 0n,
): bigint {
  const overhead =
    BigInt(estimate.l2_gas_price) * (BigInt(compatibility.gasConsumedOverhead) + extraGas) +
    BigInt(estimate.l1_data_gas_price) * BigInt(compatibility.dataGasConsumedOverhead)
  let fee = BigInt(estimate.overall_fee) + overhead
  if (estimate.unit === 'FRI') {
    if (strkPriceInEth === undefined) throw new GasFeeError('A fee in FRI needs the STRK price to convert it')
    fee = (fee * strkPriceInEth + WEI_PER_ETH - 1n) / WEI_PER_ETH
  }
  const numerator = fee * 10n ** BigInt(price.decimals)
  const priceInEth = BigInt(price.priceInETH)
  if (priceInEth <= 0n) throw new GasFeeError(`Invalid gas token price for ${price.tokenAddress}`)
  return (numerator + priceInEth - 1n) / priceInEth
}

const WEI_PER_ETH = 10n ** 18n
