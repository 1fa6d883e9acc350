// Argent's small assertions: caller, transaction version, paymaster data, self-calls.
import { type Call, ContractError, type ExecutionContext } from '../../contract'

const QUERY_OFFSET = 2n ** 128n
const DEPLOY_OR_INVOKE_VERSIONS = new Set([1n, 3n, QUERY_OFFSET + 1n, QUERY_OFFSET + 3n])

/** `assert_only_protocol`: account entry points the sequencer calls have caller 0. */
export function assertOnlyProtocol(ctx: ExecutionContext): void {
  if (ctx.callerAddress !== 0n) throw new ContractError('argent/non-null-caller')
}

/** `assert_only_self`: admin entry points run only from the account's own `__execute__`. */
export function assertOnlySelf(ctx: ExecutionContext): void {
  if (ctx.callerAddress !== ctx.contractAddress) throw new ContractError('argent/only-self')
}

/** Invoke V1/V3 (and their query versions), and no paymaster data, which Argent 0.4 does not support. */
export function assertInvokeTx(ctx: ExecutionContext): void {
  if (!DEPLOY_OR_INVOKE_VERSIONS.has(ctx.tx.version)) throw new ContractError('argent/invalid-tx-version')
}

export function assertDeployAccountTx(ctx: ExecutionContext): void {
  if (!DEPLOY_OR_INVOKE_VERSIONS.has(ctx.tx.version))
    throw new ContractError('argent/invalid-deploy-account-v')
}

export function assertNoPaymasterData(ctx: ExecutionContext): void {
  if (ctx.tx.paymasterData.length !== 0) throw new ContractError('argent/unsupported-paymaster')
}

/** `assert_no_self_call`: a multicall (or a session) may not call the account itself. */
export function assertNoSelfCall(calls: readonly Call[], self: bigint): void {
  if (calls.some((call) => call.to === self)) throw new ContractError('argent/no-multicall-to-self')
}
