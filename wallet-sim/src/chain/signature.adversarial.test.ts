import { Point, Signature, verify } from '@scure/starknet'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { verifyStarkSignature } from './signature'

// Adversarial checks of verifyStarkSignature against @scure/starknet: boundary hashes, keys and nonces,
// tampered and malleated signatures, and inputs that are not felts at all.
const N = Point.Fn.ORDER
const P = Point.Fp.ORDER
const TWO_251 = 2n ** 251n
const G = Point.BASE
const hex = (x: bigint) => x.toString(16).padStart(64, '0')
const mod = (x: bigint) => ((x % N) + N) % N
const inv = (x: bigint) => Point.Fn.inv(mod(x))

/**
 * Cairo 1's check_ecdsa_signature written with @scure/starknet's points: felts only, r and s neither 0
 * nor n, R the point with x = r, and accepted when (zG ± rQ).x = (sR).x.
 */
function cairo(h: bigint, pubX: bigint, r: bigint, s: bigint): boolean {
  const felt = (x: bigint) => x >= 0n && x < P
  if (![h, r, s, pubX].every(felt) || r === 0n || r === N || s === 0n || s === N) return false
  const lift = (x: bigint) => {
    try {
      return Point.fromHex(`02${hex(x)}`)
    } catch {
      return undefined
    }
  }
  const Q = lift(pubX)
  const R = lift(r)
  if (!Q || !R) return false
  const sR = R.multiplyUnsafe(s % N).toAffine().x
  const zG = G.multiplyUnsafe(h % N)
  const rQ = Q.multiplyUnsafe(r % N)
  return [zG.add(rQ), zG.subtract(rQ)].some((t) => !t.is0() && t.toAffine().x === sR)
}

/** @scure/starknet's verdict with either y of the key, false where it throws (out-of-range values). */
function scure(h: bigint, pubX: bigint, r: bigint, s: bigint): boolean {
  for (const prefix of ['02', '03']) {
    try {
      if (verify(new Signature(r, s), hex(h), `${prefix}${hex(pubX)}`)) return true
    } catch {
      // not a valid signature, hash or key for scure: rejected
    }
  }
  return false
}

/** The ECDSA signature of `h` by `d` with nonce `k` (undefined where Stark ECDSA has none). */
function signWith(h: bigint, d: bigint, k: bigint): { r: bigint; s: bigint } | undefined {
  const r = mod(G.multiply(k).toAffine().x)
  const s = mod(inv(k) * (h + r * d))
  if (r === 0n || r >= TWO_251 || s === 0n) return undefined
  return { r, s }
}

const scalar = fc.oneof(
  fc.bigInt({ min: 1n, max: N - 1n }),
  fc.constantFrom(1n, 2n, 3n, N - 1n, N - 2n, N >> 1n, (N >> 1n) + 1n, TWO_251 - 1n, TWO_251, TWO_251 + 1n),
)
const hash = fc.oneof(
  fc.bigInt({ min: 0n, max: TWO_251 - 1n }),
  fc.constantFrom(0n, 1n, 2n, TWO_251 - 1n, TWO_251 - 2n, 2n ** 250n),
)
const tamper = fc.constantFrom(
  'none',
  'negated-s',
  'r+1',
  'r-1',
  's+1',
  's-1',
  's+n',
  'h+1',
  'r=n-1',
  's=n-1',
  'r=2^251-1',
  's=1',
  'other-y',
)

