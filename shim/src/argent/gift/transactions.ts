// invisible-sdk 1.0.0's gift transactions: they send what ./gift builds through the accounts given (the
// sender's for a deposit or a cancel, the escrow's, signing with the gift key, for a claim).
import type { Account, InvokeFunctionResponse, ProviderInterface, UniversalDetails } from 'starknet'
import { CallData, TransactionType } from 'starknet'
import {
  buildGiftCallData,
  calculateEscrowAddress,
  createDeposit,
  type DepositParams,
  executeActionOnAccount,
  type Gift,
  getEscrowAccount,
} from './escrow'

/** Where a claim is sent: the escrow (default) or an address the caller forces, and the escrow's address. */
export interface ClaimOverrides {
  escrowAccountAddress?: string
  callToAddress?: string
}

/** What a claim needs: the gift, who receives it, the gift's key, a node. */
export interface ClaimArguments {
  gift: Gift
  receiver: string
  giftPrivateKey: string
  provider: ProviderInterface
  overrides?: ClaimOverrides
}

/**
 * Funds a gift from `sender` (approvals and the factory's `deposit` in one transaction).
 *
 * @example
 * const { response, gift } = await deposit(account, params)
 */
export async function deposit(
  sender: Account,
  depositParams: DepositParams,
): Promise<{ response: InvokeFunctionResponse; gift: Gift }> {
  const { calls, gift } = createDeposit(sender.address, depositParams)
  return { response: await sender.execute(calls), gift }
}

function claim(args: ClaimArguments) {
  const escrow = args.overrides?.escrowAccountAddress || calculateEscrowAddress(args.gift)
  return {
    account: getEscrowAccount(args.provider, args.gift, args.giftPrivateKey, escrow),
    call: {
      contractAddress: args.overrides?.callToAddress ?? escrow,
      entrypoint: 'claim_internal',
      calldata: [buildGiftCallData(args.gift), args.receiver] as never,
    },
  }
}

/**
 * Claims the gift for `receiver`: the escrow account calls its own `claim_internal`, signed with the gift key
 * (the fee comes out of the gift's fee amount).
 *
 * @example
 * await claimInternal({ gift, receiver: account.address, giftPrivateKey, provider })
 */
export async function claimInternal(
  args: ClaimArguments & { details?: UniversalDetails },
): Promise<InvokeFunctionResponse> {
  const { account, call } = claim(args)
  return account.execute(call, args.details)
}

/** The claim simulated by the node (nothing sent). @example await simulateClaimInternal({ gift, receiver, giftPrivateKey, provider }) */
export async function simulateClaimInternal(args: ClaimArguments) {
  const { account, call } = claim(args)
  return account.simulateTransaction([{ type: TransactionType.INVOKE, ...call }] as never)
}

/**
 * Cancels a gift: its sender has the escrow run `cancel` (the tokens go back).
 *
 * @example
 * await cancelGift({ gift, senderAccount: account })
 */
export async function cancelGift(args: {
  gift: Gift
  senderAccount: Account
}): Promise<InvokeFunctionResponse> {
  const calldata = CallData.compile([buildGiftCallData(args.gift)])
  return args.senderAccount.execute(
    executeActionOnAccount('cancel', calculateEscrowAddress(args.gift), calldata),
  )
}
