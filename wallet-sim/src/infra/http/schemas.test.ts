import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { Address, Amount } from './schemas'

// Spellings around the edges: either prefix case, digits of both cases, signs, blanks, too many digits.
const spelling = fc.oneof(
  fc.stringMatching(/^(0[xX])?[\da-fA-Fg -]{0,4}$/),
  fc.bigInt({ min: 0n, max: 2n ** 260n }).map((value) => `0x${value.toString(16)}`),
  fc.bigInt({ min: 0n, max: 2n ** 260n }).map(String),
)

describe('the HTTP schemas read numbers as the wire writes them', () => {
  it('Address: 0x (lowercase) and 1 to 64 hex digits of either case, padded to the 64-digit form', () => {
    fc.assert(
      fc.property(spelling, (text) => {
        const parsed = Address.safeParse(text)
        const expected = /^0x[\da-fA-F]{1,64}$/.test(text)
        expect(parsed.success).toBe(expected)
        if (parsed.success) expect(BigInt(parsed.data)).toBe(BigInt(text))
        if (parsed.success) expect(parsed.data).toMatch(/^0x[\da-f]{64}$/)
        else expect(parsed.error.issues[0]?.message).toBe('Invalid address')
      }),
    )
  })

  it('Amount: a decimal or lowercase-0x hex string of any length, or a non-negative safe integer', () => {
    fc.assert(
      fc.property(spelling, (text) => {
        const parsed = Amount.safeParse(text)
        expect(parsed.success).toBe(/^(0x[\da-fA-F]+|\d+)$/.test(text))
        if (parsed.success) expect(parsed.data).toBe(BigInt(text))
      }),
    )
    expect(Amount.safeParse(7).data).toBe(7n)
    expect([-1, 1.5, '0X1', '1e3', ' 1'].map((value) => Amount.safeParse(value).success)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ])
  })
})
