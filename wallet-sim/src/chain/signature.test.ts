import { getStarkKey, Point, sign } from '@scure/starknet'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { starkPublicKey, verifyStarkSignature } from './signature'

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

describe('starkPublicKey', () => {
  const ORDER = Point.Fn.ORDER

  it('is the Stark key @scure/starknet derives, for any scalar and at both ends of the range', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: ORDER - 1n }), (k) => {
        expect(starkPublicKey(k)).toBe(BigInt(getStarkKey(hex(k))))
      }),
      { numRuns: 50 },
    )
    for (const k of [1n, 2n, ORDER - 1n, 2n ** 251n]) {
      expect(starkPublicKey(`0x${k.toString(16)}`)).toBe(BigInt(getStarkKey(hex(k))))
    }
  })

  it('refuses 0 and scalars from the curve order up', () => {
    for (const k of [0n, -1n, ORDER, ORDER + 1n, 2n ** 252n]) {
      expect(() => starkPublicKey(k)).toThrow(RangeError)
    }
  })
})
