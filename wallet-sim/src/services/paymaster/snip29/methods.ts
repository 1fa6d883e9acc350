// The four SNIP-29 methods over the paymaster core: the same relayer, typed data, fee transfer and fee
// recipient as the AVNU v1 API, with SNIP-29's fee estimate and error codes.
import { maxFeeWithMargin } from '@webwallet/protocol/fees'
import {
  type OutsideCall,
  type OutsideExecution,
  outsideExecutionTypedData,
  toHex,
} from '@webwallet/protocol/session'
import { ARGENT_ACCOUNT_CLASS_HASH } from '../../../chain/contracts/argent/account'
import { contractAddress } from '../../../chain/felt'
import { HttpError } from '../../../infra/http/HttpError'
import { STRK_ADDRESS } from '../../backend/tokens'
import type { Deployment as CoreDeployment, GasToken, PaymasterCore, PaymasterDependencies } from '../core'
import { PaymasterRefusal } from '../core'
import { executionError, Snip29Code, Snip29Error } from './errors'
import { measureUserCalls } from './estimate'
import type { Deployment, ExecutableTransaction, ExecutionParameters, UserTransaction } from './schemas'

type Parameters = ExecutionParameters
const hex = (value: bigint) => toHex(value)
const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b

/**
 * The SNIP-29 methods (`paymaster_*`) of one paymaster; `apiKey` is the request's `x-paymaster-api-key`.
 *
 * @example
 * const methods = snip29Methods(deps, createPaymasterCore(deps))
 * methods.buildTransaction(params, req.get('x-paymaster-api-key'))
 */
