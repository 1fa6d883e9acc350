import { describe, expect, it } from 'vitest'
import { FIELD_PRIME, shortString, toFelt, toHex } from './felt'
import { merkleProof, merkleRoot } from './merkle'

describe('felt helpers', () => {
  it('reads bigints, safe integers, hex and decimal strings below the prime', () => {
    expect(toFelt('0x1f')).toBe(31n)
    expect(toFelt('31')).toBe(31n)
    expect(toFelt(FIELD_PRIME - 1n)).toBe(FIELD_PRIME - 1n)
    expect(toHex(31)).toBe('0x1f')
  })

  it('refuses what is no felt with a coded error (VALIDATION), the parse failure as cause', () => {
    for (const value of [-1n, FIELD_PRIME, '-0x1', 1.5]) {
      expect(() => toFelt(value)).toThrow(
        expect.objectContaining({ code: 'VALIDATION', message: `Value out of the felt range: ${value}` }),
      )
    }
    let thrown: unknown
    try {
      toHex('not a felt')
    } catch (e) {
      thrown = e
    }
    expect(thrown).toMatchObject({ code: 'VALIDATION', message: 'Value out of the felt range: not a felt' })
    expect((thrown as Error).cause).toBeInstanceOf(SyntaxError)
  })

  it('refuses a short string that is too long or not ASCII (VALIDATION)', () => {
    expect(() => shortString('x'.repeat(32))).toThrow(
      expect.objectContaining({
        code: 'VALIDATION',
        message: `Short string longer than 31 characters: ${'x'.repeat(32)}`,
      }),
    )
    expect(() => shortString('né')).toThrow(
      expect.objectContaining({ code: 'VALIDATION', message: 'Short string is not ASCII: né' }),
    )
  })
})

describe('merkle tree input', () => {
  it('refuses an empty tree and a leaf index outside it with VALIDATION', () => {
    expect(() => merkleRoot([])).toThrow(
      expect.objectContaining({ code: 'VALIDATION', message: 'A Merkle tree needs at least one leaf' }),
    )
    for (const index of [-1, 2, 0.5]) {
      expect(() => merkleProof([1n, 2n], index)).toThrow(
        expect.objectContaining({ code: 'VALIDATION', message: `No leaf at index ${index}` }),
      )
    }
  })
})
