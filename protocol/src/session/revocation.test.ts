import fc from 'fast-check'
import { hash, shortString } from 'starknet'
import { describe, expect, it } from 'vitest'
import { sessionRevocationHash } from './revocation'
import { sessionMessageHash } from './sessionToken'

const felt = fc.bigInt({ min: 0n, max: 2n ** 251n })

describe('sessionRevocationHash', () => {
  it("is starknet.js's poseidon of ('session-revocation', session hash)", () => {
    fc.assert(
      fc.property(felt, (sessionHash) => {
        const expected = hash.computePoseidonHashOnElements([
          shortString.encodeShortString('session-revocation'),
          sessionHash,
        ])
        expect(sessionRevocationHash(sessionHash)).toBe(BigInt(expected))
      }),
      { numRuns: 20 },
    )
  })

  it('is no transaction message of the same session (a revocation signature executes nothing)', () => {
    fc.assert(
      fc.property(felt, felt, fc.boolean(), (sessionHash, txHash, cache) => {
        expect(sessionRevocationHash(sessionHash)).not.toBe(sessionMessageHash(txHash, sessionHash, cache))
      }),
      { numRuns: 20 },
    )
  })
})
