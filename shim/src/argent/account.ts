// The session account of the Argent-compatible entry: the same calls as invisible-sdk 1.0.0's
// SessionAccount, each mapped onto our SessionAccount (which does the signing, co-signing, fees and
// paymaster work).
import type { DeploymentPayload, SessionStatus } from '@webwallet/protocol'
import {
  AccountAlreadyDeployedError,
  DeployedAddressMismatchError,
  NoAccountContractError,
} from '@webwallet/protocol/errors'
import { toFelt } from '@webwallet/protocol/session'
import type { Call } from '../account/context'
import type { OutsideTypedData } from '../account/outside'
import type { ExecuteOptions, SessionAccount } from '../account/SessionAccount'
import type { WaitOptions } from '../account/waitForTransaction'

/** invisible-sdk's `SessionStatus`. */
export type ArgentSessionStatus = SessionStatus

/** invisible-sdk's `AccountDeploymentPayload`: how a counterfactual account is deployed. */
export interface AccountDeploymentPayload {
  classHash: `0x${string}`
  constructorCalldata: `0x${string}`[]
  addressSalt: string
  contractAddress: `0x${string}`
}

/**
 * starknet.js `UniversalDetails`, the fields a session execute uses: `nonce`, `tip`, `resourceBounds` (all
 * three of V3's, else the SDK estimates them). `version`, `maxFee` and the like are accepted and ignored:
 * every transaction is V3.
 */
export interface ExecuteDetails {
  nonce?: bigint | number | string
  tip?: bigint | number | string
  resourceBounds?: unknown
  [other: string]: unknown
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
 * invisible-sdk's `SessionAccount` over ours. The app runs the calls its session allows
 * (`execute`), hands relayers signed outside executions (`getOutsideExecutionPayload`), reads the
 * session's status and deploys the account from another one.
 *
 * @example
 * const { account } = await argentWebWallet.requestConnection({})
 * const { transaction_hash } = await account.execute({ contractAddress: GAME, entrypoint: 'play', calldata: [1] })
 */
export class ArgentSessionAccount {
  readonly address: Hex

  constructor(
    /** Ours: the account this one maps onto (starknet.js-style extras live there). */
    readonly sessionAccount: SessionAccount,
    private readonly status: () => SessionStatus,
  ) {
    this.address = sessionAccount.address as Hex
  }

  /**
   * Runs the calls (starknet.js order: `execute(calls, details)` or `execute(calls, abis, details)`; ABIs
   * are not needed). Sponsored when the init's `paymasterParams.apiKey` is set, else paid by the account,
   * through the paymaster when it is undeployed.
   */
  execute(
    calls: Call | Call[],
    abisOrDetails?: unknown[] | ExecuteDetails,
    details?: ExecuteDetails,
  ): Promise<{ transaction_hash: string }> {
    const given = Array.isArray(abisOrDetails) ? details : (abisOrDetails ?? details)
    return this.sessionAccount.execute(calls, executeOptions(given))
  }

  /** An `execute_from_outside_v2` call any relayer can submit (valid 10 minutes back, 20 ahead). */
  getOutsideExecutionPayload({ calls }: { calls: Call[] }): Promise<OutsideExecutionCall> {
    return this.sessionAccount.getOutsideExecutionPayload(calls)
  }

  /** Signs outside-execution typed data for exactly `calls` ('signMessage only for outside execution'). */
  signMessageFromOutside(typedData: OutsideTypedData, calls: Call[]): Promise<string[]> {
    return this.sessionAccount.signMessageFromOutside(typedData, calls)
  }

  /** starknet.js `signMessage`: outside-execution typed data only, as invisible-sdk's. */
  signMessage(typedData: OutsideTypedData): Promise<string[]> {
    return this.sessionAccount.signMessage(typedData)
  }

  /** EXPIRED, INVALID_SCOPE, INVALID_SIGNATURE, INVALID_SESSION or VALID. */
  getSessionStatus(): ArgentSessionStatus {
    return this.status()
  }

  isDeployed(): Promise<boolean> {
    return this.sessionAccount.isDeployed()
  }

  /** The wallet's deployment data of this account ('No Argent account contract found' without one). */
  async getDeploymentPayload(): Promise<AccountDeploymentPayload> {
    const payload = this.sessionAccount.session.deploymentPayload as DeploymentPayload | undefined
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

  waitForTransaction(transactionHash: string, options?: WaitOptions) {
    return this.sessionAccount.waitForTransaction(transactionHash, options)
  }
}

function executeOptions(details: ExecuteDetails | undefined): ExecuteOptions {
  if (!details) return {}
  const bounds = details.resourceBounds as ExecuteOptions['resourceBounds'] | undefined
  return {
    ...(details.nonce === undefined ? {} : { nonce: details.nonce }),
    ...(details.tip === undefined ? {} : { tip: BigInt(details.tip) }),
    // starknet.js 6's bounds carry no l1_data_gas: the SDK then estimates its own, as it needs all three.
    ...(bounds?.l1_data_gas ? { resourceBounds: bounds } : {}),
  }
}
