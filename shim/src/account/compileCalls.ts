// A session account's calls compiled, with the calldata reader of the first-use chunk (loaded at the first
// call compiled). Apart from ./calls.ts, which the chunk's own modules import: no import loops back.
import { ValidationError } from '@webwallet/protocol/errors'
import { toHex } from '@webwallet/protocol/session'
import { hostAddress } from './calls'
import type { Call, CompiledCall } from './context'
import { sendCode } from './sendCode'

/**
 * Normalises one call or a list: addresses as felt hex, calldata compiled as starknet.js's
 * `CallData.compile` compiles it (nested lists, u256 `{low, high}`, structs, arguments by name, Cairo
 * Option/Result/enum values) by protocol's `readCalldata`, the same reader as the wallet's; a value that reads
 * two ways is ValidationError (wallet API 114) naming the call and the place.
 *
 * @example
 * await compileCalls({ contractAddress: '0x1', entrypoint: 'transfer', calldata: ['0x2', cairo.uint256(1000)] })
 */
export async function compileCalls(calls: Call | readonly Call[]): Promise<CompiledCall[]> {
  // Loaded on the first call compiled (with the route that sends): a page pays for it when it sends.
  const { readCalldata } = await sendCode()
  const list: readonly Call[] = Array.isArray(calls) ? calls : [calls as Call]
  return list.map((call, index) => {
    const read = readCalldata(call.calldata, index)
    if ('issue' in read) throw new ValidationError([read.issue])
    return {
      contractAddress: toHex(hostAddress(call.contractAddress)),
      entrypoint: call.entrypoint,
      calldata: read.felts.map(toHex),
    }
  })
}
