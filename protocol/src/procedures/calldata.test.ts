import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { CalldataConversionError } from '../errors/calldata'
import { ValidationError } from '../errors/validation'
import { convertCalldataValue, encodeShortString, toCalldata } from './calldata'

describe('calldata conversion', () => {
  it('converts long numeric strings as bigint and short ones as decimal', () => {
    expect(convertCalldataValue('1234567890123456789', 0)).toBe(1234567890123456789n)
    expect(convertCalldataValue('123456789012345', 0)).toBe(123456789012345n)
    expect(toCalldata(['0x1', 2, 3n, 'hello'])).toEqual(['0x1', '0x2', '0x3', '0x68656c6c6f'])
  })

  it('reads every spelling of a non-negative integer to it (integerOf), and no negative number', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 256n }), (value) => {
        const spellings: unknown[] = [
          value,
          String(value),
          `0x${value.toString(16)}`,
          `0X${value.toString(16).toUpperCase()}`,
        ]
        if (value <= BigInt(Number.MAX_SAFE_INTEGER)) spellings.push(Number(value))
        for (const spelling of spellings) expect(convertCalldataValue(spelling, 0)).toBe(value)
        // A negative number is no felt ('-5' as a string is the short string of its two characters).
        if (value > 0n) expect(() => convertCalldataValue(-value, 0)).toThrow(CalldataConversionError)
      }),
    )
  })

  it.each([
    [[-1], 0, 'Failed to convert value -1 at index 0'],
    [
      ['0x1', 'not a short string because too long!'],
      1,
      'Failed to convert value "not a short string because too long!" at index 1',
    ],
    [['1', '2', 1.5], 2, 'Failed to convert value 1.5 at index 2'],
  ])('names the index of a bad value (%#)', (values, index, message) => {
    let error: unknown
    try {
      toCalldata(values)
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(CalldataConversionError)
    expect((error as CalldataConversionError).message).toBe(message)
    expect((error as CalldataConversionError).data.index).toBe(index)
  })

  it('encodes a short string big-endian; too long or not ASCII is a coded VALIDATION error with its text', () => {
    expect(encodeShortString('SN_MAIN')).toBe(0x534e5f4d41494en)
    expect(encodeShortString('a'.repeat(31))).toBe(BigInt(`0x${'61'.repeat(31)}`))
    // 32 characters would not fit in a felt (2^256 > the field prime).
    expect(() => encodeShortString('a'.repeat(32))).toThrow(
      expect.objectContaining({
        code: 'VALIDATION',
        message: 'The short string cannot exceed 31 characters',
        data: { issues: [{ path: [], message: 'The short string cannot exceed 31 characters' }] },
      }),
    )
    for (const text of ['é', 'ok😀']) {
      let error: unknown
      try {
        encodeShortString(text)
      } catch (e) {
        error = e
      }
      expect(error).toBeInstanceOf(ValidationError)
      expect((error as ValidationError).message).toBe(`${text} is not an ASCII string`)
    }
    // In calldata the same strings are a conversion error naming their index.
    expect(() => toCalldata(['0x1', 'é'])).toThrow('Failed to convert value "é" at index 1')
  })
})
