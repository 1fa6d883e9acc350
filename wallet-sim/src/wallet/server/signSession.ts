// connectAndSignSession after approval: check the session typed data, run the token approvals (deploying
// the account first), sign with owner + guardian. Failures carry the session-signing result codes.
import type { Call, SessionSignRequest, SessionSignResult, TypedData } from '@webwallet/protocol'
import { toHex } from '@webwallet/protocol/constants'
import { ConnectAndSignSessionError } from '@webwallet/protocol/errors'
import { readApprovalRequests } from '@webwallet/protocol/procedures'
import { RpcError } from '../../chain/errors'
import type { User } from '../../services/login/state'
import { checkSessionTypedData } from '../core'
import { type FeltCall, type Ledger, maxFeeOf } from './ledger'
import type { AccountKeys } from './signer'

const U128 = 2n ** 128n

const sessionError = (message: string, code: string, cause?: unknown) =>
  new ConnectAndSignSessionError(message, code, { cause })

export interface SignSessionDependencies {
  ledger: Ledger
  keys: AccountKeys
  /** The paymaster's gas tokens: the only tokens the session's fee caps may name. */
  feeTokens: readonly string[]
  /** Owner + guardian signature of the typed data's SNIP-12 hash for the account. */
  sign: (typedData: TypedData) => string[]
  toFeltCalls: (calls: readonly Call[]) => FeltCall[]
}

/**
 * The `approve(spender, u256)` calls of the approval requests, read as the consent screen reads them
 * (`readApprovalRequests`); throws ConnectAndSignSessionError GENERIC_ERROR for one that reads two ways.
 */
export function approvalCalls(request: SessionSignRequest) {
  let approvals: ReturnType<typeof readApprovalRequests>
  try {
    approvals = readApprovalRequests(request.approvalRequests)
  } catch (cause) {
    throw sessionError(cause instanceof Error ? cause.message : String(cause), 'GENERIC_ERROR', cause)
  }
  // The dapp's own strings for the token and spender (strict felts, checked above): the answer echoes them.
  return approvals.map(({ amount }, index) => {
    const { tokenAddress, spender } = request.approvalRequests[index] ?? { tokenAddress: '', spender: '' }
    return {
      contractAddress: tokenAddress,
      entrypoint: 'approve',
      calldata: [spender, toHex(amount % U128), toHex(amount / U128)],
    }
  })
}

/**
 * Signs a session for `user`. Throws ConnectAndSignSessionError with NOT_ENOUGH_BALANCE,
 * NOT_ENOUGH_BALANCE_DEPLOYMENT, ACCOUNT_NOT_DEPLOYED or GENERIC_ERROR.
 *
 * @example
 * await signSession(user, request, { ledger, keys, sign, toFeltCalls })
 */
export async function signSession(
  user: User,
  request: SessionSignRequest,
  deps: SignSessionDependencies,
): Promise<SessionSignResult> {
  const { ledger, keys } = deps
  const { address, classHash, constructorCalldata, salt } = user.account
  // The core's session check again (the consent ran it too), and the wallet's chain; GENERIC_ERROR here.
  try {
    checkSessionTypedData(request.sessionTypedData, deps.feeTokens, ledger.chainId)
  } catch (cause) {
    throw sessionError(cause instanceof Error ? cause.message : String(cause), 'GENERIC_ERROR', cause)
  }
  const approvalRequestsCalls = approvalCalls(request)
  for (const [index, approval] of request.approvalRequests.entries()) {
    const [, low = '0x0', high = '0x0'] = approvalRequestsCalls[index]?.calldata ?? []
    if ((await ledger.balanceOf(address, approval.tokenAddress)) < BigInt(low) + (BigInt(high) << 128n)) {
      throw sessionError(
        `Not enough balance to approve ${approval.amount} of ${approval.tokenAddress}`,
        'NOT_ENOUGH_BALANCE',
      )
    }
  }
  let approvalTransactionHash: string | undefined
  if (approvalRequestsCalls.length > 0) {
    await deployForSession(user, ledger, keys)
    try {
      approvalTransactionHash = await ledger.invoke(address, deps.toFeltCalls(approvalRequestsCalls), keys)
    } catch (cause) {
      throw sessionError('The approval transaction was refused', 'GENERIC_ERROR', cause)
    }
    const receipt = await ledger.receipt(approvalTransactionHash)
    if (receipt.status !== 'SUCCEEDED') {
      throw sessionError(`The approval transaction reverted: ${receipt.revertReason ?? ''}`, 'GENERIC_ERROR')
    }
  }
  // The approvals are sent above, so the answer carries their hash and not the calls: `approvalRequestsCalls`
  // is work left to the app (invisible-sdk's demo sends them again), and none is never `[]` (see docs/playwright.md, "How wallet-sim stands in for the Argent services").
  return {
    account: [address],
    chainId: ledger.chainId,
    signature: deps.sign(request.sessionTypedData),
    deploymentPayload: { classHash, constructorCalldata, addressSalt: salt, contractAddress: address },
    ...(approvalTransactionHash === undefined ? {} : { approvalTransactionHash }),
  }
}

async function deployForSession(user: User, ledger: Ledger, keys: AccountKeys): Promise<void> {
  if (await ledger.isDeployed(user.account.address)) return
  const notDeployed = (cause: unknown) => {
    const detail = cause instanceof RpcError ? `: ${cause.message}` : ''
    return sessionError(`The account could not be deployed${detail}`, 'ACCOUNT_NOT_DEPLOYED', cause)
  }
  let tx: Awaited<ReturnType<Ledger['deployTransaction']>>
  try {
    tx = await ledger.deployTransaction(user.account, keys)
  } catch (cause) {
    throw notDeployed(cause)
  }
  if ((await ledger.balanceOf(user.account.address)) < maxFeeOf(tx)) {
    throw sessionError('Not enough STRK to deploy the account', 'NOT_ENOUGH_BALANCE_DEPLOYMENT')
  }
  try {
    await ledger.submit(tx)
  } catch (cause) {
    throw notDeployed(cause)
  }
}
