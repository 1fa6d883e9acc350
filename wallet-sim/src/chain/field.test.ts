import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { FIELD_PRIME as P } from './felt'
import { fe, fold, fromMont, limbsOf, limbsValue, mul, normalize, toMont } from './field'

const R = 2n ** 264n
const inverse = (x: bigint) => {
  let [a, b, u, v] = [x % P, P, 1n, 0n]
  while (a) {
    const q = b / a
    ;[a, b, u, v] = [b - q * a, a, v - q * u, u]
  }
  return ((v % P) + P) % P
}
const R_INV = inverse(R % P)
const below256 = fc.oneof(
  fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }),
  fc.constantFrom(0n, 1n, P - 1n, P, 2n * P - 1n, 2n ** 252n - 1n, 2n ** 256n - 1n, 2n ** 240n - 1n),
)

describe('limb field', () => {
  it('multiplies as a·b·2^-264 mod P, normalised and below 2^252, for any inputs below 2^256', () => {
    fc.assert(
      fc.property(below256, below256, (x, y) => {
        const out = fe()
        mul(out, limbsOf(x), limbsOf(y))
        const got = limbsValue(out)
        expect(got % P).toBe((((x * y) % P) * R_INV) % P)
        expect(got < 2n ** 252n).toBe(true)
        for (let i = 0; i < 10; i++) expect(out[i]! >= 0 && out[i]! < 2 ** 24).toBe(true)
      }),
      { numRuns: 400 },
    )
  })

  it('converts to and from Montgomery form, also when the output aliases an input', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: P - 1n }), fc.bigInt({ min: 0n, max: P - 1n }), (x, y) => {
        expect(fromMont(toMont(x))).toBe(x)
        const a = toMont(x)
        mul(a, a, toMont(y))
        expect(fromMont(a)).toBe((x * y) % P)
      }),
    )
  })

  it('normalises negative limbs and folds large values below 2P without changing them mod P', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 2n ** 264n - 1n }),
        fc.integer({ min: -1000, max: 1000 }),
        (x, shift) => {
          const a = limbsOf(x)
          // Move value between limbs 3 and 4: same number, limbs out of range.
          a[3] = a[3]! + shift * 2 ** 24
          a[4] = a[4]! - shift
          normalize(a)
          expect(limbsValue(a)).toBe(x)
          const b = limbsOf(x)
          fold(b)
          expect(limbsValue(b) % P).toBe(x % P)
          expect(limbsValue(b) < 2n * P).toBe(true)
        },
      ),
    )
  })

  it('rejects values limbs cannot hold', () => {
    expect(() => limbsOf(-1n)).toThrow(RangeError)
    expect(() => limbsOf(R)).toThrow(RangeError)
  })
})
