import {
  GaslessRetryFailedError,
  InvalidOptionsError,
  NoDeployerError,
  OutsideExecutionOnlyError,
  SessionRevokedError,
} from '@webwallet/protocol/errors'
import { abortable, withDeadline } from '../http/abort'
import type { Paymaster } from '../paymaster/client'
import { CLOCK_CALL, createChainClock } from '../session/clock'
import { checkCalls, checkLimits } from './arguments'
import { compileCalls } from './calls'
import type { AccountContext, Call, CompiledCall } from './context'
import { type Deployer, deployAccount, deployedWithNonce, isDeployed } from './deploy'
import { executeGasless } from './gasless'
import { type AccountGuard, createAccountGuard } from './guard'
import { checkInvokeOptions, type InvokeOptions, invokeWithSession, shouldRetryGasless } from './invoke'
import {
  namedCalls,
  type OutsideExecutionOptions,
  type OutsideTypedData,
  outsideExecutionPayload,
  signOutsideExecution,
} from './outside'
import { type WaitOptions, waitForBlock, waitForTransaction } from './waitForTransaction'

/** Options of {@link SessionAccount.execute}. */
export interface ExecuteOptions extends InvokeOptions {
  /** Force the paymaster route (default: only when sponsored, undeployed, or as the retry). */
  readonly gasless?: boolean
  /** With `gasless`, pay in this token. */
  readonly gasTokenAddress?: string
  /** Stops the execute (OPERATION_ABORTED); a transaction already sent may still be included. */
  readonly signal?: AbortSignal
  /** Time limit (OPERATION_TIMEOUT); default {@link EXECUTE_TIMEOUT_MS}. */
  readonly timeoutMs?: number
}

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

/**
 * The account the app runs session calls with. It signs with the session key (co-signed by the
 * provider's cosigner), deploys itself first when needed, pays gas itself or through the paymaster, and
 * works with starknet.js v8 and v10 (`starknet` is a peer dependency).
 *
 * @example
 * const { account } = await wallet.requestConnection({})
 * const { transaction_hash } = await account.execute([{ contractAddress: game, entrypoint: 'play', calldata: [1] }])
 * await account.waitForTransaction(transaction_hash)
 */
export class SessionAccount {
  readonly address: string
  /** Known deployed (cached so later executes skip the class-hash lookup). */
  private deployed = false
  private readonly guard: AccountGuard

  constructor(
    private readonly ctx: AccountContext,
    private readonly options: SessionAccountOptions = {},
  ) {
    this.address = ctx.address
    this.guard = options.guard ?? createAccountGuard(createChainClock(ctx.rpc, ctx.now))
  }

  /** The signed session (the private key is not part of it). */
  get session() {
    return this.ctx.session.stored
  }

  /** Node round trips so far, for the benchmark. */
  roundTrips(): number {
    return this.ctx.rpc.roundTrips()
  }

  async isDeployed(): Promise<boolean> {
    this.deployed ||= await isDeployed(this.ctx)
    return this.deployed
  }

  /** Deploys the account with the configured deployer and waits (poll 2000 ms). */
  deploy() {
    return this.deployWith(this.ctx)
  }

  private async deployWith(ctx: AccountContext) {
    if (!this.options.deployer) throw new NoDeployerError()
    const result = await deployAccount(ctx, this.options.deployer)
    this.deployed = true
    return result
  }

