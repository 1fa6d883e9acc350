import { ValidationError } from '../errors/validation'
import { readCalldata } from '../schemas/readCalldata'
import { toHex } from '../starknet/felt'
import { STRICT_FELT_FORMS, strictFelt } from '../starknet/strictFelt'

// The reading of one felt lives with the other Starknet facts (protocol/src/starknet/strictFelt.ts); the
// calls and the coded refusals built on it live here.
export { readFelt, STRICT_FELT_FORMS, strictFelt, strictUint256 } from '../starknet/strictFelt'

/** A call whose address and calldata are felts, as the wallet shows and signs them. */
export interface FeltCallOf {
  /** The contract's address as its felt in lowercase hex, without padding. */
  readonly contractAddress: string
  readonly entrypoint: string
  readonly calldata: readonly bigint[]
}

/**
 * The felts of every call's address and calldata, the calldata compiled as starknet.js compiles it
 * (`compileCalldata`: nested lists, objects of arguments, u256 `{low, high}`). Throws ValidationError
 * (wallet API 114) naming the first address not in {@link STRICT_FELT_FORMS} or calldata value that reads
 * two ways, e.g. `Call 0, calldata[1]: "1 " is refused, text that reads as a number (…).`
 *
 * @example
 * strictCalls([{ contractAddress: '0x4718…', entrypoint: 'transfer', calldata: ['0xa', { low: 1, high: 0 }] }])
 */
export function strictCalls(
  calls: readonly { contractAddress: unknown; entrypoint: string; calldata?: unknown }[],
): FeltCallOf[] {
  return calls.map((call, index) => {
    const address = strictFelt(call.contractAddress)
    if ('refused' in address)
      refuse(
        [index, 'contractAddress'],
        `Call ${index}, contract address`,
        call.contractAddress,
        address.refused,
      )
    const calldata = readCalldata(call.calldata, index)
    if ('issue' in calldata) throw new ValidationError([calldata.issue])
    return { contractAddress: toHex(address.felt), entrypoint: call.entrypoint, calldata: calldata.felts }
  })
}

/**
 * Throws ValidationError for a value that is not a strict felt, `where` naming it in the message.
 *
 * @example
 * strictFeltOrThrow(message.Caller, ['message', 'Caller'], 'The caller') // 0x…n
 */
export function strictFeltOrThrow(value: unknown, path: (string | number)[], where: string): bigint {
  const read = strictFelt(value)
  if ('refused' in read) refuse(path, where, value, read.refused)
  return read.felt
}

function refuse(path: (string | number)[], where: string, value: unknown, why: string): never {
  const shown =
    typeof value === 'string'
      ? JSON.stringify(value)
      : typeof value === 'bigint'
        ? `${value}n`
        : String(value)
  throw new ValidationError([
    { path, message: `${where}: ${shown} is not a felt (${why}). A felt is ${STRICT_FELT_FORMS}.` },
  ])
}
