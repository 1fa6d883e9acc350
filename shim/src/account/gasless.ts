import type { GasTokenPrice, PaymasterCompatibility } from '@webwallet/protocol'
import { CHAIN_IDS } from '@webwallet/protocol/constants'
import {
  GasFeeError,
  GaslessUnsupportedChainError,
  MismatchedContractAddressError,
  MismatchedSelectorError,
  NoAccountContractError,
  NotEnoughGasTokenError,
  PaymasterIncompatibleError,
} from '@webwallet/protocol/errors'
import { chainIdFelt, toFelt, toHex } from '@webwallet/protocol/session'
import type { Paymaster } from '../paymaster/client'
import { feeInGasToken } from '../paymaster/fee'
import { FEE_TOKENS } from '../session/request'
import type { AccountContext, CompiledCall } from './context'
import type { FeeEstimate } from './fees'
import { namedCalls, type OutsideTypedData, outsideHash } from './outside'
import { probeOutsideExecution, viewCall } from './probe'

/** Options of {@link gaslessDraft}. */
export interface GaslessOptions {
  /** The account is not deployed yet: deployment data goes with the request. */
  readonly deploy: boolean
  /** Pay in this token instead of choosing one the account holds. */
  readonly gasTokenAddress?: string | undefined
}

/**
 * The paymaster strategy's transaction: sponsored with an api key, else paid in the first gas token the account
 * holds enough of. Answers the checked outside-execution typed data's hash (what the session signs) and sender.
 *
 * @example
 * const { hash, cosigner, send } = await gaslessDraft(ctx, paymaster, calls, { deploy: false }, estimate)
 */
export async function gaslessDraft(
  ctx: AccountContext,
  paymaster: Paymaster,
  calls: readonly CompiledCall[],
  options: GaslessOptions,
  estimate: (() => Promise<FeeEstimate>) | undefined,
) {
  const chain = chainIdFelt(ctx.chainId)
  if (chain !== BigInt(CHAIN_IDS.SN_MAIN) && chain !== BigInt(CHAIN_IDS.SN_SEPOLIA)) {
    throw new GaslessUnsupportedChainError()
  }
  // A call the session does not allow was refused by SessionAccount.execute before anything was asked.
  const payload = ctx.session.stored.deploymentPayload
  if (options.deploy && !payload) throw new NoAccountContractError('Argent')
  // The paymaster must take this account (its class) before anything is built or signed for it.
  const compatibility = paymaster.compatibility(ctx.address)
  compatibility.catch(() => {}) // awaited below; a failure elsewhere first must not leave it unhandled
  const [compatible, gas] = await Promise.all([
    compatibility,
    estimate && chooseGasToken(ctx, paymaster, options, compatibility, estimate),
  ])
  if (!compatible.isCompatible) throw new PaymasterIncompatibleError()
  const deploy = options.deploy && payload
  const typedData = (await paymaster.buildTypedData({
    userAddress: ctx.address,
    calls: calls as CompiledCall[],
    ...(gas ? { gasTokenAddress: gas.tokenAddress, maxGasTokenAmount: toHex(gas.amount) } : {}),
    ...(deploy ? { accountClassHash: deploy.classHash } : {}),
  })) as OutsideTypedData
  const names = [...ctx.session.stored.allowedMethods.map((m) => m.selector), 'transfer']
  const signedCalls = namedCalls(typedData, names)
  // The paymaster may append the gas-token transfer after the app's calls; nothing else may differ.
  const fee = gas && signedCalls.length === calls.length + 1 ? signedCalls.at(-1) : undefined
  if (gas && fee) assertFeeTransfer(fee, gas)
  const expected = fee ? [...calls, fee] : calls
  // A deployed account must take this outside execution (SNIP-9 v2) and its nonce; a new one is the payload's.
  if (!deploy) await probeOutsideExecution(ctx, typedData.message.Nonce)
  const request = {
    userAddress: ctx.address,
    typedData: JSON.stringify(typedData),
    ...(deploy
      ? {
          deploymentData: {
            class_hash: deploy.classHash,
            salt: deploy.addressSalt,
            unique: '0x0',
            calldata: deploy.constructorCalldata.map((v) => toHex(v)),
          },
        }
      : {}),
  }
  const cosigner = { message: { accountAddress: ctx.address, message: typedData, network: ctx.network } }
  // The relayer's hash is not known before the answer; the signed execution is valid until Execute Before.
  const before = Number(typedData.message['Execute Before'])
  const sent = {
    service: 'paymaster',
    url: `${paymaster.baseUrl}/paymaster/v1/execute`,
    outsideExecutionNonce: String(typedData.message.Nonce),
    ...(Number.isSafeInteger(before) ? { executeBefore: before } : {}),
  }
  const send = async (signature: string[]) => ({
    transaction_hash: (await paymaster.execute({ ...request, signature })).transactionHash,
  })
  return { hash: outsideHash(ctx, typedData, expected), calls: expected, cosigner, sent, send }
}

