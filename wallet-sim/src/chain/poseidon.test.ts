import { poseidonHashMany as reference } from '@scure/starknet'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { FIELD_PRIME } from './felt'
import { poseidonHashMany } from './poseidon'

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
})
