// invisible-sdk 1.0.0's getEstimatedFeesInGasToken on our entry: a V3 fee (FRI) is priced through STRK's price
// in ETH, as the SDK's gasless route prices it (equal to invisible-sdk's for a fee in WEI:
// e2e/tests/compat/invisibleSdkGift.test.ts); a chain without an AVNU paymaster is refused, coded.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { getEstimatedFeesInGasToken } from './index'

const STRK = '0x04718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d'
const USDC = '0x053b40a647cedfca6ca84f542a0fe36736031905a9639a7f19a3c1e66bfd5080'
afterEach(() => vi.unstubAllGlobals())

const account = (chainId: string) => ({ address: '0x1234', getChainId: async () => chainId })

describe('getEstimatedFeesInGasToken', () => {
  it("prices a fee in FRI in each of the Sepolia paymaster's tokens", async () => {
    const asked: string[] = []
    vi.stubGlobal('fetch', async (url: string) => {
      asked.push(url)
      return Response.json([
        { tokenAddress: USDC, decimals: 6, priceInETH: '250000000000000' }, // 1 USDC = 0.00025 ETH
        { tokenAddress: STRK, decimals: 18, priceInETH: '100000000000000' }, // 1 STRK = 0.0001 ETH
      ])
    })
    const fee = { overall_fee: 10n ** 18n, unit: 'FRI', l2_gas_price: 1n, l1_data_gas_price: 1n } // 1 STRK
    const { gasTokenFees, gaslessOptions } = await getEstimatedFeesInGasToken({
      account: account('0x534e5f5345504f4c4941'),
      fee,
    })
    expect(gaslessOptions).toEqual({ baseUrl: 'https://sepolia.api.avnu.fi' })
    expect(asked).toEqual(['https://sepolia.api.avnu.fi/paymaster/v1/gas-token-prices']) // undeployed: no overheads
    // 1 STRK = 0.0001 ETH = 0.4 USDC; and 1 STRK in STRK.
    expect(Object.values(gasTokenFees)).toEqual([400000n, 10n ** 18n])
  })

  it('refuses a chain without an AVNU paymaster: GASLESS_UNSUPPORTED_CHAIN', async () => {
    await expect(
      getEstimatedFeesInGasToken({ account: account('0x1234'), fee: { overall_fee: 1n } }),
    ).rejects.toMatchObject({ code: 'GASLESS_UNSUPPORTED_CHAIN' })
  })
})
