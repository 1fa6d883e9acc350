import type { DeploymentPayload } from '@webwallet/protocol'
import { DEPLOYMENT_POLL_INTERVAL_MS } from '@webwallet/protocol/constants'
import {
  AccountAlreadyDeployedError,
  DeployedAddressMismatchError,
  NoAccountContractError,
} from '@webwallet/protocol/errors'
import { toFelt } from '@webwallet/protocol/session'
import { hash } from 'starknet'
import type { AccountContext } from './context'
import { PENDING_TAG } from './invoke'
import type { RpcCall } from './rpc'
import { isContractNotFound, waitForTransaction } from './waitForTransaction'

/**
 * Sends the deployment of a counterfactual account and answers its transaction hash and address. The
 * Argent account validates a deployment with the owner's signature, which only the wallet holds, so the
 * app supplies this (e.g. its relayer, or the wallet through the connector).
 */
export type Deployer = (
  payload: DeploymentPayload,
) => Promise<{ transactionHash: string; contractAddress: string }>

/**
 * Whether the account has a class on chain (one round trip; callers cache a `true`).
 *
 * @example
 * if (!(await isDeployed(ctx))) await deployAccount(ctx, deployer)
 */
export async function isDeployed(ctx: AccountContext): Promise<boolean> {
  return (await deployedWith(ctx)).deployed
}

/**
 * Whether the account has a class on chain, with `also` in the same batch (one round trip; their answers
 * come back settled).
 *
 * @example
 * const { deployed, also: [block] } = await deployedWith(ctx, CLOCK_CALL)
 */
export async function deployedWith(
  ctx: AccountContext,
  ...also: RpcCall[]
): Promise<{ deployed: boolean; also: PromiseSettledResult<unknown>[] }> {
  const [classHash, ...answers] = await ctx.rpc.settle([
    { method: 'starknet_getClassHashAt', params: { block_id: PENDING_TAG, contract_address: ctx.address } },
    ...also,
  ])
  if (classHash?.status !== 'rejected') return { deployed: true, also: answers }
  if (isContractNotFound(classHash.reason)) return { deployed: false, also: answers }
  throw classHash.reason
}

/**
 * Whether the account is deployed, and its nonce when it is, in one batched round trip (the first execute
 * needs both); `also` rides in the same batch (execute's read of the chain's clock).
 *
 * @example
 * const { deployed, nonce } = await deployedWithNonce(ctx)
 */
export async function deployedWithNonce(
  ctx: AccountContext,
  ...also: RpcCall[]
): Promise<{ deployed: boolean; nonce?: bigint; also: PromiseSettledResult<unknown>[] }> {
  const params = { block_id: PENDING_TAG, contract_address: ctx.address }
  const {
    deployed,
    also: [nonce, ...answers],
  } = await deployedWith(ctx, { method: 'starknet_getNonce', params }, ...also)
  return deployed && nonce?.status === 'fulfilled'
    ? { deployed, nonce: BigInt(nonce.value as string), also: answers }
    : { deployed, also: answers }
}

/**
 * Deploys the session's account with `deployer` and waits for it (polling every 2000 ms); refuses an account
 * already deployed, or an address other than the session's, before and after sending.
 *
 * @example
 * const { transactionHash } = await deployAccount(ctx, deployer)
 */
export async function deployAccount(ctx: AccountContext, deployer: Deployer) {
  if (await isDeployed(ctx)) throw new AccountAlreadyDeployedError()
  const payload = ctx.session.stored.deploymentPayload
  if (!payload) throw new NoAccountContractError('Argent')
  const expected = hash.calculateContractAddressFromHash(
    payload.addressSalt,
    payload.classHash,
    payload.constructorCalldata,
    0,
  )
  const address = toFelt(ctx.address)
  if (toFelt(expected) !== address || toFelt(payload.contractAddress) !== address) {
    throw new DeployedAddressMismatchError()
  }
  const { transactionHash, contractAddress } = await deployer(payload)
  if (toFelt(contractAddress) !== address) throw new DeployedAddressMismatchError()
  await waitForTransaction(ctx.rpc, transactionHash, { retryInterval: DEPLOYMENT_POLL_INTERVAL_MS })
  return { transactionHash, contractAddress }
}
