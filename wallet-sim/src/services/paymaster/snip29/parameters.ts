// What both SNIP-29 methods decide from their parameters before anything runs: the api key, the gas token,
// the time window, the deployment and the account, and how the answers write fees and parameters back.
import { maxFeeWithMargin } from '@webwallet/protocol/fees'
import { type OutsideCall, toHex } from '@webwallet/protocol/session'
import { ARGENT_ACCOUNT_CLASS_HASH } from '../../../chain/contracts/argent/account'
import { contractAddress } from '../../../chain/felt'
import type { ChainAccess } from '../../../node/access'
import type { Deployment as CoreDeployment, GasToken, PaymasterCore, PaymasterDependencies } from '../core'
import { executionError, Snip29Code, Snip29Error } from './errors'
import { measureUserCalls } from './estimate'
import type { Deployment, ExecutionParameters as Parameters } from './schemas'

const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b

/** Sponsoring needs a valid key, as AVNU's paymaster answers without one. */
export function authorise(
  deps: PaymasterDependencies,
  parameters: Parameters,
  apiKey: string | undefined,
): void {
  if (parameters.fee_mode.mode !== 'sponsored') return
  const valid = apiKey !== undefined && apiKey !== '' && (deps.apiKeys?.includes(apiKey) ?? true)
  if (!valid) throw new Snip29Error(Snip29Code.UNKNOWN_ERROR, 'x-paymaster-api-key is invalid')
}

/** The gas token paid in (undefined when sponsored); refused when the paymaster does not take it. */
export function gasTokenOf(core: PaymasterCore, parameters: Parameters): GasToken | undefined {
  if (parameters.fee_mode.mode === 'sponsored') return undefined
  const token = core.gasTokenOf(parameters.fee_mode.gas_token)
  if (token === undefined) throw new Snip29Error(Snip29Code.TOKEN_NOT_SUPPORTED)
  return token
}

/** The time bounds asked for, refused when already over or empty. */
export async function timeWindow(chain: ChainAccess, parameters: Parameters) {
  const bounds = parameters.time_bounds
  if (bounds === undefined) return undefined
  const now = BigInt(await chain.now())
  if (bounds.execute_before <= now || bounds.execute_after >= bounds.execute_before) {
    throw new Snip29Error(Snip29Code.INVALID_TIME_BOUNDS)
  }
  return { after: bounds.execute_after, before: bounds.execute_before }
}

/** The deployment, checked: it deploys its address (through the UDC), with a class that executes from outside. */
export function deploymentOf(deployment: Deployment): CoreDeployment {
  const { class_hash: classHash, salt, calldata } = deployment
  if (contractAddress(salt, classHash, calldata, 0n) !== deployment.address) {
    throw new Snip29Error(Snip29Code.INVALID_DEPLOYMENT_DATA, 'The deployment does not deploy its address')
  }
  if (classHash !== ARGENT_ACCOUNT_CLASS_HASH) throw new Snip29Error(Snip29Code.CLASS_HASH_NOT_SUPPORTED)
  return { classHash, salt, calldata }
}

/** An invoking account must be deployed (or deployed by this transaction) and execute from outside. */
export async function checkAccount(chain: ChainAccess, user: bigint, deploying: boolean): Promise<void> {
  const classHash = await chain.classHashAt(user)
  if (classHash === 0n && !deploying)
    throw new Snip29Error(Snip29Code.INVALID_ADDRESS, 'The account is not deployed')
  if (classHash !== 0n && classHash !== ARGENT_ACCOUNT_CLASS_HASH) {
    throw new Snip29Error(Snip29Code.CLASS_HASH_NOT_SUPPORTED)
  }
}

/** SNIP-29's fee estimate of `feeInStrk`, in STRK and in the gas token. */
export function feeEstimate(core: PaymasterCore, feeInStrk: bigint, token: GasToken | undefined) {
  // Sponsored: the fee is only reported, in STRK.
  const price = token === undefined ? 10n ** 18n : core.priceInStrk(token)
  const unit = 10n ** BigInt(token?.decimals ?? 18)
  const suggested = maxFeeWithMargin(feeInStrk)
  return {
    gas_token_price_in_strk: toHex(price),
    estimated_fee_in_strk: toHex(feeInStrk),
    estimated_fee_in_gas_token: toHex(ceilDiv(feeInStrk * unit, price)),
    suggested_max_fee_in_strk: toHex(suggested),
    suggested_max_fee_in_gas_token: toHex(ceilDiv(suggested * unit, price)),
  }
}

/** What the calls cost in STRK, run as the user; refused when they revert. */
export async function measure(
  chain: ChainAccess,
  user: bigint,
  calls: OutsideCall[],
  deployment?: CoreDeployment,
): Promise<bigint> {
  const measured = await measureUserCalls(chain, user, calls, deployment)
  if ('revertReason' in measured) throw executionError(measured.revertReason)
  return measured.fee
}

/** The parameters as the answer repeats them. */
export function echo(parameters: Parameters) {
  return {
    version: parameters.version,
    fee_mode:
      parameters.fee_mode.mode === 'sponsored'
        ? { mode: 'sponsored' }
        : { mode: 'default', gas_token: toHex(parameters.fee_mode.gas_token) },
    ...(parameters.time_bounds === undefined
      ? {}
      : {
          time_bounds: {
            execute_after: Number(parameters.time_bounds.execute_after),
            execute_before: Number(parameters.time_bounds.execute_before),
          },
        }),
  }
}

/** The deployment as the answer repeats it. */
export function deploymentJson(deployment: Deployment) {
  return {
    address: toHex(deployment.address),
    class_hash: toHex(deployment.class_hash),
    salt: toHex(deployment.salt),
    calldata: deployment.calldata.map(toHex),
    ...(deployment.sigdata === undefined ? {} : { sigdata: deployment.sigdata.map(toHex) }),
    version: 1,
  }
}
