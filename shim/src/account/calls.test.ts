import { CalldataConversionError } from '@webwallet/protocol/errors'
import { describe, expect, it } from 'vitest'
import { compileCalls } from './calls'

describe('compileCalls', () => {
  it('takes one call or a list and converts calldata (long numeric strings as big integers)', () => {
    expect(
      compileCalls({
        contractAddress: '0x1',
        entrypoint: 'f',
        calldata: ['0x2', '12', 3n, 4, '1234567890123456789012'],
      }),
    ).toEqual([
      {
        contractAddress: '0x1',
        entrypoint: 'f',
        calldata: ['0x2', '0xc', '0x3', '0x4', `0x${(1234567890123456789012n).toString(16)}`],
      },
    ])
    expect(compileCalls([{ contractAddress: '0x1', entrypoint: 'g' }])[0]?.calldata).toEqual([])
  })

  it('names the index of a value it cannot convert', () => {
    expect(() =>
      compileCalls({ contractAddress: '0x1', entrypoint: 'f', calldata: ['0x1', { a: 1 }] }),
    ).toThrow(CalldataConversionError)
    expect(() => compileCalls({ contractAddress: '0x1', entrypoint: 'f', calldata: ['0x1', -5] })).toThrow(
      /at index 1/,
    )
  })
})
