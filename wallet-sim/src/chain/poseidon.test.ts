import { poseidonHashMany as reference, poseidonHash as referencePair } from '@scure/starknet'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { FIELD_PRIME } from './felt'
import { poseidonHash, poseidonHashMany } from './poseidon'

describe('poseidonHashMany', () => {
  it('equals @scure/starknet for any list of felts', () => {
    const felt = fc.bigInt({ min: 0n, max: FIELD_PRIME - 1n })
    fc.assert(
      fc.property(fc.array(felt, { maxLength: 9 }), (values) => {
        expect(poseidonHashMany(values)).toBe(reference(values))
      }),
      { numRuns: 60 },
    )
  })

  it('hashes pairs as @scure/starknet poseidonHash (hades(a, b, 2)[0])', () => {
    const felt = fc.bigInt({ min: 0n, max: FIELD_PRIME - 1n })
    fc.assert(
      fc.property(felt, felt, (a, b) => {
        expect(poseidonHash(a, b)).toBe(referencePair(a, b))
      }),
      { numRuns: 60 },
    )
  })

  it('rejects values outside the field', () => {
    expect(() => poseidonHashMany([FIELD_PRIME])).toThrow(RangeError)
    expect(() => poseidonHash(-1n, 0n)).toThrow(RangeError)
  })
})
