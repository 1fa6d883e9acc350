import { CHAIN_IDS, type GasTokenPrice, type PaymasterCompatibility } from '@webwallet/protocol'
import {
  GasFeeError,
  GaslessUnsupportedChainError,
  MismatchedContractAddressError,
  MismatchedSelectorError,
  NoAccountContractError,
  NotEnoughGasTokenError,
  PaymasterIncompatibleError,
} from '@webwallet/protocol/errors'
import { allowedMethodsTree, chainIdFelt, selectorFromName, toFelt, toHex } from '@webwallet/protocol/session'
import type { Paymaster } from '../paymaster/client'
import { feeInGasToken } from '../paymaster/fee'
import { FEE_TOKENS } from '../session/request'
import { sessionSignature } from '../session/signature'
import { toProtocolSession } from '../session/status'
import { executeCalldata } from './calls'
import type { AccountContext, CompiledCall } from './context'
import type { FeeEstimate } from './fees'
import { estimateInvoke, PENDING_TAG } from './invoke'
import { namedCalls, type OutsideTypedData, signOutsideExecution } from './outside'

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
  // A call the session does not allow is refused here, before the paymaster or the cosigner is asked,
  // with the error the self-paid route gives ('Call not allowed by the session: <entrypoint>').
  const tree = allowedMethodsTree(toProtocolSession(ctx.session.stored).allowedMethods)
  for (const call of calls) tree.proofFor(call)
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
  const signature = await signOutsideExecution(ctx, typedData, expected)
  const { transactionHash } = await paymaster.execute({
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
  // The account's check of a key such as P-256 runs in the outside execution and is paid for there.
  const overhead = {
    ...compatibility,
    gasConsumedOverhead: `${BigInt(compatibility.gasConsumedOverhead) + (ctx.session.kind?.verifyGas ?? 0n)}`,
  }
  const strk = prices.find((p) => toFelt(p.tokenAddress) === toFelt(FEE_TOKENS[0]))
  const strkPriceInEth = strk === undefined ? undefined : BigInt(strk.priceInETH)
  for (const [index, price] of candidates.entries()) {
    const amount = feeInGasToken(estimate, price, overhead, strkPriceInEth)
    if ((balances[index] ?? 0n) >= amount) return { tokenAddress: price.tokenAddress, amount }
  }
  throw new NotEnoughGasTokenError()
}

// Undeployed: one bulk estimate of DEPLOY_ACCOUNT (nonce 0) then the invoke, validation skipped, summed.
async function estimateForGasless(
  ctx: AccountContext,
  calls: readonly CompiledCall[],
  deploy: boolean,
): Promise<FeeEstimate> {
  const calldata = executeCalldata(calls, selectorFromName)
  const payload = ctx.session.stored.deploymentPayload
  if (!deploy || !payload) {
    const nonce = BigInt(
      await ctx.rpc.request<string>('starknet_getNonce', {
        block_id: PENDING_TAG,
        contract_address: ctx.address,
      }),
    )
    return estimateInvoke(ctx, calls, calldata, nonce, 0n)
  }
  const zero = { max_amount: '0x0', max_price_per_unit: '0x0' }
  const common = {
    version: '0x3',
    resource_bounds: { l1_gas: zero, l1_data_gas: zero, l2_gas: zero },
    tip: '0x0',
    paymaster_data: [],
    nonce_data_availability_mode: 'L1',
    fee_data_availability_mode: 'L1',
  }
  const signature = await sessionSignature(ctx.session, '0x0', calls, async () => ({
    signer: 1n,
    r: 1n,
    s: 1n,
  }))
  const estimates = await ctx.rpc.request<FeeEstimate[]>('starknet_estimateFee', {
    request: [
      {
        ...common,
        type: 'DEPLOY_ACCOUNT',
        nonce: '0x0',
        signature: [],
        class_hash: payload.classHash,
        contract_address_salt: payload.addressSalt,
        constructor_calldata: payload.constructorCalldata,
      },
      {
        ...common,
        type: 'INVOKE',
        sender_address: ctx.address,
        calldata,
        nonce: '0x1',
        signature,
        account_deployment_data: [],
      },
    ],
    simulation_flags: ['SKIP_VALIDATE'],
    block_id: PENDING_TAG,
  })
  return sumEstimates(estimates)
}

/**
 * Adds estimates: amounts and fees add up, each price is the highest seen.
 *
 * @example
 * sumEstimates([deployEstimate, invokeEstimate]).overall_fee
 */
export function sumEstimates(estimates: readonly FeeEstimate[]): FeeEstimate {
  const sum = (key: keyof FeeEstimate) =>
    toHex(estimates.reduce((total, e) => total + BigInt(e[key] ?? 0), 0n))
  const max = (key: keyof FeeEstimate) =>
    toHex(estimates.reduce((high, e) => (BigInt(e[key] ?? 0) > high ? BigInt(e[key] ?? 0) : high), 0n))
  return {
    l1_gas_consumed: sum('l1_gas_consumed'),
    l1_gas_price: max('l1_gas_price'),
    l2_gas_consumed: sum('l2_gas_consumed'),
    l2_gas_price: max('l2_gas_price'),
    l1_data_gas_consumed: sum('l1_data_gas_consumed'),
    l1_data_gas_price: max('l1_data_gas_price'),
    overall_fee: sum('overall_fee'),
    ...(estimates[0]?.unit === undefined ? {} : { unit: estimates[0].unit }),
  }
}

// One batched round trip for every candidate's balance.
async function balancesOf(ctx: AccountContext, prices: readonly GasTokenPrice[]): Promise<bigint[]> {
  if (prices.length === 0) return []
  const results = await ctx.rpc.settle(
    prices.map((price) => ({
      method: 'starknet_call',
      params: {
        request: {
          contract_address: price.tokenAddress,
          entry_point_selector: toHex(selectorFromName('balanceOf')),
          calldata: [ctx.address],
        },
        // Funds may still be in the pre-confirmed block.
        block_id: PENDING_TAG,
      },
    })),
  )
  return results.map((result) => {
    if (result.status !== 'fulfilled' || !Array.isArray(result.value)) return 0n
    const [low = '0x0', high = '0x0'] = result.value as string[]
    return BigInt(low) + (BigInt(high) << 128n)
  })
}
