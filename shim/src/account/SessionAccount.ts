import { integerOf } from '@webwallet/protocol/constants'
import {
  InvalidOptionsError,
  isWebWalletError,
  NotSupportedBySessionError,
  OutsideExecutionOnlyError,
} from '@webwallet/protocol/errors'
import { toHex } from '@webwallet/protocol/session'
import {
  Account,
  type BlockIdentifier,
  type DeclareAndDeployContractPayload,
  type DeclareContractPayload,
  type DeployAccountContractPayload,
  type EstimateFeeResponseOverhead,
  type GetTransactionReceiptResponse,
  type Invocations,
  type MultiDeployContractResponse,
  outsideExecution,
  type ProviderInterface,
  ReceiptTx,
  type SignerInterface,
  type Call as StarknetCall,
  type TypedData,
  type UniversalDeployerContractPayload,
  type UniversalDetails,
} from 'starknet'
import { abortable, withDeadline } from '../http/abort'
import { CLOCK_CALL, createChainClock } from '../session/clock'
import { randomFelt } from '../session/request'
import { AccountBase, accountArguments } from './accountBase'
import { checkLimits } from './arguments'
import { checkCalls, compileCalls, sessionCalls } from './compileCalls'
import type { AccountContext, Call } from './context'
import { type InvokeDetails, readInvokeDetails } from './details'
import {
  EXECUTE_TIMEOUT_MS,
  type ExecuteOptions,
  type ReadExecuteOptions,
  type SessionAccountOptions,
} from './executeOptions'
import { type AccountGuard, createAccountGuard } from './guard'
import type { SendLog } from './lostAnswer'
import type { OutsideExecutionOptions, OutsideTypedData } from './outside'
import { outsideWindow, windowReads } from './outsideWindow'
import type { Known } from './pipeline'
import { sendCode } from './sendCode'
import { type WaitOptions, waitForBlock, waitForTransaction } from './waitForTransaction'

export { EXECUTE_TIMEOUT_MS, type ExecuteOptions, type ReadExecuteOptions, type SessionAccountOptions }

/**
 * The account the app runs session calls with: a starknet.js `Account` (the app's `starknet`, 6.13+ to 10)
 * that signs with the session key, co-signed; what only the owner can do is NOT_SUPPORTED_BY_SESSION.
 *
 * @example
 * const { transaction_hash } = await account.execute([{ contractAddress: game, entrypoint: 'play', calldata: [1] }])
 */
export class SessionAccount extends AccountBase {
  /** Known deployed (cached so later executes skip the class-hash lookup). */
  private readonly known: Known = { deployed: false }
  // Set in the constructor: `declare`d, so the bundle carries no field list.
  declare private readonly ctx: AccountContext
  declare private readonly options: SessionAccountOptions
  declare private readonly guard: AccountGuard

  constructor(ctx: AccountContext, options: SessionAccountOptions = {}) {
    // starknet.js reads the chain (calls, nonce) through the SDK's node client: its node list and fallback.
    super(
      ...accountArguments({
        nodeUrl: ctx.rpc.nodeUrl,
        fetch: ctx.rpc.forward,
        chainId: ctx.chainId,
        address: ctx.address,
        signer: sessionSigner(() => this),
      }),
    )
    this.ctx = ctx
    this.options = options
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
    this.known.deployed ||= await (await sendCode()).isDeployed(this.ctx)
    return this.known.deployed
  }

  /**
   * Without arguments: deploys this account with the configured deployer and waits (poll 2000 ms); without
   * a deployer, through the paymaster alone (sponsored, or paid in a gas token), without waiting. With a
   * payload: starknet.js's UDC deployment, an execute of the UDC call (so the session must allow it).
   */
  override deploy(): Promise<{ transactionHash: string; contractAddress: string }>
  override deploy(
    payload: UniversalDeployerContractPayload | UniversalDeployerContractPayload[],
    details?: UniversalDetails,
  ): Promise<MultiDeployContractResponse>
  override deploy(
    payload?: UniversalDeployerContractPayload | UniversalDeployerContractPayload[],
    details?: UniversalDetails,
  ) {
    if (payload === undefined)
      return sendCode().then((code) => code.deployWith(this.ctx, this.options, this.known))
    // starknet.js builds the UDC call from the payload: what it cannot read is the caller's wrong argument.
    return super.deploy(payload, details).catch((cause: unknown) => {
      throw isWebWalletError(cause) ? cause : new InvalidOptionsError('payload', String(cause), { cause })
    })
  }

