import { CalldataConversionError, InvalidAddressFormatError } from '@webwallet/protocol/errors'
import { FIELD_PRIME, toHex } from '@webwallet/protocol/session'
import { CallData, type RawArgs, shortString } from 'starknet'
import type { Call, CompiledCall } from './context'

const HEX = /^0x[0-9a-f]+$/i
const DECIMAL = /^\d+$/

/**
 * One calldata value as a felt: hex, decimal (strings longer than 15 characters read as big integers,
 * shorter ones as numbers), bigint, safe integer, or a short string; otherwise 'Failed to convert value ...
 * at index N'.
 *
 * @example
 * convertCalldataValue('1234567890123456789', 0) // 1234567890123456789n
 */
export function convertCalldataValue(value: unknown, index: number): bigint {
  const felt = readCalldataValue(value, index)
  // A value at or above the field prime is no felt: the same error as any other unconvertible value.
  if (felt >= FIELD_PRIME) throw new CalldataConversionError(value, index)
  return felt
}

function readCalldataValue(value: unknown, index: number): bigint {
  try {
    if (typeof value === 'bigint' && value >= 0n) return value
    if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value)
    if (typeof value === 'string') {
      if (HEX.test(value)) return BigInt(value)
      // Long decimal strings lose precision as a Number, so they go through BigInt.
      if (DECIMAL.test(value)) return value.length > 15 ? BigInt(value) : BigInt(Number.parseInt(value, 10))
      if (value.length > 0 && value.length <= 31 && shortString.isASCII(value)) {
        return BigInt(shortString.encodeShortString(value))
      }
    }
  } catch (cause) {
    throw new CalldataConversionError(value, index, { cause })
  }
  throw new CalldataConversionError(value, index)
}

/**
 * Normalises one call or a list: addresses as felt hex, calldata converted with {@link convertCalldataValue}
 * (arguments given by name are first flattened by starknet.js's `CallData.compile`).
 *
 * @example
 * compileCalls({ contractAddress: '0x1', entrypoint: 'transfer', calldata: ['0x2', '1000', 0] })
 */
export function compileCalls(calls: Call | readonly Call[]): CompiledCall[] {
  const list: readonly Call[] = Array.isArray(calls) ? calls : [calls as Call]
  return list.map((call) => ({
    contractAddress: toHex(hostAddress(call.contractAddress)),
    entrypoint: call.entrypoint,
    // Arguments by name (starknet.js RawArgsObject) are flattened in their order by starknet.js.
    calldata: (Array.isArray(call.calldata)
      ? call.calldata
      : CallData.compile((call.calldata ?? []) as RawArgs)
    ).map((value: unknown, index: number) => toHex(convertCalldataValue(value, index))),
  }))
}

/**
 * The `__execute__` calldata of Cairo 1 accounts: [n, (to, selector, len, ...data)×n].
 *
 * @example
 * executeCalldata(compileCalls(calls), selectorFromName)
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
