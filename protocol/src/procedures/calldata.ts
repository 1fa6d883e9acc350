import { SHORT_STRING_MAX_LENGTH } from '../constants'
import { CalldataConversionError } from '../errors/calldata'
import { ValidationError } from '../errors/validation'
import { isShortString } from '../schemas/shortString'
import { integerOf, shortStringFelt, toHex } from '../starknet/felt'

// Calldata conversion for the calls of wallet requests. It throws coded errors of the table, so it lives
// here and not in the main entry, which carries schemas (that report issues) and no error classes.

/**
 * The felt of a short string (its bytes big-endian). Throws ValidationError for more than 31 characters
 * ('The short string cannot exceed 31 characters') or a character outside ASCII.
 *
 * @example
 * encodeShortString('SN_MAIN') // 0x534e5f4d41494en
 */
export function encodeShortString(text: string): bigint {
  if (text.length > SHORT_STRING_MAX_LENGTH) invalid('The short string cannot exceed 31 characters')
  return shortStringFelt(text) ?? invalid(`${text} is not an ASCII string`)
}

function invalid(message: string): never {
  throw new ValidationError([{ path: [], message }])
}

/**
 * Converts one entry to a felt bigint: a non-negative bigint or safe integer, a hex or decimal string (integerOf),
 * or a short string (encoded); anything else throws CalldataConversionError naming the index.
 *
 * @example
 * convertCalldataValue('1234567890123456789', 0) // 1234567890123456789n
 */
export function convertCalldataValue(value: unknown, index: number): bigint {
  try {
    const integer = integerOf(value)
    if (integer !== undefined) return integer
    if (typeof value === 'string' && isShortString(value)) return encodeShortString(value)
  } catch (cause) {
    throw new CalldataConversionError(value, index, { cause })
  }
  throw new CalldataConversionError(value, index)
}

/**
 * Converts a calldata list to felt hex strings.
 *
 * @example
 * toCalldata(['0x1', 2, 'hello']) // ['0x1', '0x2', '0x68656c6c6f']
 */
export function toCalldata(values: readonly unknown[]): string[] {
  return values.map((value, index) => toHex(convertCalldataValue(value, index)))
}

// No argument-count check here: the protocol's 'Invalid number of arguments, expected N arguments, but got M' is
// starknet.js's check of a call against its ABI, done in the app; neither the SDK nor the wallet has an ABI
// to count against (docs/sdk-errors.md, "Codes the SDK never throws"). InvalidArgumentCountError stays in the
// error table so the code is rebuilt from the wire.