  /**
   * Runs the calls, deploying first when needed (with a deployer, else through the paymaster). A co-signer's
   * refusal or a balance too low for the fee (`shouldRetryGasless`) retries through the paymaster; both failing
   * is GASLESS_RETRY_FAILED with both errors (an unreachable service stays SERVICE_UNREACHABLE). `signal` and
   * `timeoutMs` bound the whole of it.
   */
  override async execute(
    calls: Call | readonly Call[],
    options: ExecuteOptions = {},
  ): Promise<{ transaction_hash: string }> {
    checkLimits(options)
    const compiled = await sessionCalls(calls, this.ctx.session.stored.allowedMethods)
    const { resourceBounds: _b, nonce: _n, tip: _t, version: _v, ...session } = options
    const details: ReadExecuteOptions = { ...session, ...readInvokeDetails(options) }
    const deadline = withDeadline('execute', options.timeoutMs ?? EXECUTE_TIMEOUT_MS, options.signal)
    const sendLog: SendLog = {}
    try {
      deadline.check()
      const ctx = {
        ...this.ctx,
        rpc: this.ctx.rpc.withSignal(deadline.signal),
        fetch: ((input, init) => this.ctx.fetch(input, { ...init, signal: deadline.signal })) as typeof fetch,
        sendLog,
      }
      const { guard } = this
      const { expiresAt } = this.ctx.session.stored
      // Queued: the previous execute of this account was sent (or failed) before this one reads its nonce.
      const send = async () => {
        deadline.check()
        guard.check(expiresAt)
        // The chain's clock rides in the batch that reads the deployed state and the nonce: one round trip.
        const state = await (await sendCode()).deployedWithNonce(ctx, CLOCK_CALL)
        guard.check(expiresAt, state.also[0])
        this.known.deployed = state.deployed
        const nonce = details.nonce ?? state.nonce
        const { runPipeline } = await sendCode()
        return runPipeline(ctx, compiled, { ...details, nonce }, this.options, this.known).catch(
          (error: unknown) => {
            throw guard.ended(error, expiresAt)
          },
        )
      }
      // The queue moves on when this execute's deadline fires, even if a request of it cannot be stopped.
      return await abortable(
        guard.queue(() => abortable(send(), deadline)),
        deadline,
      )
    } catch (error) {
      // A time limit or abort after the transaction left is "outcome unknown", never "not sent". Something
      // sent, its code was loaded.
      if (!sendLog.sent) throw error
      return await (await sendCode()).afterDeadline(error, sendLog, this.ctx.rpc)
    } finally {
      deadline.dispose()
    }
  }

  /**
   * A view call through the app's starknet.js: v8's Account is its own provider, v10's has `provider`
   * (where v10's Contract reads); both answer here, as tutorials call it on the account.
   */
  callContract(call: StarknetCall, blockIdentifier?: BlockIdentifier): Promise<string[]> {
    const own = (Account.prototype as Partial<ProviderInterface>).callContract
    return own ? own.call(this, call, blockIdentifier) : this.provider.callContract(call, blockIdentifier)
  }

  /**
   * The fee of the self-paid invoke as the session sends it: the placeholder session signature, the
   * session validation's L2 gas, the margins of execute's bounds (`overall_fee` is their maximum cost).
   * Undeployed: the deployment and the invoke (nonce 1) together. `nonce` and `tip` as in execute.
   */
  override async estimateInvokeFee(
    calls: Call | readonly Call[],
    options: InvokeDetails = {},
  ): Promise<EstimateFeeResponseOverhead> {
    checkLimits(options, 'details')
    const compiled = await sessionCalls(calls, this.ctx.session.stored.allowedMethods)
    const details = readInvokeDetails(options)
    return (await sendCode()).estimateRoute(this.ctx, compiled, details, this.known)
  }

