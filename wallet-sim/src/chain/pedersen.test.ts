import { computeHashOnElements, pedersen } from '@scure/starknet'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { FIELD_PRIME } from './felt'
import { hashOnElements, pedersenHash } from './pedersen'

const felt = fc.oneof(
  fc.bigInt({ min: 0n, max: FIELD_PRIME - 1n }),
  // The split at bit 248 and the ends of the field.
  fc.constantFrom(0n, 1n, 2n ** 248n - 1n, 2n ** 248n, 2n ** 251n, FIELD_PRIME - 1n),
)

describe('pedersenHash', () => {
  it('equals @scure/starknet pedersen for any two felts', () => {
    fc.assert(
      fc.property(felt, felt, (a, b) => {
        expect(pedersenHash(a, b)).toBe(BigInt(pedersen(a, b)))
      }),
      { numRuns: 80 },
    )
  })

  it('refuses inputs outside the field with a RangeError, as @scure/starknet does', () => {
    for (const [a, b] of [
      [FIELD_PRIME, 0n],
      [0n, FIELD_PRIME],
      [-1n, 0n],
    ] as const) {
      expect(() => pedersen(a, b)).toThrow(RangeError)
      expect(() => pedersenHash(a, b)).toThrow(RangeError)
    }
  })
})

describe('hashOnElements', () => {
  it('equals @scure/starknet computeHashOnElements for any list of felts', () => {
    fc.assert(
      fc.property(fc.array(felt, { maxLength: 6 }), (values) => {
        expect(hashOnElements(values)).toBe(BigInt(computeHashOnElements(values) as string | bigint))
      }),
      { numRuns: 30 },
    )
  })
})
