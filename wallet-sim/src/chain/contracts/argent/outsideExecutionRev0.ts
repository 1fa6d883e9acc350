// SNIP-9 version 1 (`execute_from_outside`): its message is SNIP-12 revision 0 typed data (Pedersen,
// domain 'Account.execute_from_outside' version 1), which starknet.js hashes exactly as Argent's Cairo does.
import { type OutsideExecution, toHex } from '@webwallet/protocol/session'
import { typedData } from 'starknet'
import type { Felt } from '../../contract'

const TYPES = {
  StarkNetDomain: [
    { name: 'name', type: 'felt' },
    { name: 'version', type: 'felt' },
    { name: 'chainId', type: 'felt' },
  ],
  OutsideExecution: [
    { name: 'caller', type: 'felt' },
    { name: 'nonce', type: 'felt' },
    { name: 'execute_after', type: 'felt' },
    { name: 'execute_before', type: 'felt' },
    { name: 'calls_len', type: 'felt' },
    { name: 'calls', type: 'OutsideCall*' },
  ],
  OutsideCall: [
    { name: 'to', type: 'felt' },
    { name: 'selector', type: 'felt' },
    { name: 'calldata_len', type: 'felt' },
    { name: 'calldata', type: 'felt*' },
  ],
}

/**
 * The revision 0 message hash of an outside execution for `accountAddress` on `chainId`.
 * @example outsideExecutionHashRev0(execution, account, chainId)
 */
export function outsideExecutionHashRev0(
  execution: OutsideExecution,
  accountAddress: Felt,
  chainId: Felt,
): Felt {
  const message = {
    caller: toHex(execution.caller),
    nonce: toHex(execution.nonce),
    execute_after: toHex(execution.executeAfter),
    execute_before: toHex(execution.executeBefore),
    calls_len: execution.calls.length,
    calls: execution.calls.map((call) => ({
      to: toHex(call.to),
      selector: toHex(call.selector),
      calldata_len: call.calldata.length,
      calldata: call.calldata.map(toHex),
    })),
  }
  const data = {
    types: TYPES,
    primaryType: 'OutsideExecution',
    domain: { name: 'Account.execute_from_outside', version: '1', chainId: toHex(chainId) },
    message,
  }
  return BigInt(typedData.getMessageHash(data, toHex(accountAddress)))
}