  /**
   * Runs the calls. Undeployed: deploys first (with a deployer) or goes through the paymaster with the
   * deployment data. On 'Sign session error' or 'validation failed gas bounds exceed balance' it retries
   * through the paymaster and answers the retry's result; when the retry fails too, GASLESS_RETRY_FAILED
   * carries both errors. `signal` and `timeoutMs` bound the whole of it.
   */
  async execute(
    calls: Call | readonly Call[],
    options: ExecuteOptions = {},
  ): Promise<{ transaction_hash: string }> {
    checkCalls(calls)
    checkLimits(options)
    const compiled = compileCalls(calls)
    checkInvokeOptions(options)
    const deadline = withDeadline('execute', options.timeoutMs ?? EXECUTE_TIMEOUT_MS, options.signal)
    try {
      deadline.check()
      const ctx = {
        ...this.ctx,
        rpc: this.ctx.rpc.withSignal(deadline.signal),
        fetch: ((input, init) => this.ctx.fetch(input, { ...init, signal: deadline.signal })) as typeof fetch,
      }
      const { guard } = this
      const { expiresAt } = this.ctx.session.stored
      // Queued: the previous execute of this account was sent (or failed) before this one reads its nonce.
      const send = async () => {
        deadline.check()
        guard.check(expiresAt)
        // The chain's clock rides in the batch that reads the deployed state and the nonce: one round trip.
        const state = await deployedWithNonce(ctx, CLOCK_CALL)
        guard.check(expiresAt, state.also[0])
        this.deployed = state.deployed
        const nonce = options.nonce ?? state.nonce
        return this.run(ctx, compiled, nonce === undefined ? options : { ...options, nonce }).catch(
          (error: unknown) => {
            throw guard.expired(error, expiresAt)
          },
        )
      }
      // The queue moves on when this execute's deadline fires, even if a request of it cannot be stopped.
      return await abortable(
        guard.queue(() => abortable(send(), deadline)),
        deadline,
      )
    } finally {
      deadline.dispose()
    }
  }

  private async run(
    ctx: AccountContext,
    compiled: CompiledCall[],
    options: ExecuteOptions,
  ): Promise<{ transaction_hash: string }> {
    const { paymaster } = this.options
    // A key the account cannot check within validation's step limit (P-256) goes only through the paymaster.
    const outsideOnly = ctx.session.kind?.verifyGas
    if (outsideOnly && !paymaster) throw new InvalidOptionsError('paymaster', 'needed by a P-256 key')
    const gasless = (through: Paymaster, deploy: boolean) =>
      executeGasless(ctx, through, compiled, {
        deploy,
        gasTokenAddress: options.gasTokenAddress ?? this.options.gasTokenAddress,
      })
    const { nonce } = options
    if (!this.deployed) {
      if (this.options.deployer) await this.deployWith(ctx)
      else if (paymaster) return gasless(paymaster, true)
      else await this.deployWith(ctx)
    }
    if (paymaster && (options.gasless || paymaster.sponsored || outsideOnly)) return gasless(paymaster, false)
    try {
      return await invokeWithSession(ctx, compiled, { ...options, nonce })
    } catch (error) {
      if (!paymaster || !shouldRetryGasless(error)) throw error
      try {
        return await gasless(paymaster, false)
      } catch (retryError) {
        throw new GaslessRetryFailedError(error, retryError)
      }
    }
  }

  /**
   * Signs outside-execution typed data only ('signMessage only for outside execution'). With `calls`, the
   * typed data must carry exactly those; without, its calls are signed as they are (starknet.js
   * `signMessage(typedData)` callers such as a paymaster SDK), each still needing the session's permission.
   */
  async signMessage(typedData: OutsideTypedData, calls?: Call | readonly Call[]): Promise<string[]> {
    if (this.guard.revoked) throw new SessionRevokedError()
    if (calls !== undefined) return signOutsideExecution(this.ctx, typedData, compileCalls(calls))
    if (typedData.primaryType !== 'OutsideExecution') throw new OutsideExecutionOnlyError()
    const names = this.ctx.session.stored.allowedMethods.map((method) => method.selector)
    return signOutsideExecution(this.ctx, typedData, namedCalls(typedData, names))
  }

  /** Same as {@link signMessage}: the session signs outside executions for relayers. */
  signMessageFromOutside(typedData: OutsideTypedData, calls?: Call | readonly Call[]): Promise<string[]> {
    return this.signMessage(typedData, calls)
  }

  /** An `execute_from_outside_v2` call (window: 10 minutes back, 20 minutes ahead) for a relayer. */
  getOutsideExecutionPayload(calls: Call | readonly Call[], options: OutsideExecutionOptions = {}) {
    if (this.guard.revoked) return Promise.reject(new SessionRevokedError())
    return outsideExecutionPayload(this.ctx, compileCalls(calls), options)
  }

  waitForTransaction(transactionHash: string, options: WaitOptions = {}) {
    return waitForTransaction(this.ctx.rpc, transactionHash, options)
  }

  /** Waits until the chain reaches `blockNumber` (every 5000 ms unless told); `signal` stops it. */
  waitForBlock(blockNumber: number, options: { retryInterval?: number; signal?: AbortSignal } = {}) {
    return waitForBlock(this.ctx.rpc, blockNumber, options)
  }
}
