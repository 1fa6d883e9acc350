// Before a session signs an outside execution, the calls it was asked for must be exactly the calls in
// the typed data, in order; otherwise the proofs would be built for different calls than those executed.
import { MismatchedContractAddressError, MismatchedSelectorError, UnalignedProofsError } from '../errors/sdk'
import type { NamedCall } from './allowedMethods'
import { type FeltLike, selectorFromName, toFelt } from './felt'

/** A call as it appears in outside-execution typed data. */
export interface TypedDataCall {
  readonly To: FeltLike
  readonly Selector: FeltLike
}

/**
 * Throws 'unaligned proofs', 'mismatched contract address' or 'mismatched selector' unless the calls match.
 * @example assertCallsAligned(typedData.message.Calls, calls)
 */
export function assertCallsAligned(
  messageCalls: readonly TypedDataCall[],
  calls: readonly NamedCall[],
): void {
  if (messageCalls.length !== calls.length) throw new UnalignedProofsError()
  messageCalls.forEach((messageCall, index) => {
    const call = calls[index]!
    if (toFelt(messageCall.To) !== toFelt(call.contractAddress)) throw new MismatchedContractAddressError()
    if (toFelt(messageCall.Selector) !== selectorFromName(call.entrypoint))
      throw new MismatchedSelectorError()
  })
}
