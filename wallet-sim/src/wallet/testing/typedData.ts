// Typed data for the UI's tests: complete SNIP-12 (types for every field signed), as dapps send it.
import { STRK_ADDRESS, type TypedData, toHex } from '@webwallet/protocol'
import { OUTSIDE_EXECUTION_V2_TYPES } from '@webwallet/protocol/typedData'
import { mail } from '../../../../protocol/src/typedData/testing/messages'

// Unpadded, as dapps often write it.
const STRK = toHex(BigInt(STRK_ADDRESS))

/** A revision 1 message with one short-string field `contents` (protocol's shared fixture). */
export const mailTypedData = (contents = 'hello wallet', name = 'Demo'): TypedData => mail(contents, { name })

/** SNIP-9 v2 typed data: anyone may submit one STRK call with `calldata`, in the window given (seconds). */
export function outsideExecutionTypedData(
  calldata: string[],
  window: { after?: string; before?: string } = {},
): TypedData {
  return {
    types: OUTSIDE_EXECUTION_V2_TYPES,
    primaryType: 'OutsideExecution',
    domain: { name: 'Account.execute_from_outside', version: '2', chainId: 'SN_SEPOLIA', revision: '1' },
    message: {
      Caller: '0x414e595f43414c4c4552',
      Nonce: '0x1',
      'Execute After': window.after ?? '0x0',
      'Execute Before': window.before ?? '1767229200',
      Calls: [{ To: STRK, Selector: 'transfer', Calldata: calldata }],
    },
  }
}