// The property runs do thousands of curve operations: seconds alone, many times that on a loaded machine.
// Not timing tests, so a generous limit instead of Vitest's 5 s default.
describe('verifyStarkSignature against Cairo 1 check_ecdsa_signature (adversarial)', {
  timeout: 120_000,
}, () => {
  it('does not match r with an x in [n, P) (Cairo compares field elements; scure reduces x mod n)', () => {
    // The key x = n + 1 is on the curve: with z = 0, r = s = 1, x(u2·Q) = n + 1 ≡ 1 (mod n).
    const pub = N + 1n
    expect(scure(0n, pub, 1n, 1n)).toBe(true)
    expect(cairo(0n, pub, 1n, 1n)).toBe(false)
    expect(verifyStarkSignature(0n, pub, 1n, 1n)).toBe(false)
  })

  it('takes hashes, r and s anywhere in the felt range, as Cairo does', () => {
    fc.assert(
      fc.property(scalar, scalar, fc.bigInt({ min: TWO_251, max: P - 1n }), (d, k, h) => {
        const r = mod(G.multiply(k).toAffine().x)
        const s = mod(inv(k) * (h + r * d))
        fc.pre(r !== 0n && s !== 0n)
        const pub = G.multiply(d).toAffine().x
        expect(verifyStarkSignature(h, pub, r, s)).toBe(true)
        expect(cairo(h, pub, r, s)).toBe(true)
      }),
      { numRuns: 20 },
    )
  })

  it('agrees on signatures with boundary keys, hashes and nonces, tampered or malleated', () => {
    fc.assert(
      fc.property(scalar, scalar, hash, tamper, (d, k, h0, how) => {
        const sig = signWith(h0, d, k)
        fc.pre(sig !== undefined)
        let { r, s } = sig!
        let h = h0
        // The key is an x coordinate: d and n − d have the same one (both y parities).
        let pub = G.multiply(d).toAffine().x
        if (how === 'negated-s') s = N - s
        if (how === 'r+1') r += 1n
        if (how === 'r-1') r -= 1n
        if (how === 's+1') s += 1n
        if (how === 's-1') s -= 1n
        if (how === 's+n') s += N
        if (how === 'h+1') h = (h + 1n) % TWO_251
        if (how === 'r=n-1') r = N - 1n
        if (how === 's=n-1') s = N - 1n
        if (how === 'r=2^251-1') r = TWO_251 - 1n
        if (how === 's=1') s = 1n
        if (how === 'other-y') pub = G.multiply(N - d).toAffine().x
        const w = s > 0n && s < N ? inv(s) : 0n
        // scure also requires s⁻¹ < 2^251 (StarkWare's Cairo 0 signer check); a signature outside it is
        // reachable only by choosing s, which the cases below do on purpose.
        fc.pre(w < TWO_251)
        expect(verifyStarkSignature(h, pub, r, s)).toBe(cairo(h, pub, r, s))
      }),
      { numRuns: 150 },
    )
  })

  it('accepts when one y of the key gives the point at infinity and the other the nonce point', () => {
    // h ≡ r·d: w·(h·G − r·Q) is infinity for Q = dG, and w·(h·G + r·Q) = k·G: one branch meets infinity.
    fc.assert(
      fc.property(scalar, scalar, (d, k) => {
        const r = mod(G.multiply(k).toAffine().x)
        const h = mod(r * d)
        fc.pre(r < TWO_251 && h < TWO_251)
        const s = mod(inv(k) * 2n * h)
        fc.pre(s !== 0n && inv(s) < TWO_251)
        for (const key of [d, N - d]) {
          const pub = G.multiply(key).toAffine().x
          expect(verifyStarkSignature(h, pub, r, s)).toBe(true)
          expect(cairo(h, pub, r, s)).toBe(true)
          expect(verifyStarkSignature(h, pub, r, N - s)).toBe(true)
          // A tampered s matches neither branch.
          expect(verifyStarkSignature(h, pub, r, s + 1n)).toBe(false)
        }
      }),
      { numRuns: 40 },
    )
  })

  it('accepts u1 = 0 (msgHash 0) and checks r, s at their limits', () => {
    const d = 0x1234567n
    const pub = G.multiply(d).toAffine().x
    for (const k of [1n, 2n, 3n, N - 1n]) {
      const sig = signWith(0n, d, k)
      if (!sig) continue
      expect(verifyStarkSignature(0n, pub, sig.r, sig.s)).toBe(true)
      expect(verifyStarkSignature(0n, pub, sig.r, N - sig.s)).toBe(true)
      // s + n and r + n are felts only when below P; where they are, Cairo reads s mod n but r as it is.
      expect(verifyStarkSignature(0n, pub, sig.r, sig.s + N)).toBe(cairo(0n, pub, sig.r, sig.s + N))
      expect(verifyStarkSignature(0n, pub, sig.r + N, sig.s)).toBe(false)
      expect(verifyStarkSignature(0n, pub, sig.r, N)).toBe(false)
      expect(verifyStarkSignature(0n, pub, TWO_251, sig.s)).toBe(false)
    }
  })

  it('accepts a signature whose s⁻¹ is 2^251 or more, as Cairo 1 check_ecdsa_signature does (scure refuses it)', () => {
    // s is chosen, the hash follows: h = k·s − r·d. No signer produces it, but it is a valid ECDSA equation.
    const d = 0xabcdefn
    const pub = G.multiply(d).toAffine().x
    for (const w of [TWO_251, TWO_251 + 1n, N - 1n]) {
      const k = 0x5eedn
      const r = mod(G.multiply(k).toAffine().x)
      const s = inv(w)
      const h = mod(k * s - r * d)
      if (h >= TWO_251 || r >= TWO_251) continue
      expect(verifyStarkSignature(h, pub, r, s)).toBe(true)
      expect(scure(h, pub, r, s)).toBe(false)
      expect(cairo(h, pub, r, s)).toBe(true)
    }
  })

  it('never throws: any bigint for hash, key, r and s is an answer', () => {
    const anyBig = fc.oneof(
      fc.bigInt({ min: -(2n ** 300n), max: 2n ** 300n }),
      fc.constantFrom(
        -1n,
        0n,
        1n,
        N - 1n,
        N,
        N + 1n,
        P - 1n,
        P,
        P + 1n,
        TWO_251 - 1n,
        TWO_251,
        2n ** 256n - 1n,
        2n ** 256n,
      ),
    )
    fc.assert(
      fc.property(anyBig, anyBig, anyBig, anyBig, (h, pub, r, s) => {
        expect(typeof verifyStarkSignature(h, pub, r, s)).toBe('boolean')
      }),
      { numRuns: 300 },
    )
  })

  it('rejects keys that are no x coordinate below P (P + x of a real key, 2^256 − 1, negative)', () => {
    const d = 99n
    const q = G.multiply(d).toAffine()
    const sig = signWith(5n, d, 7n)!
    expect(verifyStarkSignature(5n, q.x, sig.r, sig.s)).toBe(true)
    for (const pub of [q.x + P, 2n ** 256n - 1n, -q.x, q.x - P])
      expect(verifyStarkSignature(5n, pub, sig.r, sig.s)).toBe(false)
  })
})
