// The four SNIP-29 methods over the paymaster core: the same relayer, typed data, fee transfer and fee
// recipient as the AVNU v1 API, with SNIP-29's fee estimate and error codes.

import { sameAddress } from '@webwallet/protocol/constants'
import {
  type OutsideCall,
  type OutsideExecution,
  outsideExecutionTypedData,
  toHex,
} from '@webwallet/protocol/session'
import { HttpError } from '../../../infra/http/HttpError'
import { STRK_ADDRESS } from '../../backend/tokens'
import type { GasToken, PaymasterCore, PaymasterDependencies } from '../core'
import { PaymasterRefusal } from '../core'
import { executionError, Snip29Code, Snip29Error } from './errors'
import {
  authorise,
  checkAccount,
  deploymentJson,
  deploymentOf,
  echo,
  feeEstimate,
  gasTokenOf,
  measure,
  timeWindow,
} from './parameters'
import type { ExecutableTransaction, ExecutionParameters, UserTransaction } from './schemas'

type Parameters = ExecutionParameters

/**
 * The SNIP-29 methods (`paymaster_*`) of one paymaster; `apiKey` is the request's `x-paymaster-api-key`.
 *
 * @example
 * const methods = snip29Methods(deps, createPaymasterCore(deps))
 * methods.buildTransaction(params, req.get('x-paymaster-api-key'))
 */
export function snip29Methods(deps: PaymasterDependencies, core: PaymasterCore) {
  return {
    isAvailable: async () => (await deps.chain.balanceOf(BigInt(STRK_ADDRESS), core.relayerFelt)) > 0n,

    getSupportedTokens: () =>
      core.gasTokens.map((token) => ({
        token_address: toHex(token.tokenAddress),
        decimals: token.decimals,
        price_in_strk: toHex(core.priceInStrk(token)),
      })),

    buildTransaction: (transaction: UserTransaction, parameters: Parameters, apiKey: string | undefined) =>
      buildTransaction(deps, core, transaction, parameters, apiKey),

    executeTransaction: (
      transaction: ExecutableTransaction,
      parameters: Parameters,
      apiKey: string | undefined,
    ) => executeTransaction(deps, core, transaction, parameters, apiKey),
  }
}

/** `paymaster_buildTransaction`: the typed data to sign (with the fee transfer when paid) and the fee estimate. */
async function buildTransaction(
  deps: PaymasterDependencies,
  core: PaymasterCore,
  transaction: UserTransaction,
  parameters: Parameters,
  apiKey: string | undefined,
) {
  const chain = deps.chain
  authorise(deps, parameters, apiKey)
  const token = gasTokenOf(core, parameters)
  const bounds = await timeWindow(chain, parameters)
  const deployment = transaction.type === 'invoke' ? undefined : deploymentOf(transaction.deployment)
  const user =
    transaction.type === 'deploy' ? transaction.deployment.address : transaction.invoke.user_address
  if (transaction.type === 'deploy_and_invoke' && user !== transaction.deployment.address) {
    throw new Snip29Error(Snip29Code.INVALID_DEPLOYMENT_DATA, 'invoke.user_address is not deployment.address')
  }
  await checkAccount(chain, user, deployment !== undefined)
  const calls: OutsideCall[] = transaction.type === 'deploy' ? [] : transaction.invoke.calls
  if (transaction.type === 'deploy' && (await chain.classHashAt(user)) !== 0n) {
    throw new Snip29Error(Snip29Code.INVALID_DEPLOYMENT_DATA, 'The account is deployed')
  }
  // Sponsored deployment alone: the relayer deploys, nothing for the user to sign.
  if (transaction.type === 'deploy' && token === undefined) {
    return {
      type: 'deploy',
      deployment: deploymentJson(transaction.deployment),
      parameters: echo(parameters),
      fee: feeEstimate(core, await measure(chain, user, [], deployment), undefined),
    }
  }
  let feeInStrk = 0n
  let signed = calls
  if (token === undefined) {
    feeInStrk = await measure(chain, user, calls, deployment)
  } else {
    // The fee transfer is part of what runs: measured with it, then set to the suggested maximum.
    const address = BigInt(token.tokenAddress)
    feeInStrk = await measure(chain, user, [...calls, core.feeTransfer(address, 1n)], deployment)
    const amount = BigInt(feeEstimate(core, feeInStrk, token).suggested_max_fee_in_gas_token)
    if ((await chain.balanceOf(address, user)) < amount) {
      throw executionError(`Not enough ${toHex(address)} to pay the fee: ${amount} needed`)
    }
    signed = [...calls, core.feeTransfer(address, amount)]
  }
  const typedData = outsideExecutionTypedData(await core.buildExecution(signed, bounds), chain.chainId())
  return {
    type: deployment === undefined ? 'invoke' : 'deploy_and_invoke',
    ...(transaction.type === 'invoke' ? {} : { deployment: deploymentJson(transaction.deployment) }),
    typed_data: typedData,
    parameters: echo(parameters),
    fee: feeEstimate(core, feeInStrk, token),
  }
}

