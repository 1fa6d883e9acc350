// The account entry points the protocol calls: `__validate__`, `__execute__`, `__validate_deploy__`,
// and `is_valid_signature`, with Argent 0.4.0's owner + guardian and session-token rules.
import { isSessionSignature } from '@webwallet/protocol/session'
import {
  type Call,
  ContractError,
  type EntryPoint,
  type ExecutionContext,
  type Felt,
  VALID,
} from '../../contract'
import { selectorOf } from '../../felt'
import { decodeCalls, encodeResults } from '../calls'
import { arg } from '../u256'
import { emitTransactionExecuted } from './events'
import {
  assertDeployAccountTx,
  assertInvokeTx,
  assertNoPaymasterData,
  assertNoSelfCall,
  assertOnlyProtocol,
} from './guards'
import { assertValidSession } from './session'
import { assertValidSpanSignature, isValidSpanSignature, parseSignatureArray } from './signatures'

const FORBIDDEN_SELF_CALLS = new Set([selectorOf('execute_after_upgrade'), selectorOf('perform_upgrade')])

/**
 * Owner (+ guardian) signatures over `hash` for `calls`. A single call to the account itself is allowed
 * (admin entry points), except the upgrade callbacks; a multicall may not touch the account.
 * Escape calls, which Argent lets one party sign alone, are not simulated and need both signatures.
 */
export function assertValidCallsAndSignature(
  ctx: ExecutionContext,
  calls: readonly Call[],
  hash: Felt,
  signature: readonly Felt[],
): void {
  const signatures = parseSignatureArray(ctx, signature)
  const [first] = calls
  if (calls.length === 1 && first!.to === ctx.contractAddress) {
    if (FORBIDDEN_SELF_CALLS.has(first!.selector)) throw new ContractError('argent/forbidden-call')
  } else {
    assertNoSelfCall(calls, ctx.contractAddress)
  }
  assertValidSpanSignature(ctx, hash, signatures)
}

/** `__validate__(calls) -> 'VALID'`. */
export const validate: EntryPoint = (ctx, calldata) => {
  const calls = decodeCalls(calldata)
  assertOnlyProtocol(ctx)
  assertInvokeTx(ctx)
  assertNoPaymasterData(ctx)
  if (isSessionSignature(ctx.tx.signature)) assertValidSession(ctx, calls, ctx.tx.hash, ctx.tx.signature)
  else assertValidCallsAndSignature(ctx, calls, ctx.tx.hash, ctx.tx.signature)
  return [VALID]
}

/** `__execute__(calls) -> Array<Span<felt252>>`; a session must still be unexpired at execution time. */
export const execute: EntryPoint = (ctx, calldata) => {
  const calls = decodeCalls(calldata)
  assertOnlyProtocol(ctx)
  assertInvokeTx(ctx)
  const { signature } = ctx.tx
  // signature[1] is the session's expires_at, already deserialised by __validate__.
  if (isSessionSignature(signature) && (signature[1] ?? 0n) < ctx.block.timestamp) {
    throw new ContractError('session/expired')
  }
  const results = calls.map((call) => ctx.callContract(call))
  emitTransactionExecuted(ctx, ctx.tx.hash, results)
  return encodeResults(results)
}

/** `__validate_deploy__(class_hash, salt, owner, guardian) -> 'VALID'`: the constructor has already run. */
export const validateDeploy: EntryPoint = (ctx) => {
  assertDeployAccountTx(ctx)
  assertNoPaymasterData(ctx)
  assertValidSpanSignature(ctx, ctx.tx.hash, parseSignatureArray(ctx, ctx.tx.signature))
  return [VALID]
}

function signatureArgument(calldata: readonly Felt[]): { hash: Felt; signature: Felt[] } {
  const hash = arg(calldata, 0)
  const length = Number(arg(calldata, 1))
  if (calldata.length !== 2 + length) throw new ContractError('Failed to deserialize param #2')
  return { hash, signature: calldata.slice(2) }
}

/** `is_valid_signature(hash, signature) -> 'VALID' | 0` (SRC-6). */
export const isValidSignature: EntryPoint = (ctx, calldata) => {
  const { hash, signature } = signatureArgument(calldata)
  return [isValidSpanSignature(ctx, hash, parseSignatureArray(ctx, signature)) ? VALID : 0n]
}

/** Deprecated `isValidSignature(hash, signatures) -> 1`, panicking when invalid. */
export const isValidSignatureLegacy: EntryPoint = (ctx, calldata) => {
  if (isValidSignature(ctx, calldata)[0] !== VALID) throw new ContractError('argent/invalid-signature')
  return [1n]
}
