import { classifyTypedData, type OutsideExecutionView } from '../typedData/classify'
import { readTypedData } from '../typedData/readTypedData'
import { refuse } from '../typedData/values'
import { encodeShortString } from './calldata'

// SNIP-9 outside executions as typed data (v1: revision 0; v2: revision 1). Their signature lets anyone (or
// the named caller) run the calls from the signing account: to a person it is a transaction, never "a
// message". Both functions are thin views of the canonical reader (protocol/typedData), which recognises an
// outside execution by the felts it hashes (domain name, version and type hashes), whatever their spelling.

export const OUTSIDE_EXECUTION_DOMAIN = 'Account.execute_from_outside'
export type { OutsideExecutionView }

/** The `caller` value that lets anyone submit it: the short string 'ANY_CALLER'. */
export const ANY_CALLER_FELT = encodeShortString('ANY_CALLER')

/**
 * Whether typed data is an outside execution, read canonically. Typed data the canonical reader refuses
 * (including an outside-execution domain in another shape) is reported as one: it must never pass as a message.
 *
 * @example
 * isOutsideExecutionTypedData(paymasterTypedData) // true
 */
export function isOutsideExecutionTypedData(typedData: unknown): boolean {
  try {
    return classifyTypedData(readTypedData(typedData)).kind === 'outsideExecution'
  } catch {
    return true
  }
}

/**
 * Reads outside-execution typed data (SNIP-9 v1 or v2) from its canonical felts. Throws ValidationError
 * (wallet API 114) for typed data that does not encode, or is not exactly an outside execution.
 *
 * @example
 * readOutsideExecution(typedData).calls[0] // { contractAddress: '0x4718…', selector: 'transfer', calldata: [...] }
 */
export function readOutsideExecution(typedData: unknown): OutsideExecutionView {
  const kind = classifyTypedData(readTypedData(typedData))
  if (kind.kind !== 'outsideExecution') return refuse(['domain', 'name'], 'is not an outside execution')
  return kind.outsideExecution
}