/** `paymaster_executeTransaction`: the signed execution (and deployment), simulated then relayed. */
async function executeTransaction(
  deps: PaymasterDependencies,
  core: PaymasterCore,
  transaction: ExecutableTransaction,
  parameters: Parameters,
  apiKey: string | undefined,
) {
  const chain = deps.chain
  authorise(deps, parameters, apiKey)
  const token = gasTokenOf(core, parameters)
  const deployment = transaction.type === 'invoke' ? undefined : deploymentOf(transaction.deployment)
  let calls: OutsideCall[]
  let paid: bigint | undefined
  if (transaction.type === 'deploy') {
    if (token !== undefined) {
      throw new Snip29Error(
        Snip29Code.UNKNOWN_ERROR,
        'A deployment alone is sponsored; pay with deploy_and_invoke',
      )
    }
    calls = await core.deploymentCalls(transaction.deployment.address, deployment)
    if (calls.length === 0)
      throw new Snip29Error(Snip29Code.INVALID_DEPLOYMENT_DATA, 'The account is deployed')
  } else {
    const user = transaction.invoke.user_address
    if (transaction.type === 'deploy_and_invoke' && user !== transaction.deployment.address) {
      throw new Snip29Error(
        Snip29Code.INVALID_DEPLOYMENT_DATA,
        'invoke.user_address is not deployment.address',
      )
    }
    await checkAccount(chain, user, deployment !== undefined)
    const execution = readExecution(core, transaction.invoke.typed_data)
    if (execution.executeBefore <= BigInt(await chain.now()))
      throw new Snip29Error(Snip29Code.INVALID_TIME_BOUNDS)
    paid = token === undefined ? undefined : feeIn(core, execution, token)
    calls = await core.relayedCalls(user, execution, transaction.invoke.signature, deployment)
  }
  // As AVNU simulates before it sends: a bad signature or a failing call costs the relayer nothing. Dry
  // run and send are one step of the relayer's serial section, so concurrent copies of one signed
  // execution are sent once (the others' dry runs see its nonce used).
  const result = await core.relayer.relay(calls, (dryRun) => {
    if (dryRun.reverted) {
      const reason = dryRun.revertReason ?? 'reverted'
      if (/-sig|signature/.test(reason)) throw new Snip29Error(Snip29Code.INVALID_SIGNATURE, reason)
      throw executionError(reason)
    }
    // The fee transfer must cover what the relayer pays for the gas.
    if (token !== undefined && paid !== undefined) {
      const paidInStrk = (paid * core.priceInStrk(token)) / 10n ** BigInt(token.decimals)
      if (paidInStrk < dryRun.fee) throw new Snip29Error(Snip29Code.MAX_AMOUNT_TOO_LOW)
    }
  })
  if (result.reverted)
    throw executionError(result.revertReason ?? 'reverted', { transaction_hash: result.transactionHash })
  return { transaction_hash: result.transactionHash, tracking_id: result.transactionHash }
}

/** The outside execution of the typed data, refused in SNIP-29's words. */
function readExecution(core: PaymasterCore, typedData: unknown): OutsideExecution {
  try {
    return core.readExecution(typedData)
  } catch (error) {
    if (error instanceof PaymasterRefusal) throw new Snip29Error(Snip29Code.UNKNOWN_ERROR, error.message)
    if (error instanceof HttpError) throw new Snip29Error(Snip29Code.INVALID_PARAMS, error.messages)
    throw error
  }
}

/** The amount the execution pays the fee recipient in `token`; refused when it pays nothing, or in another token. */
function feeIn(core: PaymasterCore, execution: OutsideExecution, token: GasToken): bigint {
  const paid = core.feePaid(execution)
  if (paid === undefined || !sameAddress(paid.token.tokenAddress, token.tokenAddress)) {
    throw new Snip29Error(
      Snip29Code.MAX_AMOUNT_TOO_LOW,
      'The typed data does not pay the paymaster in the gas token',
    )
  }
  return paid.amount
}
