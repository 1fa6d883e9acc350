// invisible-sdk's deployAndExecuteWithPaymaster: the account's deployment and the calls in one sponsored
// outside execution, the account's session signing it.
import { DeployedAddressMismatchError } from '@webwallet/protocol/errors'
import { toFelt } from '@webwallet/protocol/session'
import type { Call } from '../account/context'
import type { PaymasterParameters } from './ArgentWebWallet'
import type { AccountDeploymentPayload, SessionAccountInterface } from './account'

/**
 * Deploys the session's account and runs `calls` in one sponsored transaction, as invisible-sdk 1.0.0's: only
 * with `paymasterParams.apiKey` (else undefined, nothing sent); no calls deploy alone. A `deploymentPayload` of
 * another address is DEPLOYED_ADDRESS_MISMATCH before anything is sent.
 *
 * @example
 * if (response.deploymentPayload && !(await response.account.isDeployed()))
 *   await deployAndExecuteWithPaymaster(response.account, paymasterParams, response.deploymentPayload, [])
 */
export async function deployAndExecuteWithPaymaster(
  account: SessionAccountInterface,
  paymasterParams: PaymasterParameters,
  deploymentPayload: AccountDeploymentPayload,
  calls: Call[],
): Promise<{ transaction_hash: string } | undefined> {
  if (!paymasterParams.apiKey) return undefined
  if (toFelt(deploymentPayload.contractAddress) !== toFelt(account.address)) {
    throw new DeployedAddressMismatchError()
  }
  if (calls.length > 0) return account.execute(calls, { gasless: true })
  if (await account.isDeployed()) return undefined
  return { transaction_hash: (await account.deploy()).transactionHash }
}