  /** Invokes only (each with {@link estimateInvokeFee}, nonces in order); anything else is refused. */
  override async estimateFeeBulk(invocations: Invocations, details: UniversalDetails = {}) {
    if (!Array.isArray(invocations)) throw new InvalidOptionsError('invocations', 'must be a list')
    checkLimits(details, 'details')
    const given = readInvokeDetails({ nonce: details.nonce }).nonce
    for (const invocation of invocations) {
      const type = (invocation as { type?: unknown } | null)?.type
      if (type !== 'INVOKE') throw new NotSupportedBySessionError(String(type))
    }
    // Read through the SDK's node client (coded errors); undeployed, the invokes follow the deployment (0).
    const state =
      invocations.length && given === undefined
        ? await (await sendCode()).deployedWithNonce(this.ctx)
        : undefined
    const nonce = given ?? (state?.deployed ? (state.nonce ?? 0n) : 1n)
    const estimates: EstimateFeeResponseOverhead[] = []
    for (const [index, invocation] of invocations.entries()) {
      if (invocation.type !== 'INVOKE') continue // refused above; narrows the type
      const calls = 'payload' in invocation ? invocation.payload : (invocation as Call)
      estimates.push(await this.estimateInvokeFee(calls, { ...details, nonce: nonce + BigInt(index) }))
    }
    return estimates
  }

  override declare(_payload?: DeclareContractPayload, _details?: UniversalDetails) {
    return refuse('declare')
  }
  override declareIfNot(_payload?: DeclareContractPayload, _details?: UniversalDetails) {
    return refuse('declare')
  }
  override declareAndDeploy(_payload?: DeclareAndDeployContractPayload, _details?: UniversalDetails) {
    return refuse('declare')
  }
  override estimateDeclareFee(_payload?: DeclareContractPayload, _details?: UniversalDetails) {
    return refuse('declare')
  }
  /** The session's own account deploys with {@link deploy}; no other account is deployed by a session. */
  override deployAccount(_payload?: DeployAccountContractPayload, _details?: UniversalDetails) {
    return refuse('deployAccount')
  }
  override estimateAccountDeployFee(_payload?: DeployAccountContractPayload, _details?: UniversalDetails) {
    return refuse('deployAccount')
  }

  /**
   * Signs outside-execution typed data only ('signMessage only for outside execution'). With `calls`, the
   * typed data must carry exactly those; without, its calls are signed as they are (starknet.js
   * `signMessage(typedData)` callers such as a paymaster SDK), each still needing the session's permission.
   */
  override async signMessage(
    typedData: OutsideTypedData | TypedData,
    calls?: Call | readonly Call[],
  ): Promise<string[]> {
    this.guard.check(Number.POSITIVE_INFINITY) // SESSION_REVOKED, with why
    // Wrong arguments are coded refusals, never a TypeError of reading a field of nothing.
    if (typeof typedData !== 'object' || typedData === null) {
      throw new InvalidOptionsError('typedData', 'must be an object')
    }
    if (calls !== undefined) checkCalls(calls)
    const outside = typedData as OutsideTypedData
    const compiled = calls === undefined ? undefined : await compileCalls(calls)
    if (!compiled && typedData.primaryType !== 'OutsideExecution') throw new OutsideExecutionOnlyError()
    const { namedCalls, signOutsideExecution } = await sendCode()
    const names = this.ctx.session.stored.allowedMethods.map((method) => method.selector)
    return signOutsideExecution(this.ctx, outside, compiled ?? namedCalls(outside, names))
  }

  /** Same as {@link signMessage}: the session signs outside executions for relayers. */
  signMessageFromOutside(typedData: OutsideTypedData, calls?: Call | readonly Call[]): Promise<string[]> {
    return this.signMessage(typedData, calls)
  }

