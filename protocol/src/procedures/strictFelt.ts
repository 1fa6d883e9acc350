import { ValidationError } from '../errors/validation'
import { readCalldata } from '../schemas/readCalldata'
import { toHex } from '../starknet/felt'
import { FIELD_PRIME } from '../starknet/field'

// The one reading of a felt the wallet shows and signs. starknet.js' calldata conversion (convertCalldataValue)
// reads many forms, some of them two ways at once: '1 ' or '-1' become short strings, '0x12g4…abcd' looks like
// an address but is a short string, a hex string at or above the field prime wraps. A wallet that shows one
// reading and signs the other shows another transaction than it signs, so its screens and its signer both
// read calldata with this function, which accepts only forms with one meaning.

/** What a wallet accepts as a felt, said once for the error texts and the docs. */
export const STRICT_FELT_FORMS =
  'a 0x hex string (digits 0-9, a-f, A-F, at most 64), a decimal string without sign, spaces or leading zeros, a non-negative safe integer or a bigint, below the field prime'

const HEX = /^0x[0-9a-fA-F]{1,64}$/
const DECIMAL = /^(0|[1-9][0-9]{0,77})$/

/**
 * The felt of `value`, or why it has none: only {@link STRICT_FELT_FORMS}.
 *
 * @example
 * strictFelt('0x1') // { felt: 1n }
 * strictFelt('1 ') // { refused: 'not a number (a string with other characters)' }
 */
export function strictFelt(value: unknown): { felt: bigint } | { refused: string } {
  let felt: bigint
  if (typeof value === 'bigint') felt = value
  else if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) return { refused: 'not a safe integer' }
    felt = BigInt(value)
  } else if (typeof value === 'string') {
    if (HEX.test(value) || DECIMAL.test(value)) felt = BigInt(value)
    else return { refused: stringFault(value) }
  } else return { refused: `a ${value === null ? 'null' : typeof value}, not a number` }
  if (felt < 0n) return { refused: 'negative' }
  if (felt >= FIELD_PRIME) return { refused: 'not below the field prime' }
  return { felt }
}

/**
 * A u256 (an ERC-20 amount) in the forms {@link strictFelt} accepts, below 2^256 instead of the field prime.
 *
 * @example
 * strictUint256('0x' + 'f'.repeat(64)) // { value: 2n ** 256n - 1n }
 */
export function strictUint256(value: unknown): { value: bigint } | { refused: string } {
  if (typeof value === 'string' && !HEX.test(value) && !DECIMAL.test(value))
    return { refused: stringFault(value) }
  if (typeof value === 'number' && !Number.isSafeInteger(value)) return { refused: 'not a safe integer' }
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'bigint')
    return { refused: `a ${value === null ? 'null' : typeof value}, not a number` }
  const number = BigInt(value)
  if (number < 0n) return { refused: 'negative' }
  if (number >= 2n ** 256n) return { refused: 'not below 2^256' }
  return { value: number }
}

function stringFault(value: string): string {
  if (value.trim() !== value) return 'has spaces around it'
  if (/^-/.test(value)) return 'negative'
  if (/^0[xX]/.test(value)) return 'not a hex number of at most 64 digits after a lowercase 0x'
  if (/^0[0-9]+$/.test(value)) return 'a decimal with leading zeros'
  if (/^[0-9]+$/.test(value)) return 'not below the field prime'
  return 'text, not a number (a short string is read as its bytes, which the wallet will not guess)'
}

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
