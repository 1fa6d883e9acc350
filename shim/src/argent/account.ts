// The Argent entry's session account: our SessionAccount with invisible-sdk 1.0.0's calls on top
// (`execute(calls, abis, details)`, `getOutsideExecutionPayload({ calls })`, `deployFrom`...).
import type { DeploymentPayload, SessionStatus } from '@webwallet/protocol'
import {
  AccountAlreadyDeployedError,
  DeployedAddressMismatchError,
  NoAccountContractError,
} from '@webwallet/protocol/errors'
import { toFelt } from '@webwallet/protocol/session'
import type { AccountContext, Call } from '../account/context'
import type { InvokeDetails } from '../account/details'
import type { OutsideExecutionOptions } from '../account/outside'
import { type ExecuteOptions, SessionAccount, type SessionAccountOptions } from '../account/SessionAccount'
import { type ExecuteDetails, executeDetails } from './details'

/** invisible-sdk's `SessionStatus`. */
export type ArgentSessionStatus = SessionStatus

/** invisible-sdk's `AccountDeploymentPayload`: how a counterfactual account is deployed. */
export interface AccountDeploymentPayload {
  classHash: `0x${string}`
  constructorCalldata: `0x${string}`[]
  addressSalt: string
  contractAddress: `0x${string}`
}

/** What deployFrom needs of the paying account: starknet.js `AccountInterface.deployContract`. */
export interface DeployingAccount {
  deployContract(payload: {
    classHash: string
    constructorCalldata?: string[]
    salt?: string
    unique?: boolean
  }): Promise<{ transaction_hash: string; contract_address: string }>
}

type Hex = `0x${string}`

/** A starknet.js call with its calldata compiled: what a relayer submits. */
export interface OutsideExecutionCall {
  contractAddress: string
  entrypoint: string
  calldata: string[]
}

/**
 * invisible-sdk's `SessionAccount` as ours (a starknet.js `Account`), with invisible-sdk's call shapes.
 *
 * @example
 * const { resourceBounds } = await account.estimateInvokeFee(call, { version: '0x3' })
 * const { transaction_hash } = await account.execute(call, { version: '0x3', resourceBounds })
 */
export class ArgentAccount extends SessionAccount {
  declare address: Hex

  constructor(
    ctx: AccountContext,
    options: SessionAccountOptions,
    private readonly status: () => SessionStatus,
  ) {
    super(ctx, options)
    parts.set(this, { ctx, options })
  }

  /** The account itself (earlier releases of this entry wrapped it). */
  get sessionAccount(): this {
    return this
  }

  /**
   * Runs the calls, starknet.js order: `execute(calls, details)` or `execute(calls, abis, details)` (ABIs
   * unused). `details` as starknet.js's `UniversalDetails` (numbers, bigints or strings; `version` V3).
   * Sponsored when the init's `paymasterParams.apiKey` is set, else paid by the account, through the
   * paymaster when it is undeployed.
   */
  override execute(
    calls: Call | readonly Call[],
    abisOrDetails?: readonly unknown[] | ExecuteDetails | ExecuteOptions,
    details?: ExecuteDetails,
  ): Promise<{ transaction_hash: string }> {
    const given = Array.isArray(abisOrDetails) ? details : (abisOrDetails ?? details)
    return super.execute(calls, executeDetails(given as ExecuteDetails | undefined))
  }

  /** starknet.js's `estimateInvokeFee`, taking `UniversalDetails` as `execute` does. */
  override estimateInvokeFee(calls: Call | readonly Call[], details?: ExecuteDetails | InvokeDetails) {
    return super.estimateInvokeFee(calls, executeDetails(details as ExecuteDetails | undefined))
  }

  /**
   * An `execute_from_outside_v2` call any relayer can submit (valid 10 minutes back, 20 ahead of the
   * chain's clock): invisible-sdk's `({ calls })`, or ours, the calls and options.
   */
  override getOutsideExecutionPayload(
    request: { calls: readonly Call[] } | Call | readonly Call[],
    options?: OutsideExecutionOptions,
  ): Promise<OutsideExecutionCall> {
    const calls = Array.isArray(request) || !('calls' in request) ? request : request.calls
    return super.getOutsideExecutionPayload(calls as Call | readonly Call[], options)
  }

  /** EXPIRED, INVALID_SCOPE, INVALID_SIGNATURE, INVALID_SESSION or VALID. */
  getSessionStatus(): ArgentSessionStatus {
    return this.status()
  }

  /** The wallet's deployment data of this account ('No Argent account contract found' without one). */
  async getDeploymentPayload(): Promise<AccountDeploymentPayload> {
    const payload = this.session.deploymentPayload as DeploymentPayload | undefined
    if (!payload) throw new NoAccountContractError('Argent')
    return {
      classHash: payload.classHash as Hex,
      constructorCalldata: payload.constructorCalldata as Hex[],
      addressSalt: payload.addressSalt,
      contractAddress: payload.contractAddress as Hex,
    }
  }

  /**
   * Deploys this account through the Universal Deployer, paid by `account` (starknet.js
   * `deployContract`), with the wallet's deployment data: 'Account is already deployed', 'The deployed
   * address does not match the expected address', as invisible-sdk.
   */
  async deployFrom(
    account: DeployingAccount,
  ): Promise<{ transaction_hash: string; contract_address: string }> {
    if (await this.isDeployed()) throw new AccountAlreadyDeployedError()
    const payload = await this.getDeploymentPayload()
    const deployed = await account.deployContract({
      classHash: payload.classHash,
      constructorCalldata: payload.constructorCalldata,
      salt: payload.addressSalt,
      unique: false,
    })
    if (toFelt(deployed.contract_address) !== toFelt(this.address)) throw new DeployedAddressMismatchError()
    return { transaction_hash: deployed.transaction_hash, contract_address: deployed.contract_address }
  }
}

/** Each ArgentAccount's context and options: executeWithPaymaster runs the account's session on its own route. */
const parts = new WeakMap<object, { ctx: AccountContext; options: SessionAccountOptions }>()

/**
 * The context and options `account` was built with when it is an account of this entry, else undefined.
 *
 * @example
 * const { ctx, options } = accountParts(account) ?? refuse()
 */
export function accountParts(account: unknown) {
  return typeof account === 'object' && account !== null ? parts.get(account) : undefined
}

/**
 * invisible-sdk's `SessionAccountInterface`: the account `connect()` and `requestConnection()` answer, whose
 * `getOutsideExecutionPayload` takes `{ calls }` as invisible-sdk's does.
 */
export type SessionAccountInterface = Omit<ArgentAccount, 'getOutsideExecutionPayload'> & {
  getOutsideExecutionPayload(request: { calls: Call[] }): Promise<OutsideExecutionCall>
}

/** The same account under the name this entry gave it before. */
export type ArgentSessionAccount = SessionAccountInterface