  /**
   * An `execute_from_outside_v2` payload for a relayer, signed by the session: any caller, a random nonce, valid
   * from 10 minutes before to 20 after the chain's clock (block time is what the account checks) unless
   * `executeAfter` / `executeBefore` are given. SESSION_EXPIRED once the chain's clock passed the session.
   */
  async getOutsideExecutionPayload(calls: Call | readonly Call[], options: OutsideExecutionOptions = {}) {
    this.guard.check(Number.POSITIVE_INFINITY) // SESSION_REVOKED, with why
    // The same checks as execute: an empty list is refused here, not by the cosigner.
    checkLimits(options)
    const compiled = await sessionCalls(calls, this.ctx.session.stored.allowedMethods)
    const nonce = options.nonce ?? randomFelt()
    const { expiresAt } = this.ctx.session.stored
    const block = await (await sendCode()).outsideReads(this.ctx, this.known, nonce, windowReads(options))
    // No block (0) only when the caller gave both bounds: windowReads asks for one whenever a bound is missing.
    const chainSeconds = this.guard.check(expiresAt, block) ?? 0
    const transaction = await this.getOutsideTransaction(
      {
        caller: options.caller === undefined ? 'ANY_CALLER' : toHex(options.caller),
        ...outsideWindow(options, chainSeconds),
      },
      compiled,
      '2',
      nonce,
    ).catch((error: unknown) => {
      throw this.guard.ended(error, expiresAt)
    })
    return {
      contractAddress: this.ctx.address,
      entrypoint: 'execute_from_outside_v2',
      calldata: outsideExecution.buildExecuteFromOutsideCallData(transaction).map(toHex),
    }
  }

  /** The receipt, with starknet.js's helpers (`isSuccess()`, `match`...) as its `waitForTransaction` has. */
  async waitForTransaction(transactionHash: string, options: WaitOptions = {}) {
    const receipt = await waitForTransaction(this.ctx.rpc, transactionHash, options)
    return new ReceiptTx(receipt as never) as GetTransactionReceiptResponse & Record<string, unknown>
  }

  /**
   * Waits until the chain reaches `block` (every 5000 ms unless told); `signal` stops it. starknet.js's
   * signature: a block number (or hex), 'latest' at once, 'pre_confirmed' the next block; the second
   * argument a retry interval in ms or `{ retryInterval, signal }`.
   */
  async waitForBlock(
    block: BlockIdentifier = 'latest',
    options: number | { retryInterval?: number; signal?: AbortSignal } = {},
  ): Promise<void> {
    if (block === 'latest' || block === 'pending' || block === null) return
    const wait = typeof options === 'number' ? { retryInterval: options } : options
    const target =
      block === 'pre_confirmed'
        ? (await this.ctx.rpc.request<number>('starknet_blockNumber')) + 1
        : blockNumberOf(block)
    await waitForBlock(this.ctx.rpc, target, wait)
  }
}

// A block number as starknet.js takes it (a number, a bigint, a hex or decimal string); anything else is coded.
function blockNumberOf(block: unknown): number {
  const number = Number(integerOf(block) ?? Number.NaN)
  if (!Number.isSafeInteger(number)) {
    throw new InvalidOptionsError('block', "must be a block number, 'latest' or 'pre_confirmed'")
  }
  return number
}

const refuse = (operation: string): Promise<never> =>
  Promise.reject(new NotSupportedBySessionError(operation))

/**
 * The account's starknet.js signer: the session's public key, outside executions signed as
 * {@link SessionAccount.signMessage} does; a transaction is signed only on the session's own route (execute),
 * so starknet.js's own signing paths are NOT_SUPPORTED_BY_SESSION.
 */
function sessionSigner(account: () => SessionAccount): SignerInterface {
  return {
    getPubKey: async () => account().session.sessionKey.publicKey,
    signMessage: (typedData: TypedData) => account().signMessage(typedData),
    signTransaction: () => refuse('signTransaction'),
    signDeployAccountTransaction: () => refuse('deployAccount'),
    signDeclareTransaction: () => refuse('declare'),
  }
}
