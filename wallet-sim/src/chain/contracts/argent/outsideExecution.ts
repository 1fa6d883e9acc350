// SNIP-9 `execute_from_outside_v2` (and v1 `execute_from_outside`) of Argent account 0.4.0: caller and time-window checks, a
// single-use nonce, then the same signature rules as a transaction (owner + guardian, or a session token).
import {
  ANY_CALLER,
  DeserializeError,
  isSessionSignature,
  type OutsideExecution,
  outsideExecutionHash,
  parseOutsideExecutionCalldata,
} from '@webwallet/protocol/session'
import { type Call, ContractError, type EntryPoint, type ExecutionContext, type Felt } from '../../contract'
import { L2_GAS } from '../../gas'
import { encodeResults } from '../calls'
import { arg } from '../u256'
import { emitTransactionExecuted } from './events'
import { outsideExecutionHashRev0 } from './outsideExecutionRev0'
import { assertValidSession } from './session'
import { outsideNonceSlot } from './storage'
import { assertValidCallsAndSignature } from './validate'

function parse(calldata: readonly Felt[]): { execution: OutsideExecution; signature: Felt[] } {
  try {
    return parseOutsideExecutionCalldata(calldata)
  } catch (error) {
    if (error instanceof DeserializeError) throw new ContractError('Failed to deserialize param #1')
    throw error
  }
}

type MessageHash = (execution: OutsideExecution, accountAddress: Felt, chainId: Felt) => Felt

/** Argent's `assert_valid_outside_execution`, then the calls, for either SNIP-9 revision. */
function runOutsideExecution(
  ctx: ExecutionContext,
  calldata: readonly Felt[],
  messageHash: MessageHash,
): Felt[] {
  const { execution, signature } = parse(calldata)
  if (execution.caller !== ANY_CALLER && ctx.callerAddress !== execution.caller) {
    throw new ContractError('argent/invalid-caller')
  }
  const now = ctx.block.timestamp
  if (!(execution.executeAfter < now && now < execution.executeBefore))
    throw new ContractError('argent/invalid-timestamp')
  const nonceSlot = outsideNonceSlot(execution.nonce)
  if (ctx.storageRead(nonceSlot) !== 0n) throw new ContractError('argent/duplicated-outside-nonce')
  ctx.storageWrite(nonceSlot, 1n)

  const hash = messageHash(execution, ctx.contractAddress, ctx.tx.chainId)
  ctx.consumeGas?.(L2_GAS.typedDataHash)
  const calls: Call[] = execution.calls.map((call) => ({ ...call }))
  if (isSessionSignature(signature)) assertValidSession(ctx, calls, hash, signature)
  else assertValidCallsAndSignature(ctx, calls, hash, signature)

  const results = calls.map((call) => ctx.callContract(call))
  emitTransactionExecuted(ctx, hash, results)
  return encodeResults(results)
}

/** `execute_from_outside_v2(outside_execution, signature) -> Array<Span<felt252>>` (SNIP-12 revision 1). */
export const executeFromOutsideV2: EntryPoint = (ctx, calldata) =>
  runOutsideExecution(ctx, calldata, outsideExecutionHash)

/** `execute_from_outside(outside_execution, signature) -> Array<Span<felt252>>` (SNIP-12 revision 0). */
export const executeFromOutsideV1: EntryPoint = (ctx, calldata) =>
  runOutsideExecution(ctx, calldata, outsideExecutionHashRev0)

/** `is_valid_outside_execution_nonce(nonce) -> bool`. */
export const isValidOutsideExecutionNonce: EntryPoint = (ctx, calldata) => [
  ctx.storageRead(outsideNonceSlot(arg(calldata, 0))) === 0n ? 1n : 0n,
]

const messageHashView =
  (messageHash: MessageHash): EntryPoint =>
  (ctx, calldata) => {
    const { execution } = parse([...calldata, 0n])
    return [messageHash(execution, ctx.contractAddress, ctx.tx.chainId)]
  }

/** `get_outside_execution_message_hash_rev_1(outside_execution) -> felt252`. */
export const outsideExecutionMessageHash = messageHashView(outsideExecutionHash)

/** `get_outside_execution_message_hash_rev_0(outside_execution) -> felt252`. */
export const outsideExecutionMessageHashRev0 = messageHashView(outsideExecutionHashRev0)
