// The session's INVOKE V3 hash against starknet.js 10's (what nodes since JSON-RPC 0.8 compute), over every
// value the fields take: the SDK no longer asks the app's starknet.js, whose v6 hashes two bounds only.
import fc from 'fast-check'
import { hash } from 'starknet'
import { describe, expect, it } from 'vitest'
import { invokeV3Hash } from './transactionHash'

const PRIME = 2n ** 251n + 17n * 2n ** 192n + 1n
const felt = fc.bigInt({ min: 0n, max: PRIME - 1n })
const bound = fc.record({
  max_amount: fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }),
  max_price_per_unit: fc.bigInt({ min: 0n, max: 2n ** 128n - 1n }),
})

describe('invokeV3Hash', () => {
  it("equals starknet.js 10's INVOKE V3 hash for any sender, calldata, chain, nonce, bounds and tip", () => {
    fc.assert(
      fc.property(
        felt,
        fc.array(felt, { maxLength: 8 }),
        felt,
        felt,
        fc.record({ l1_gas: bound, l2_gas: bound, l1_data_gas: bound }),
        fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }),
        (senderAddress, calldata, chainId, nonce, resourceBounds, tip) => {
          const ours = invokeV3Hash({ senderAddress, calldata, chainId, nonce, resourceBounds, tip })
          const theirs = hash.calculateInvokeTransactionHash({
            senderAddress: `0x${senderAddress.toString(16)}`,
            version: '0x3',
            compiledCalldata: calldata.map((value) => `0x${value.toString(16)}`),
            chainId: `0x${chainId.toString(16)}` as never,
            nonce,
            accountDeploymentData: [],
            nonceDataAvailabilityMode: 0 as never,
            feeDataAvailabilityMode: 0 as never,
            resourceBounds,
            tip,
            paymasterData: [],
          })
          expect(BigInt(ours)).toBe(BigInt(theirs))
        },
      ),
      { numRuns: 25 },
    )
  })

  it('covers the L1 data gas bound (starknet.js 6 left it out)', () => {
    const base = { max_amount: 1n, max_price_per_unit: 2n }
    const tx = { senderAddress: 1n, calldata: [], chainId: 2n, nonce: 0n, tip: 0n }
    const one = invokeV3Hash({ ...tx, resourceBounds: { l1_gas: base, l2_gas: base, l1_data_gas: base } })
    const other = invokeV3Hash({
      ...tx,
      resourceBounds: { l1_gas: base, l2_gas: base, l1_data_gas: { ...base, max_amount: 3n } },
    })
    expect(one).not.toBe(other)
  })
})
