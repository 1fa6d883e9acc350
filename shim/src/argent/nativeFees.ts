// invisible-sdk 1.0.0's `getNativeFees`: what the calls cost in the fee token, the account's deployment
// included while it is not deployed.
import type { EstimateFeeResponseOverhead, UniversalDetails } from 'starknet'
import { TransactionType } from 'starknet'
import type { Call } from '../account/context'
import { SessionAccount } from '../account/SessionAccount'
import type { AccountDeploymentPayload } from './account'
import type { StrongAccountInterface } from './types'

/** What {@link getNativeFees} takes: invisible-sdk's argument object. */
export interface NativeFeesArguments {
  account: StrongAccountInterface
  universalDetails?: UniversalDetails
  calls: Call[]
  isDeployed?: boolean
  deploymentPayload?: AccountDeploymentPayload
}

/**
 * The invoke's fee: this entry's session account estimates itself; another account estimates the DEPLOY_ACCOUNT
 * (undeployed, with a payload) and the invoke in one bulk request, as invisible-sdk did, and answers the invoke's.
 *
 * @example
 * const { overall_fee } = await getNativeFees({ account, calls, isDeployed: await account.isDeployed() })
 */
export async function getNativeFees(args: NativeFeesArguments): Promise<EstimateFeeResponseOverhead> {
  const { account, calls, universalDetails } = args
  if (account instanceof SessionAccount) return account.estimateInvokeFee(calls, universalDetails)
  const deploy =
    !args.isDeployed && args.deploymentPayload
      ? [{ type: TransactionType.DEPLOY_ACCOUNT, payload: args.deploymentPayload }]
      : []
  const fees = await account.estimateFeeBulk(
    [...deploy, { type: TransactionType.INVOKE, payload: calls }] as never,
    universalDetails,
  )
  return fees[fees.length - 1] as EstimateFeeResponseOverhead
}
