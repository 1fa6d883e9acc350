// Typed data for the UI's tests: complete SNIP-12 (types for every field signed), as dapps send it, from
// protocol's shared fixtures.
import { STRK_ADDRESS, type TypedData, toHex } from '@webwallet/protocol'
import {
  mail,
  type OutsideExecutionWindow,
  outsideExecution,
} from '../../../../protocol/src/typedData/testing/messages'

/** A revision 1 message with one short-string field `contents` (protocol's shared fixture). */
export const mailTypedData = (contents = 'hello wallet', name = 'Demo'): TypedData => mail(contents, { name })

/**
 * SNIP-9 v2 typed data: anyone may submit one STRK call with `calldata`, in the window given (seconds); the
 * STRK address unpadded, as dapps often write it (protocol's shared fixture).
 */
export const outsideExecutionTypedData = (
  calldata: string[],
  window: OutsideExecutionWindow = {},
): TypedData => outsideExecution(calldata, window, toHex(BigInt(STRK_ADDRESS)))
