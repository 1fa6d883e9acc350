// A session account's execute as one pipeline: deploy if needed, then ./strategy.ts's steps on the self-paid
// or the paymaster strategy. The account keeps its state (`known.deployed`) and hands it here.
import {
  GaslessRetryFailedError,
  InvalidOptionsError,
  NoDeployerError,
  ServiceUnreachableError,
  TransactionOutcomeUnknownError,
} from '@webwallet/protocol/errors'
import type { EstimateFeeResponseOverhead } from 'starknet'
import type { Paymaster } from '../paymaster/client'
import type { AccountContext, CompiledCall } from './context'
import { deployAccount, deployedWith, deployedWithNonce } from './deploy'
import type { ReadDetails } from './details'
import type { ReadExecuteOptions, SessionAccountOptions } from './executeOptions'
import { maxCost, resourceBoundsFromEstimate } from './fees'
import { estimateInvoke, SESSION_VALIDATION_L2_GAS } from './invoke'
import { shouldRetryGasless } from './outOfGas'
import { probeOutsideExecution } from './probe'
import type { RpcCall } from './rpc'
import { readNonce, runStrategy, signer } from './strategy'

/** What a session account knows of its contract: deployed (cached once true). */
export interface Known {
  deployed: boolean
}

/**
 * Deploys the account with the configured deployer and waits; without one, through the paymaster alone
 * (no calls), as deployAndExecuteWithPaymaster(..., []). No deployer and no paymaster: NO_DEPLOYER.
 *
 * @example
 * const { transactionHash } = await deployWith(ctx, options, known)
 */
export async function deployWith(ctx: AccountContext, options: SessionAccountOptions, known: Known) {
  const { deployer, paymaster } = options
  if (!deployer && paymaster && !known.deployed) {
    const { transaction_hash } = await runPipeline(ctx, [], { gasless: true }, options, known)
    known.deployed = true
    return { transactionHash: transaction_hash, contractAddress: ctx.address }
  }
  if (!deployer) throw new NoDeployerError()
  const result = await deployAccount(ctx, deployer)
  known.deployed = true
  return result
}

/**
 * Runs compiled calls: deploys first when needed, then pays itself or, when asked, undeployed or with a P-256
 * key, goes through the paymaster; a {@link shouldRetryGasless} failure retries there (GASLESS_RETRY_FAILED: both).
 *
 * @example
 * return runPipeline(ctx, compiled, details, this.options, this.known)
 */
export async function runPipeline(
  ctx: AccountContext,
  compiled: CompiledCall[],
  details: ReadExecuteOptions,
  options: SessionAccountOptions,
  known: Known,
): Promise<{ transaction_hash: string }> {
  const { paymaster } = options
  // A key the account cannot check within validation's step limit (P-256) goes only through the paymaster.
  const outsideOnly = ctx.session.kind?.verifyGas
  if (outsideOnly && !paymaster) throw new InvalidOptionsError('paymaster', 'needed by a P-256 key')
  // Without a deployer and a paymaster: NO_DEPLOYER.
  if (!known.deployed && (options.deployer || !paymaster)) await deployWith(ctx, options, known)
  const deploy = !known.deployed
  const first =
    paymaster && (deploy || details.gasless || paymaster.sponsored || outsideOnly) ? paymaster : undefined
  const strategy = { deploy, gasTokenAddress: details.gasTokenAddress ?? options.gasTokenAddress }
  const attempt = (through: Paymaster | undefined) => runStrategy(ctx, compiled, details, through, strategy)
  try {
    return await attempt(first)
  } catch (error) {
    if (first || !paymaster || !shouldRetryGasless(error)) throw error
    return attempt(paymaster).catch((retryError: unknown) => {
      // Outcome unknown, or a service the retry could not reach: that is the error (its cause intact).
      if (
        retryError instanceof TransactionOutcomeUnknownError ||
        retryError instanceof ServiceUnreachableError
      )
        throw retryError
      throw new GaslessRetryFailedError(error, retryError)
    })
  }
}

/**
 * Reads before an outside execution is signed: the deployed state (cached once true), the probe of `nonce` when
 * deployed, `clock` in the first batch (no extra round trip). Answers the block read.
 *
 * @example
 * const block = await outsideReads(ctx, known, nonce, windowReads(options))
 */
export async function outsideReads(ctx: AccountContext, known: Known, nonce: string, clock: RpcCall[]) {
  let block: PromiseSettledResult<unknown> | undefined
  let reads = clock
  if (!known.deployed) {
    const state = await deployedWith(ctx, ...reads)
    known.deployed = state.deployed
    ;[block] = state.also
    reads = []
  }
  // Not deployed yet: nothing to probe (its class is the deployment payload's; a relayer deploys it first).
  if (known.deployed) {
    const [probed] = await probeOutsideExecution(ctx, nonce, ...reads)
    block ??= probed
  }
  return block
}

/**
 * The self-paid invoke's fee as the session sends it (the estimate step alone); undeployed, the deployment and
 * the invoke (nonce 1) together.
 *
 * @example
 * return estimateRoute(ctx, compiled, readInvokeDetails(options), known)
 */
export async function estimateRoute(
  ctx: AccountContext,
  compiled: CompiledCall[],
  details: ReadDetails,
  known: Known,
): Promise<EstimateFeeResponseOverhead> {
  const state = await deployedWithNonce(ctx)
  known.deployed ||= state.deployed
  const deploy = state.deployed ? undefined : ctx.session.stored.deploymentPayload
  const nonce = BigInt(details.nonce ?? (deploy ? 1n : (state.nonce ?? (await readNonce(ctx)))))
  const tip = details.tip ?? 0n
  const estimate = await estimateInvoke(
    ctx,
    compiled,
    nonce,
    tip,
    deploy,
    signer(ctx),
    SESSION_VALIDATION_L2_GAS,
  )
  const resourceBounds = resourceBoundsFromEstimate(estimate)
  return { resourceBounds, overall_fee: maxCost(resourceBounds), unit: 'FRI' }
}
