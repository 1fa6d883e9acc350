import { FEE_RESOURCES } from '@webwallet/protocol/fees'
import { fields, hasShape, isArrayOf, isCount, isFelt, isOptional, isString, isUint } from '../http/shape'

// What the SDK reads of each node answer, checked once in the client so a wrongly shaped answer is
// UNEXPECTED_ANSWER, never a TypeError or SyntaxError further on (BigInt(null), estimate[0].overall_fee).

// Fee fields are u64/u128 hex strings on the wire; decimal strings and integers are read the same way.
const isQuantity = (value: unknown) => isUint(value) || isCount(value)
const FEE_FIELDS = FEE_RESOURCES.flatMap((g) => [`${g}_consumed`, `${g}_price`])
const isEstimate = (value: unknown) =>
  hasShape(value, Object.fromEntries([...FEE_FIELDS, 'overall_fee'].map((key) => [key, isQuantity])))

/** Per JSON-RPC method, the check its `result` must pass; a method not listed is not read by the SDK. */
export const RPC_ANSWERS: Record<string, (result: unknown) => unknown> = {
  starknet_getNonce: isFelt,
  starknet_getClassHashAt: isFelt,
  starknet_call: isArrayOf(isFelt),
  starknet_estimateFee: isArrayOf(isEstimate),
  starknet_addInvokeTransaction: (r) => hasShape(r, { transaction_hash: isFelt }),
  starknet_getTransactionStatus: (r) =>
    hasShape(r, { finality_status: isString, execution_status: isOptional(isString) }),
  starknet_getTransactionReceipt: fields,
  starknet_getBlockWithTxHashes: (r) => hasShape(r, { timestamp: isCount }),
  starknet_blockNumber: isCount,
}
