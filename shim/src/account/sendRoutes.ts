// A session account's routes (in the SDK's first-use chunk, with ./onSend.ts): the deployment, the choice of
// the self-paid invoke or the paymaster with its retry, and the reads before an outside execution. The
// account keeps its state (`known.deployed`) and hands it here.
import {
  GaslessRetryFailedError,
  InvalidOptionsError,
  NoDeployerError,
  ServiceUnreachableError,
  TransactionOutcomeUnknownError,
} from '@webwallet/protocol/errors'
import { selectorFromName } from '@webwallet/protocol/session'
import type { EstimateFeeResponseOverhead } from 'starknet'
import type { Paymaster } from '../paymaster/client'
import { executeCalldata } from './calls'
import type { AccountContext, CompiledCall } from './context'
import { deployAccount, deployedWith, deployedWithNonce } from './deploy'
import type { ReadDetails } from './details'
import type { ReadExecuteOptions, SessionAccountOptions } from './executeOptions'
import { maxCost, resourceBoundsFromEstimate } from './fees'
import { executeGasless } from './gasless'
import { estimateSession, invokeWithSession } from './invoke'
import { shouldRetryGasless } from './outOfGas'
import { probeOutsideExecution } from './probe'
import type { RpcCall } from './rpc'

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
    const { transaction_hash } = await executeGasless(ctx, paymaster, [], { deploy: true })
    known.deployed = true
    return { transactionHash: transaction_hash, contractAddress: ctx.address }
  }
  if (!deployer) throw new NoDeployerError()
  const result = await deployAccount(ctx, deployer)
  known.deployed = true
  return result
}

/**
 * Runs compiled calls on their route: deployed first when needed (deployer, else the paymaster with the
 * deployment data), through the paymaster when asked, sponsored or a P-256 key, else self-paid with the
 * paymaster as the retry (GASLESS_RETRY_FAILED carries both errors).
 *
 * @example
 * return runRoute(ctx, compiled, details, this.options, this.known)
 */
export async function runRoute(
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
  const gasless = (through: Paymaster, deploy: boolean) =>
    executeGasless(ctx, through, compiled, {
      deploy,
      gasTokenAddress: details.gasTokenAddress ?? options.gasTokenAddress,
    })
  const { nonce } = details
  if (!known.deployed) {
    if (options.deployer) await deployWith(ctx, options, known)
    else if (paymaster) return gasless(paymaster, true)
    else await deployWith(ctx, options, known)
  }
  if (paymaster && (details.gasless || paymaster.sponsored || outsideOnly)) return gasless(paymaster, false)
  try {
    return await invokeWithSession(ctx, compiled, { ...details, nonce })
  } catch (error) {
    if (!paymaster || !shouldRetryGasless(error)) throw error
    try {
      return await gasless(paymaster, false)
    } catch (retryError) {
      // Outcome unknown, or a service the retry could not reach: that is the error (its cause intact).
      if (
        retryError instanceof TransactionOutcomeUnknownError ||
        retryError instanceof ServiceUnreachableError
      )
        throw retryError
      throw new GaslessRetryFailedError(error, retryError)
    }
  }
}

/**
 * Before an outside execution is signed: the deployed state (cached once true) and, for a deployed account,
 * the probe of `nonce`; `clock` rides in the first batch sent. Round trips as without it: one for a
 * known-deployed or an undeployed account, two the first time a deployed one is seen. Answers the block read.
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
 * The fee of the self-paid invoke as the session sends it (see SessionAccount.estimateInvokeFee): undeployed,
 * the deployment and the invoke (nonce 1) together; the nonce read with the deployed state, else `getNonce`.
 *
 * @example
 * return estimateRoute(ctx, compiled, readInvokeDetails(options), known, () => account.getNonce())
 */
export async function estimateRoute(
  ctx: AccountContext,
  compiled: CompiledCall[],
  details: ReadDetails,
  known: Known,
  getNonce: () => Promise<string>,
): Promise<EstimateFeeResponseOverhead> {
  const state = await deployedWithNonce(ctx)
  known.deployed ||= state.deployed
  const deploy = state.deployed ? undefined : ctx.session.stored.deploymentPayload
  const nonce = BigInt(details.nonce ?? (deploy ? 1n : (state.nonce ?? (await getNonce()))))
  const calldata = executeCalldata(compiled, selectorFromName)
  const estimate = await estimateSession(ctx, compiled, calldata, nonce, BigInt(details.tip ?? 0n), deploy)
  const resourceBounds = resourceBoundsFromEstimate(estimate)
  return { resourceBounds, overall_fee: maxCost(resourceBounds), unit: 'FRI' }
}
