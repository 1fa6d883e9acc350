import { getStarkKey, sign } from '@scure/starknet'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { verifyStarkSignature } from './signature'

const hex = (n: bigint) => n.toString(16).padStart(64, '0')

describe('verifyStarkSignature', () => {
  it('accepts signatures by the key and rejects other keys, hashes and tampered r/s', () => {
    const key = fc.bigInt({ min: 1n, max: 2n ** 250n })
    const msg = fc.bigInt({ min: 0n, max: 2n ** 251n - 1n })
    fc.assert(
      fc.property(key, key, msg, (k1, k2, h) => {
        fc.pre(k1 !== k2)
        const sig = sign(hex(h), hex(k1))
        const pub = BigInt(getStarkKey(hex(k1)))
        const other = BigInt(getStarkKey(hex(k2)))
        expect(verifyStarkSignature(h, pub, sig.r, sig.s)).toBe(true)
        expect(verifyStarkSignature(h, other, sig.r, sig.s)).toBe(false)
        expect(verifyStarkSignature((h + 1n) % 2n ** 251n, pub, sig.r, sig.s)).toBe(false)
        expect(verifyStarkSignature(h, pub, sig.r, sig.s + 1n)).toBe(false)
      }),
      { numRuns: 8 },
    )
  })

  it('rejects out-of-range values and unrelated or invalid public keys', () => {
    const sig = sign(hex(5n), hex(7n))
    const pub = BigInt(getStarkKey(hex(7n)))
    expect(verifyStarkSignature(5n, pub, 0n, sig.s)).toBe(false)
    expect(verifyStarkSignature(5n, pub, sig.r, 0n)).toBe(false)
    expect(verifyStarkSignature(2n ** 251n, pub, sig.r, sig.s)).toBe(false)
    // Small x values: some are not on the curve at all, none is the signer's key.
    for (let x = 0n; x < 10n; x++) expect(verifyStarkSignature(5n, x, sig.r, sig.s)).toBe(false)
  })
})
