// invisible-sdk's raw signers on our entry hash as the app's starknet.js Signer does (here starknet.js 10; 6:
// starknetV6.test.ts); their keys and message signatures equal invisible-sdk's (e2e/tests/compat/invisibleSdkGift.test.ts).
import fc from 'fast-check'
import { Signer } from 'starknet'
import { describe, expect, it } from 'vitest'
import { LegacyStarknetKeyPair } from './index'

const giftKey = '0x5ec7e7'

describe('the raw signers hash as the app’s starknet.js Signer does', () => {
  it('LegacyStarknetKeyPair signs every V3 invoke with the same signature as starknet.js’s Signer', async () => {
    const amount = fc.bigInt({ min: 0n, max: (1n << 64n) - 1n })
    const bound = fc.record({ max_amount: amount, max_price_per_unit: amount })
    await fc.assert(
      fc.asyncProperty(
        fc.record({ l1_gas: bound, l2_gas: bound, l1_data_gas: bound }),
        fc.nat(),
        fc.array(fc.bigInt({ min: 0n, max: (1n << 250n) - 1n }).map(String), { maxLength: 4 }),
        async (resourceBounds, nonce, calldata) => {
          const details = {
            walletAddress: '0x123',
            chainId: '0x534e5f5345504f4c4941',
            cairoVersion: '1',
            nonce,
            version: '0x3',
            resourceBounds,
            tip: 0,
            paymasterData: [],
            accountDeploymentData: [],
            nonceDataAvailabilityMode: 'L1',
            feeDataAvailabilityMode: 'L1',
          } as never
          const calls = [{ contractAddress: '0x7', entrypoint: 'play', calldata }]
          const ours = await new LegacyStarknetKeyPair(giftKey).signTransaction(calls, details)
          const starknet = (await new Signer(giftKey).signTransaction(calls, details)) as {
            r: bigint
            s: bigint
          }
          expect(ours).toEqual([starknet.r.toString(), starknet.s.toString()])
        },
      ),
      { numRuns: 15 },
    )
  })
})
