import { toCalldata } from '@webwallet/protocol'
import { toHex } from '@webwallet/protocol/session'
import type { Call, CompiledCall } from './context'

/**
 * Normalises one call or a list: addresses as felt hex, calldata converted with the SDK's rules (long
 * numeric strings as big integers; 'Failed to convert value ... at index N' otherwise).
 *
 * @example
 * compileCalls({ contractAddress: '0x1', entrypoint: 'transfer', calldata: ['0x2', '1000', 0] })
 */
export function compileCalls(calls: Call | readonly Call[]): CompiledCall[] {
  const list: readonly Call[] = Array.isArray(calls) ? calls : [calls as Call]
  return list.map((call) => ({
    contractAddress: toHex(call.contractAddress),
    entrypoint: call.entrypoint,
    calldata: toCalldata(call.calldata ?? []),
  }))
}

/**
 * The `__execute__` calldata of Cairo 1 accounts: [n, (to, selector, len, ...data)×n].
 *
 * @example
 * executeCalldata(compileCalls(calls))
 */
export function executeCalldata(
  calls: readonly CompiledCall[],
  selectorOf: (name: string) => bigint,
): string[] {
  return [
    toHex(BigInt(calls.length)),
    ...calls.flatMap((call) => [
      call.contractAddress,
      toHex(selectorOf(call.entrypoint)),
      toHex(BigInt(call.calldata.length)),
      ...call.calldata,
    ]),
  ]
}
