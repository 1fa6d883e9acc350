import { describe, expect, it } from 'vitest'
import { CalldataConversionError, InvalidArgumentCountError } from '../errors/calldata'
import { assertArgumentCount, convertCalldataValue, toCalldata } from './calldata'

describe('calldata conversion', () => {
  it('converts long numeric strings as bigint and short ones as decimal', () => {
    expect(convertCalldataValue('1234567890123456789', 0)).toBe(1234567890123456789n)
    expect(convertCalldataValue('123456789012345', 0)).toBe(123456789012345n)
    expect(toCalldata(['0x1', 2, 3n, 'hello'])).toEqual(['0x1', '0x2', '0x3', '0x68656c6c6f'])
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

  it('checks the argument count', () => {
    expect(() => assertArgumentCount(2, 2)).not.toThrow()
    expect(() => assertArgumentCount(2, 3)).toThrow(InvalidArgumentCountError)
    expect(() => assertArgumentCount(1, 0)).toThrow(
      'Invalid number of arguments, expected 1 arguments, but got 0',
    )
  })
})
