// invisible-sdk 1.0.0's gift helpers: Argent's gift factory deposits tokens into an escrow account whose key
// is the gift's; the receiver claims with that key, the sender may cancel. These build the same calls and
// addresses as invisible-sdk (e2e/tests/compat/invisibleSdkGift.test.ts compares them with the real package);
// the factory and escrow contracts are Argent's, on Starknet mainnet and Sepolia (not on wallet-sim's chain:
// docs/migrating.md, "Gifts").
import { ValidationError } from '@webwallet/protocol/errors'
import { toFelt, toHex } from '@webwallet/protocol/session'
import { type Account, type Call, CallData, hash, type ProviderInterface, uint256 } from 'starknet'
import { AccountBase } from '../../account/accountBase'

/** The escrow account's constructor arguments, as invisible-sdk names them (amounts as decimal strings). */
export interface AccountConstructorArguments {
  sender: string
  gift_token: string
  gift_amount: string
  fee_token: string
  fee_amount: string
  gift_pubkey: string
}

/** A gift: its escrow's constructor arguments, the factory that deployed it and the escrow's class. */
export interface Gift extends AccountConstructorArguments {
  factory: string
  escrow_class_hash: string
}

/** What {@link createDeposit} needs: amounts in the tokens' smallest units, the gift key's public key. */
export interface DepositParams {
  giftAmount: bigint
  feeAmount: bigint
  factoryAddress: string
  feeTokenAddress: string
  giftTokenAddress: string
  giftSignerPubKey: bigint
  escrowAccountClassHash: string
}

/** The most a STRK-paid claim may cost: 0.2 STRK. @example getMaxFee(true) === STRK_GIFT_MAX_FEE */
export const STRK_GIFT_MAX_FEE = 200000000000000000n
/** The most an ETH-paid claim may cost: 0.0002 ETH. @example getMaxFee(false) === ETH_GIFT_MAX_FEE */
export const ETH_GIFT_MAX_FEE = 200000000000000n

/** A claim's most expensive fee: STRK's with a V3 transaction, else ETH's. @example getMaxFee(true) // 2n * 10n ** 17n */
export function getMaxFee(useTxV3: boolean): bigint {
  return useTxV3 ? STRK_GIFT_MAX_FEE : ETH_GIFT_MAX_FEE
}

/**
 * The gift as the escrow's `GiftData` struct: its fields in the contract's order (whatever the object's key
 * order), `gift_amount` as a u256 `{ low, high }`.
 *
 * @example
 * CallData.compile([buildGiftCallData(gift)]) // the struct's felts
 */
export function buildGiftCallData(gift: Gift) {
  return {
    factory: gift.factory,
    escrow_class_hash: gift.escrow_class_hash,
    ...escrowArguments(gift),
  }
}

function escrowArguments(gift: AccountConstructorArguments) {
  return {
    sender: gift.sender,
    gift_token: gift.gift_token,
    gift_amount: uint256.bnToUint256(gift.gift_amount),
    fee_token: gift.fee_token,
    fee_amount: gift.fee_amount,
    gift_pubkey: gift.gift_pubkey,
  }
}

/**
 * The escrow account's address: deployed by the factory (salt 0) with the escrow class and the gift's
 * constructor arguments. @example calculateEscrowAddress(gift) // '0x…'
 */
export function calculateEscrowAddress(gift: Gift): string {
  const address = hash.calculateContractAddressFromHash(
    0,
    gift.escrow_class_hash,
    CallData.compile(escrowArguments(gift)),
    gift.factory,
  )
  return toHex(address)
}

/**
 * A call of an action of the escrow account (`execute_action(selector, calldata)`), as `cancel`.
 *
 * @example
 * executeActionOnAccount('cancel', escrow, CallData.compile([buildGiftCallData(gift)]))
 */
export function executeActionOnAccount(functionName: string, accountAddress: string, args: unknown[]): Call {
  return {
    contractAddress: accountAddress,
    entrypoint: 'execute_action',
    calldata: { selector: hash.getSelectorFromName(functionName), calldata: args } as never,
  }
}

const U128 = 1n << 128n

/**
 * The calls that fund a gift (token approvals, then the factory's `deposit`) and the gift; one token: gift > fee.
 *
 * @example
 * const { calls, gift } = createDeposit(account.address, params)
 * await account.execute(calls)
 */
export function createDeposit(sender: string, params: DepositParams): { calls: Call[]; gift: Gift } {
  const { giftAmount, feeAmount, factoryAddress, feeTokenAddress, giftTokenAddress } = params
  if (feeAmount < 0n || feeAmount >= U128 || giftAmount < 0n || giftAmount + feeAmount >= U128 * U128)
    throw invalid('amount', 'gift amount is a u256 and fee amount a u128')
  const oneToken = toFelt(feeTokenAddress) === toFelt(giftTokenAddress)
  if (oneToken && giftAmount <= feeAmount)
    throw invalid(
      'giftAmount',
      `Amount must be greater than ${units(2n * feeAmount)} for this token when sending as a gift`,
    )
  const approve = (token: string, amount: bigint): Call => ({
    contractAddress: token,
    entrypoint: 'approve',
    calldata: CallData.compile([factoryAddress, uint256.bnToUint256(amount)]),
  })
  const deposit: Call = {
    contractAddress: factoryAddress,
    entrypoint: 'deposit',
    calldata: CallData.compile([
      params.escrowAccountClassHash,
      giftTokenAddress,
      uint256.bnToUint256(giftAmount),
      feeTokenAddress,
      feeAmount,
      params.giftSignerPubKey,
    ]),
  }
  const calls = oneToken
    ? [approve(feeTokenAddress, giftAmount + feeAmount), deposit]
    : [approve(feeTokenAddress, feeAmount), approve(giftTokenAddress, giftAmount), deposit]
  const gift: Gift = {
    factory: factoryAddress,
    escrow_class_hash: params.escrowAccountClassHash,
    sender,
    gift_token: giftTokenAddress,
    gift_amount: giftAmount.toString(),
    fee_token: feeTokenAddress,
    fee_amount: feeAmount.toString(),
    gift_pubkey: params.giftSignerPubKey.toString(),
  }
  return { calls, gift }
}

const invalid = (path: string, message: string) => new ValidationError([{ path: [path], message }])

// An 18-decimal amount as invisible-sdk writes it: no trailing zeros, no point for a whole number.
function units(value: bigint): string {
  const fraction = (value % 10n ** 18n).toString().padStart(18, '0').replace(/0+$/, '')
  return `${value / 10n ** 18n}${fraction ? `.${fraction}` : ''}`
}

/**
 * The escrow account signing with the gift's key at the escrow's address (or `forceEscrowAddress`). It sends V3
 * (fees in STRK), the only transactions Starknet accepts since 0.14; invisible-sdk sent V2 for an ETH fee.
 *
 * @example
 * await getEscrowAccount(provider, gift, giftPrivateKey).execute(call)
 */
export function getEscrowAccount(
  provider: ProviderInterface,
  gift: Gift,
  giftPrivateKey: string,
  forceEscrowAddress?: string,
): Account {
  const address = forceEscrowAddress || calculateEscrowAddress(gift)
  const { channel, responseParser } = provider as unknown as Record<string, unknown>
  // starknet.js 8+ reads the options object; 6 and 7 the positional arguments (and the provider's channel).
  const options = {
    provider,
    channel,
    responseParser,
    address,
    signer: giftPrivateKey,
    transactionVersion: '0x3',
  }
  return new AccountBase(options, address, giftPrivateKey, undefined, '0x3')
}
