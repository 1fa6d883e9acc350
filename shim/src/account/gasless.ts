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
import { chainIdFelt, selectorFromName, toFelt, toHex } from '@webwallet/protocol/session'
import type { Paymaster } from '../paymaster/client'
import { feeInGasToken } from '../paymaster/fee'
import { FEE_TOKENS } from '../session/request'
import { executeCalldata } from './calls'
import type { AccountContext, CompiledCall } from './context'
import type { FeeEstimate } from './fees'
import { estimateInvoke, PENDING_TAG } from './invoke'
import { sendOutsideExecution } from './lostAnswer'
import { namedCalls, type OutsideTypedData, signOutsideExecution } from './outside'
import { probeOutsideExecution, viewCall } from './probe'

/** Options of {@link executeGasless}. */
export interface GaslessOptions {
  /** The account is not deployed yet: deployment data goes with the request, nonce 0 for the estimate. */
  readonly deploy: boolean
  /** Pay in this token instead of choosing one the account holds. */
  readonly gasTokenAddress?: string | undefined
}

/**
 * Runs the calls through the paymaster: sponsored when the app gave an api key, otherwise paid in the first
 * gas token the account holds enough of ('Not enough balance in any gas token - please fund your wallet
 * with a valid gas token'). The session signs the paymaster's outside-execution typed data.
 *
 * @example
 * const { transaction_hash } = await executeGasless(ctx, paymaster, calls, { deploy: false })
 */
export async function executeGasless(
  ctx: AccountContext,
  paymaster: Paymaster,
  calls: readonly CompiledCall[],
  options: GaslessOptions,
): Promise<{ transaction_hash: string }> {
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
    paymaster.sponsored ? undefined : chooseGasToken(ctx, paymaster, calls, options, compatibility),
  ])
  if (!compatible.isCompatible) throw new PaymasterIncompatibleError()
  const typedData = (await paymaster.buildTypedData({
    userAddress: ctx.address,
    calls: calls.map((c) => ({ ...c })),
    ...(gas ? { gasTokenAddress: gas.tokenAddress, maxGasTokenAmount: toHex(gas.amount) } : {}),
    ...(options.deploy && payload ? { accountClassHash: payload.classHash } : {}),
  })) as OutsideTypedData
  const names = [...ctx.session.stored.allowedMethods.map((m) => m.selector), 'transfer']
  const signedCalls = namedCalls(typedData, names)
  // The paymaster may append the gas-token transfer after the app's calls; nothing else may differ.
  const fee = gas && signedCalls.length === calls.length + 1 ? signedCalls.at(-1) : undefined
  if (gas && fee) assertFeeTransfer(fee, gas)
  const expected = fee ? [...calls, fee] : calls
  // A deployed account must take this outside execution (SNIP-9 v2) and its nonce; a new one is the payload's.
  if (!options.deploy) await probeOutsideExecution(ctx, typedData.message.Nonce)
  const signature = await signOutsideExecution(ctx, typedData, expected)
  const url = `${paymaster.baseUrl}/paymaster/v1/execute`
  const execute = () =>
    paymaster.execute({
      userAddress: ctx.address,
      typedData: JSON.stringify(typedData),
      signature,
      ...(options.deploy && payload
        ? {
            deploymentData: {
              class_hash: payload.classHash,
              salt: payload.addressSalt,
              unique: '0x0',
              calldata: payload.constructorCalldata.map((v) => toHex(v)),
            },
          }
        : {}),
    })
  const { transactionHash } = await sendOutsideExecution(url, typedData.message, execute, ctx.sendLog)
  return { transaction_hash: transactionHash }
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
  calls: readonly CompiledCall[],
  options: GaslessOptions,
  compatibilityAnswer: Promise<PaymasterCompatibility>,
): Promise<{ tokenAddress: string; amount: bigint }> {
  const [prices, compatibility, estimate] = await Promise.all([
    paymaster.gasTokenPrices(),
    compatibilityAnswer,
    estimateForGasless(ctx, calls, options.deploy),
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

// Undeployed: the DEPLOY_ACCOUNT (nonce 0) and the invoke (nonce 1) in one estimate.
async function estimateForGasless(
  ctx: AccountContext,
  calls: readonly CompiledCall[],
  deploy: boolean,
): Promise<FeeEstimate> {
  const payload = deploy ? ctx.session.stored.deploymentPayload : undefined
  const nonce = payload
    ? 1n
    : BigInt(
        await ctx.rpc.request<string>('starknet_getNonce', {
          block_id: PENDING_TAG,
          contract_address: ctx.address,
        }),
      )
  return estimateInvoke(ctx, calls, executeCalldata(calls, selectorFromName), nonce, 0n, payload)
}

// One batched round trip for every candidate's balance.
async function balancesOf(ctx: AccountContext, prices: readonly GasTokenPrice[]): Promise<bigint[]> {
  if (prices.length === 0) return []
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
