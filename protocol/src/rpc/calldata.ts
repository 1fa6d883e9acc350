import { CalldataConversionError, InvalidArgumentCountError } from '../errors/calldata'
import { toHex } from '../schemas/felt'
import { CALLDATA_HEX_RE, DECIMAL_RE } from '../schemas/patterns'
import { encodeShortString, isShortString } from '../schemas/shortString'

// Calldata conversion for the calls of wallet requests. It throws coded errors of the table, so it lives
// here and not in the main entry, which carries schemas (that report issues) and no error classes.

/**
 * Converts one entry to a felt bigint. Numeric strings longer than 15 characters are read as bigint,
 * shorter ones as decimal numbers; short strings are encoded; anything else throws
 * CalldataConversionError naming the index.
 *
 * @example
 * convertCalldataValue('1234567890123456789', 0) // 1234567890123456789n
 */
export function convertCalldataValue(value: unknown, index: number): bigint {
  try {
    if (typeof value === 'bigint' && value >= 0n) return value
    if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value)
    if (typeof value === 'string') {
      if (CALLDATA_HEX_RE.test(value)) return BigInt(value)
      // Long decimal strings lose precision as a Number, so they go through BigInt.
      if (DECIMAL_RE.test(value))
        return value.length > 15 ? BigInt(value) : BigInt(Number.parseInt(value, 10))
      if (isShortString(value)) return encodeShortString(value)
    }
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

/**
 * Throws InvalidArgumentCountError unless `got` equals `expected`.
 *
 * @example
 * assertArgumentCount(2, args.length) // 'Invalid number of arguments, expected 2 arguments, but got 3'
 */
export function assertArgumentCount(expected: number, got: number): void {
  if (expected !== got) throw new InvalidArgumentCountError(expected, got)
}
