// A session account's calls as the host app gives them: checked, compiled with the calldata reader of the
// first-use chunk (loaded at the first call compiled), and each allowed by the session. Apart from
// ./hostAddress.ts, which the chunk's own modules import: no import loops back.
import { ValidationError } from '@webwallet/protocol/errors'
import { type AllowedMethod, toHex } from '@webwallet/protocol/session'
import { methodsTree } from '../session/crypto'
import { invalid, isObject } from './arguments'
import type { Call, CompiledCall } from './context'
import { hostAddress } from './hostAddress'
import { sendCode } from './sendCode'

/**
 * Checks `execute`'s calls before anything is built; throws INVALID_OPTIONS naming the path ('calls.0.calldata').
 *
 * @example
 * checkCalls([]) // throws 'Invalid option calls: must not be empty'
 */
export function checkCalls(calls: unknown): void {
  const list = Array.isArray(calls) ? calls : [calls]
  if (list.length === 0) invalid('calls', 'must not be empty')
  list.forEach((call, i) => {
    const { contractAddress, entrypoint, calldata = [] } = isObject(call) ? call : {}
    // A contract address that is a string but no address is INVALID_ADDRESS_FORMAT, later.
    if (typeof contractAddress !== 'string' || typeof entrypoint !== 'string' || !entrypoint) {
      invalid(`calls.${i}`, 'must be a call with a contractAddress and an entrypoint')
    }
    // A list, or starknet.js's calldata by argument name (compiled in key order, as starknet.js does).
    if (!isObject(calldata)) invalid(`calls.${i}.calldata`, 'must be a list or an object of arguments')
  })
}

/**
 * The calls checked ({@link checkCalls}), compiled ({@link compileCalls}) and each allowed by the session's
 * `methods` (CALL_NOT_ALLOWED before anything is sent).
 *
 * @example
 * const compiled = await sessionCalls(calls, stored.allowedMethods)
 */
export async function sessionCalls(
  calls: Call | readonly Call[],
  methods: readonly AllowedMethod[],
): Promise<CompiledCall[]> {
  checkCalls(calls)
  const compiled = await compileCalls(calls)
  const tree = methodsTree(methods)
  for (const call of compiled) tree.proofFor(call)
  return compiled
}

/**
 * Normalises one call or a list as starknet.js's `CallData.compile` does, through protocol's `readCalldata` (the
 * wallet's reader); a value that reads two ways is ValidationError (wallet API 114) naming the call and place.
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
