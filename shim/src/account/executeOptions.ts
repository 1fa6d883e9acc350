// A session account's options and execute's, apart from the class: the routes in the first-use chunk read
// them without importing the account (which loads that chunk).
import type { Paymaster } from '../paymaster/client'
import type { Deployer } from './deploy'
import type { InvokeDetails, ReadDetails } from './details'
import type { AccountGuard } from './guard'

/** Options of `SessionAccount.execute`: starknet.js's details ({@link InvokeDetails}) and the session's. */
export interface ExecuteOptions extends InvokeDetails {
  /** Force the paymaster route (default: only when sponsored, undeployed, or as the retry). */
  readonly gasless?: boolean
  /** With `gasless`, pay in this token. */
  readonly gasTokenAddress?: string
  /** Stops the execute (OPERATION_ABORTED); a transaction already sent may still be included. */
  readonly signal?: AbortSignal
  /** Time limit (OPERATION_TIMEOUT); default {@link EXECUTE_TIMEOUT_MS}. */
  readonly timeoutMs?: number
}

/** Execute's options once read: the details as bigints. */
export type ReadExecuteOptions = Omit<ExecuteOptions, keyof InvokeDetails> & ReadDetails

/**
 * Default time limit of one execute: room for a deployment and its wait (poll 2000 ms) on a public node.
 */
export const EXECUTE_TIMEOUT_MS = 300_000

/** What the session account needs besides its context. */
export interface SessionAccountOptions {
  readonly paymaster?: Paymaster | undefined
  /** How to deploy a counterfactual account on the self-paid route (see {@link Deployer}). */
  readonly deployer?: Deployer | undefined
  /** The gas token the paymaster route pays in by default (else the first one the account holds). */
  readonly gasTokenAddress?: string | undefined
  /** The queue, chain clock and revocation shared by the SDK's accounts of this address (own one by default). */
  readonly guard?: AccountGuard | undefined
}
