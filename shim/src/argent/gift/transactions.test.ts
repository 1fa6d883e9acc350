// invisible-sdk 1.0.0's gift transactions on our entry: what each sends and through which account. The call
// data and addresses equal invisible-sdk's (e2e/tests/compat/invisibleSdkGift.test.ts); here, that deposit and
// cancel go through the sender's account, and a claim through a starknet.js Account at the escrow's address
// signing with the gift key (V3), on the provider given.

import { Account, ec, RpcProvider, TransactionType } from 'starknet'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  buildGiftCallData,
  calculateEscrowAddress,
  cancelGift,
  claimInternal,
  createDeposit,
  deposit,
  type executeActionOnAccount,
  getEscrowAccount,
  simulateClaimInternal,
} from './index'

const giftKey = '0x5ec7e7'
const gift = {
  factory: '0x42a18d85a621332f749947a96342ba682f08e499b9f1364325903a37c5def60',
  escrow_class_hash: '0x70e1',
  sender: '0x5e17de7',
  gift_token: '0x7',
  gift_amount: '1000',
  fee_token: '0x7',
  fee_amount: '10',
  gift_pubkey: BigInt(ec.starkCurve.getStarkKey(giftKey)).toString(),
}
const provider = new RpcProvider({ nodeUrl: 'http://127.0.0.1:9/rpc' }) // never reached: execute is spied on
afterEach(() => vi.restoreAllMocks())

describe("the gift transactions, as invisible-sdk's send them", () => {
  it('deposit sends createDeposit’s calls from the sender; cancel has the escrow run cancel', async () => {
    const execute = vi.fn(async () => ({ transaction_hash: '0x1' }))
    const sender = { address: gift.sender, execute } as unknown as Account
    const params = {
      giftAmount: 1000n,
      feeAmount: 10n,
      factoryAddress: gift.factory,
      feeTokenAddress: '0x7',
      giftTokenAddress: '0x7',
      giftSignerPubKey: BigInt(gift.gift_pubkey),
      escrowAccountClassHash: gift.escrow_class_hash,
    }
    const sent = await deposit(sender, params)
    expect(sent.gift).toEqual(gift)
    expect(execute).toHaveBeenCalledWith(createDeposit(gift.sender, params).calls)
    await cancelGift({ gift, senderAccount: sender })
    const [cancel] = execute.mock.calls[1] as unknown as [ReturnType<typeof executeActionOnAccount>]
    expect(cancel).toMatchObject({
      contractAddress: calculateEscrowAddress(gift),
      entrypoint: 'execute_action',
    })
  })

  it('a claim is the escrow account’s own claim_internal, signed with the gift key, V3', async () => {
    const execute = vi.spyOn(Account.prototype, 'execute').mockImplementation(async function (this: Account) {
      return { transaction_hash: this.address }
    })
    const escrow = calculateEscrowAddress(gift)
    const { transaction_hash } = await claimInternal({
      gift,
      receiver: '0xbeef',
      giftPrivateKey: giftKey,
      provider,
    })
    expect(BigInt(transaction_hash)).toBe(BigInt(escrow))
    expect(execute).toHaveBeenCalledWith(
      {
        contractAddress: escrow,
        entrypoint: 'claim_internal',
        calldata: [buildGiftCallData(gift), '0xbeef'],
      },
      undefined,
    )
    const account = getEscrowAccount(provider, gift, giftKey)
    expect(account).toBeInstanceOf(Account)
    expect((account as unknown as { provider: unknown }).provider).toBe(provider) // starknet.js 10's field
    expect(account.transactionVersion).toBe('0x3')
    expect(await account.signer.getPubKey()).toBe(ec.starkCurve.getStarkKey(giftKey))
    const simulate = vi.spyOn(Account.prototype, 'simulateTransaction').mockResolvedValue([] as never)
    await simulateClaimInternal({
      gift,
      receiver: '0xbeef',
      giftPrivateKey: giftKey,
      provider,
      overrides: { callToAddress: '0xca11' },
    })
    expect(simulate).toHaveBeenCalledWith([
      {
        type: TransactionType.INVOKE,
        contractAddress: '0xca11',
        entrypoint: 'claim_internal',
        calldata: [buildGiftCallData(gift), '0xbeef'],
      },
    ])
  })
})
