// invisible-sdk's helpers on an app whose starknet.js is 6 (compat/starknet-legacy's 6.24.1, what
// invisible-sdk apps have): the escrow account is starknet.js 6's Account on the provider's channel, the raw
// signers hash as 6's Signer does, and the gift's address is the one 10 computes.
import { createRequire } from 'node:module'
import { describe, expect, it, vi } from 'vitest'

const six = () => createRequire(import.meta.url)('../../../compat/starknet-legacy/node_modules/starknet6')
vi.mock('starknet', async () => six())

const giftKey = '0x5ec7e7'
const gift = {
  factory: '0x42a18d85a621332f749947a96342ba682f08e499b9f1364325903a37c5def60',
  escrow_class_hash: '0x70e1',
  sender: '0x5e17de7',
  gift_token: '0x7',
  gift_amount: '1000',
  fee_token: '0x7',
  fee_amount: '10',
  gift_pubkey: '77',
}

describe('the Argent helpers on starknet.js 6', () => {
  it("getEscrowAccount is 6's Account on the provider's channel, V3, signing with the gift key", async () => {
    const starknet = six()
    const { getEscrowAccount, calculateEscrowAddress } = await import('./gift/index')
    const provider = new starknet.RpcProvider({ nodeUrl: 'http://127.0.0.1:9/rpc' })
    const account = getEscrowAccount(provider, gift, giftKey)
    expect(account).toBeInstanceOf(starknet.Account)
    expect((account as unknown as { channel: unknown }).channel).toBe(provider.channel)
    expect(account.address).toBe(calculateEscrowAddress(gift))
    expect(account.transactionVersion).toBe('0x3')
    expect(await account.signer.getPubKey()).toBe(starknet.ec.starkCurve.getStarkKey(giftKey))
  })

  it("LegacyStarknetKeyPair signs a V3 invoke as 6's Signer does", async () => {
    const starknet = six()
    const { LegacyStarknetKeyPair } = await import('./signers')
    const details = {
      walletAddress: '0x123',
      chainId: '0x534e5f5345504f4c4941',
      cairoVersion: '1',
      nonce: 3,
      version: '0x3',
      resourceBounds: {
        l1_gas: { max_amount: '0xa', max_price_per_unit: '0x14' },
        l2_gas: { max_amount: '0x0', max_price_per_unit: '0x0' },
      },
      tip: 0,
      paymasterData: [],
      accountDeploymentData: [],
      nonceDataAvailabilityMode: 'L1',
      feeDataAvailabilityMode: 'L1',
    }
    const calls = [{ contractAddress: '0x7', entrypoint: 'play', calldata: ['1'] }]
    const ours = await new LegacyStarknetKeyPair(giftKey).signTransaction(calls, details as never)
    const theirs = await new starknet.Signer(giftKey).signTransaction(calls, details)
    expect(ours).toEqual([theirs.r.toString(), theirs.s.toString()])
  })
})
