// invisible-sdk 1.0.0's `getEstimatedFeesInGasToken`, priced as the SDK's own gasless route prices it
// (shim/src/paymaster/fee.ts). Checksum keys come from the app's starknet.js: protocol's writer needs zod.
import { STRK_ADDRESS } from '@webwallet/protocol'
import { GaslessUnsupportedChainError } from '@webwallet/protocol/errors'
import { toFelt, toHex } from '@webwallet/protocol/session'
import { getChecksumAddress } from 'starknet'
import { createPaymaster } from '../paymaster/client'
import { feeInGasToken } from '../paymaster/fee'
import { gaslessBaseUrls } from './paymasterHelpers'

type Amount = string | number | bigint

/** A starknet.js fee estimate, of any version (6's `gas_price`, 8 and 10's `l2_gas_price`...). */
export interface FeeEstimateLike {
  overall_fee: Amount
  unit?: string
  gas_price?: Amount
  data_gas_price?: Amount
  l2_gas_price?: Amount
  l1_data_gas_price?: Amount
}

/** The account invisible-sdk's function reads: its chain, address, and whether it is deployed. */
export interface GasTokenFeesAccount {
  address: string
  getChainId(): Promise<string>
  isDeployed?(): Promise<boolean>
}

const at = (value: Amount | undefined, fallback: bigint) => (value === undefined ? fallback : BigInt(value))

/**
 * `fee` in each of the paymaster's gas tokens (keyed by checksum address, as invisible-sdk's) and its host. No
 * AVNU paymaster on the chain: GASLESS_UNSUPPORTED_CHAIN; a FRI fee without STRK among its tokens: GAS_FEE.
 *
 * @example
 * const { gasTokenFees } = await getEstimatedFeesInGasToken({ account, fee: await account.estimateInvokeFee(calls) })
 */
export async function getEstimatedFeesInGasToken({
  account,
  fee,
}: {
  fee: FeeEstimateLike
  account: GasTokenFeesAccount
}): Promise<{ gasTokenFees: { [k: string]: bigint }; gaslessOptions: { baseUrl: string } }> {
  const baseUrl = (gaslessBaseUrls as Record<string, string | undefined>)[toHex(await account.getChainId())]
  if (!baseUrl) throw new GaslessUnsupportedChainError()
  const paymaster = createPaymaster({ baseUrl })
  const deployed = typeof account.isDeployed === 'function' && (await account.isDeployed())
  const compatibility = deployed
    ? await paymaster.compatibility(account.address)
    : { gasConsumedOverhead: '0', dataGasConsumedOverhead: '0' }
  const prices = await paymaster.gasTokenPrices()
  const strk = prices.find((price) => toFelt(price.tokenAddress) === toFelt(STRK_ADDRESS))
  const estimate = {
    overall_fee: String(fee.overall_fee),
    unit: fee.unit ?? 'WEI',
    l2_gas_price: String(at(fee.l2_gas_price ?? fee.gas_price, 0n)),
    l1_data_gas_price: String(at(fee.l1_data_gas_price ?? fee.data_gas_price, 1n)),
  }
  const strkPrice = strk === undefined ? undefined : BigInt(strk.priceInETH)
  const gasTokenFees = Object.fromEntries(
    prices.map((price) => [
      getChecksumAddress(price.tokenAddress),
      feeInGasToken(estimate as never, price, compatibility as never, strkPrice),
    ]),
  )
  return { gasTokenFees, gaslessOptions: { baseUrl } }
}