// The appended call must be a transfer of the agreed gas token, of at most the agreed amount.
function assertFeeTransfer(call: CompiledCall, gas: { tokenAddress: string; amount: bigint }): void {
  if (toFelt(call.contractAddress) !== toFelt(gas.tokenAddress)) throw new MismatchedContractAddressError()
  if (call.entrypoint !== 'transfer') throw new MismatchedSelectorError()
  const [, low = '0x0', high = '0x0'] = call.calldata
  const amount = BigInt(low) + (BigInt(high) << 128n)
  if (amount > gas.amount) {
    throw new GasFeeError(`The paymaster asks ${amount} of the gas token, above the agreed ${gas.amount}`)
  }
}

async function chooseGasToken(
  ctx: AccountContext,
  paymaster: Paymaster,
  options: GaslessOptions,
  compatibilityAnswer: Promise<PaymasterCompatibility>,
  estimated: () => Promise<FeeEstimate>,
): Promise<{ tokenAddress: string; amount: bigint }> {
  const [prices, compatibility, estimate] = await Promise.all([
    paymaster.gasTokenPrices(),
    compatibilityAnswer,
    estimated(),
  ])
  const candidates = prices.filter(
    (p) =>
      options.gasTokenAddress === undefined || toFelt(p.tokenAddress) === toFelt(options.gasTokenAddress),
  )
  const balances = await balancesOf(ctx, candidates)
  const strk = prices.find((p) => toFelt(p.tokenAddress) === toFelt(FEE_TOKENS[0]))
  const strkPriceInEth = strk === undefined ? undefined : BigInt(strk.priceInETH)
  for (const [index, price] of candidates.entries()) {
    // The account's check of a key such as P-256 runs in the outside execution: the fee covers it too.
    const amount = feeInGasToken(estimate, price, compatibility, strkPriceInEth, ctx.session.kind?.verifyGas)
    if ((balances[index] ?? 0n) >= amount) return { tokenAddress: price.tokenAddress, amount }
  }
  throw new NotEnoughGasTokenError()
}

// One batched round trip for every candidate's balance.
async function balancesOf(ctx: AccountContext, prices: readonly GasTokenPrice[]): Promise<readonly bigint[]> {
  if (prices.length === 0) return []
  // Read elsewhere when the account was given a source (the Argent entry's token service).
  if (ctx.gasTokenBalances) return ctx.gasTokenBalances(prices.map((price) => price.tokenAddress))
  // Funds may still be in the pre-confirmed block.
  const results = await ctx.rpc.settle(
    prices.map((price) => viewCall(price.tokenAddress, 'balanceOf', [ctx.address])),
  )
  return results.map((result) => {
    if (result.status !== 'fulfilled' || !Array.isArray(result.value)) return 0n
    const [low = '0x0', high = '0x0'] = result.value as string[]
    return BigInt(low) + (BigInt(high) << 128n)
  })
}
