import { InvalidAddressFormatError, ValidationError } from '@webwallet/protocol/errors'
import { FIELD_PRIME, toHex } from '@webwallet/protocol/session'
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

/**
 * The `__execute__` calldata of Cairo 1 accounts: [n, (to, selector, len, ...data)×n].
 *
 * @example
 * executeCalldata(await compileCalls(calls), selectorFromName)
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

const ADDRESS = /^0x[0-9a-f]{1,64}$/i

/**
 * An address the host app gave (a call's contract, an account for a backend URL), unchanged once checked;
 * anything else — not 0x hex, too long, at or above the field prime — is 'Invalid Address Format', before
 * it can reach a URL or a transaction.
 *
 * @example
 * hostAddress('0x049d3') // '0x049d3'; hostAddress('../admin') throws
 */
export function hostAddress(value: unknown): string {
  if (typeof value !== 'string' || !ADDRESS.test(value) || BigInt(value) >= FIELD_PRIME) {
    throw new InvalidAddressFormatError()
  }
  return value
}
