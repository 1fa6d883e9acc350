import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { FIELD_PRIME, parseFelt } from './felt'

describe('parseFelt: a felt of the RPC', () => {
  it('reads lowercase-0x hex and decimal strings, safe integers and bigints below the field prime', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: FIELD_PRIME - 1n }), (value) => {
        const spellings: unknown[] = [
          value,
          String(value),
          `0x${value.toString(16)}`,
          `0x${value.toString(16).toUpperCase()}`,
        ]
        if (value <= BigInt(Number.MAX_SAFE_INTEGER)) spellings.push(Number(value))
        for (const spelling of spellings) expect(parseFelt(spelling)).toBe(value)
      }),
    )
  })

  it('refuses the field prime and above (a RangeError), and what is no integer of the wire (a TypeError)', () => {
    expect(() => parseFelt(FIELD_PRIME)).toThrow(RangeError)
    expect(() => parseFelt(`0x${FIELD_PRIME.toString(16)}`)).toThrow(RangeError)
    for (const value of ['0X1', '-1', -1, -1n, '1.5', 1.5, 2 ** 53, '', '0x', ' 1', 'SN_MAIN', null, {}])
      expect(() => parseFelt(value)).toThrow(TypeError)
  })
})