export function snip29Methods(deps: PaymasterDependencies, core: PaymasterCore) {
  const chain = deps.chain
  /** Sponsoring needs a valid key, as AVNU's paymaster answers without one. */
  const authorise = (parameters: Parameters, apiKey: string | undefined) => {
    if (parameters.fee_mode.mode !== 'sponsored') return
    const valid = apiKey !== undefined && apiKey !== '' && (deps.apiKeys?.includes(apiKey) ?? true)
    if (!valid) throw new Snip29Error(Snip29Code.UNKNOWN_ERROR, 'x-paymaster-api-key is invalid')
  }
  const gasTokenOf = (parameters: Parameters): GasToken | undefined => {
    if (parameters.fee_mode.mode === 'sponsored') return undefined
    const token = core.gasTokenOf(parameters.fee_mode.gas_token)
    if (token === undefined) throw new Snip29Error(Snip29Code.TOKEN_NOT_SUPPORTED)
    return token
  }
  const window = async (parameters: Parameters) => {
    const bounds = parameters.time_bounds
    if (bounds === undefined) return undefined
    const now = BigInt(await chain.now())
    if (bounds.execute_before <= now || bounds.execute_after >= bounds.execute_before) {
      throw new Snip29Error(Snip29Code.INVALID_TIME_BOUNDS)
    }
    return { after: bounds.execute_after, before: bounds.execute_before }
  }
  /** The deployment, checked: it deploys its address (through the UDC), with a class that executes from outside. */
  const deploymentOf = (deployment: Deployment): CoreDeployment => {
    const { class_hash: classHash, salt, calldata } = deployment
    if (contractAddress(salt, classHash, calldata, 0n) !== deployment.address) {
      throw new Snip29Error(Snip29Code.INVALID_DEPLOYMENT_DATA, 'The deployment does not deploy its address')
    }
    if (classHash !== ARGENT_ACCOUNT_CLASS_HASH) throw new Snip29Error(Snip29Code.CLASS_HASH_NOT_SUPPORTED)
    return { classHash, salt, calldata }
  }
  /** An invoking account must be deployed (or deployed by this transaction) and execute from outside. */
  const checkAccount = async (user: bigint, deploying: boolean) => {
    const classHash = await chain.classHashAt(user)
    if (classHash === 0n && !deploying)
      throw new Snip29Error(Snip29Code.INVALID_ADDRESS, 'The account is not deployed')
    if (classHash !== 0n && classHash !== ARGENT_ACCOUNT_CLASS_HASH) {
      throw new Snip29Error(Snip29Code.CLASS_HASH_NOT_SUPPORTED)
    }
  }
  const feeEstimate = (feeInStrk: bigint, token: GasToken | undefined) => {
    // Sponsored: the fee is only reported, in STRK.
    const price = token === undefined ? 10n ** 18n : core.priceInStrk(token)
    const unit = 10n ** BigInt(token?.decimals ?? 18)
    const suggested = maxFeeWithMargin(feeInStrk)
    return {
      gas_token_price_in_strk: hex(price),
      estimated_fee_in_strk: hex(feeInStrk),
      estimated_fee_in_gas_token: hex(ceilDiv(feeInStrk * unit, price)),
      suggested_max_fee_in_strk: hex(suggested),
      suggested_max_fee_in_gas_token: hex(ceilDiv(suggested * unit, price)),
    }
  }
  const measure = async (user: bigint, calls: OutsideCall[], deployment?: CoreDeployment) => {
    const measured = await measureUserCalls(chain, user, calls, deployment)
    if ('revertReason' in measured) throw executionError(measured.revertReason)
    return measured.fee
  }
  const echo = (parameters: Parameters) => ({
    version: parameters.version,
    fee_mode:
      parameters.fee_mode.mode === 'sponsored'
        ? { mode: 'sponsored' }
        : { mode: 'default', gas_token: hex(parameters.fee_mode.gas_token) },
    ...(parameters.time_bounds === undefined
      ? {}
      : {
          time_bounds: {
            execute_after: Number(parameters.time_bounds.execute_after),
            execute_before: Number(parameters.time_bounds.execute_before),
          },
        }),
  })
  const deploymentJson = (deployment: Deployment) => ({
    address: hex(deployment.address),
    class_hash: hex(deployment.class_hash),
    salt: hex(deployment.salt),
    calldata: deployment.calldata.map(hex),
    ...(deployment.sigdata === undefined ? {} : { sigdata: deployment.sigdata.map(hex) }),
    version: 1,
  })

  return {
    isAvailable: async () => (await chain.balanceOf(BigInt(STRK_ADDRESS), core.relayerFelt)) > 0n,

    getSupportedTokens: () =>
      core.gasTokens.map((token) => ({
        token_address: hex(BigInt(token.tokenAddress)),
        decimals: token.decimals,
        price_in_strk: hex(core.priceInStrk(token)),
      })),

    async buildTransaction(transaction: UserTransaction, parameters: Parameters, apiKey: string | undefined) {
      authorise(parameters, apiKey)
      const token = gasTokenOf(parameters)
      const bounds = await window(parameters)
      const deployment = transaction.type === 'invoke' ? undefined : deploymentOf(transaction.deployment)
      const user =
        transaction.type === 'deploy' ? transaction.deployment.address : transaction.invoke.user_address
      if (transaction.type === 'deploy_and_invoke' && user !== transaction.deployment.address) {
        throw new Snip29Error(
          Snip29Code.INVALID_DEPLOYMENT_DATA,
          'invoke.user_address is not deployment.address',
        )
      }
      await checkAccount(user, deployment !== undefined)
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
          fee: feeEstimate(await measure(user, [], deployment), undefined),
        }
      }
      let feeInStrk = 0n
      let signed = calls
      if (token === undefined) {
        feeInStrk = await measure(user, calls, deployment)
      } else {
        // The fee transfer is part of what runs: measured with it, then set to the suggested maximum.
        const address = BigInt(token.tokenAddress)
        feeInStrk = await measure(user, [...calls, core.feeTransfer(address, 1n)], deployment)
        const amount = BigInt(feeEstimate(feeInStrk, token).suggested_max_fee_in_gas_token)
        if ((await chain.balanceOf(address, user)) < amount) {
          throw executionError(`Not enough ${hex(address)} to pay the fee: ${amount} needed`)
        }
        signed = [...calls, core.feeTransfer(address, amount)]
      }
      const typedData = outsideExecutionTypedData(await core.buildExecution(signed, bounds), chain.chainId())
      return {
        type: deployment === undefined ? 'invoke' : 'deploy_and_invoke',
        ...(transaction.type === 'invoke' ? {} : { deployment: deploymentJson(transaction.deployment) }),
        typed_data: typedData,
        parameters: echo(parameters),
        fee: feeEstimate(feeInStrk, token),
      }
    },

    async executeTransaction(
      transaction: ExecutableTransaction,
      parameters: Parameters,
      apiKey: string | undefined,
    ) {
      authorise(parameters, apiKey)
      const token = gasTokenOf(parameters)
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
        await checkAccount(user, deployment !== undefined)
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
    },
  }
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
  if (paid === undefined || BigInt(paid.token.tokenAddress) !== BigInt(token.tokenAddress)) {
    throw new Snip29Error(
      Snip29Code.MAX_AMOUNT_TOO_LOW,
      'The typed data does not pay the paymaster in the gas token',
    )
  }
  return paid.amount
}
