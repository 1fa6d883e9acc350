import { Point } from '@scure/starknet'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  addPoints,
  buildTable,
  fromAffine,
  mulAdd,
  multiply,
  negate,
  proj,
  setInfinity,
  tableBuilder,
  toAffine,
} from './curve'

type CurvePoint = InstanceType<typeof Point>
const ORDER = Point.Fn.ORDER
const scalar = fc.oneof(
  fc.bigInt({ min: 1n, max: ORDER - 1n }),
  fc.constantFrom(1n, 2n, 3n, ORDER - 1n, ORDER - 2n, 2n ** 251n, ORDER >> 1n),
)
const toProj = (p: CurvePoint) => {
  if (p.is0()) {
    const o = proj()
    setInfinity(o)
    return o
  }
  const a = p.toAffine()
  return fromAffine(a.x, a.y)
}
const affine = (p: CurvePoint) => (p.is0() ? undefined : p.toAffine())

describe('Stark curve arithmetic', () => {
  it('adds any two points as @scure/starknet does: distinct, equal, opposite and infinity', () => {
    const G = Point.BASE
    fc.assert(
      fc.property(
        scalar,
        scalar,
        fc.constantFrom('distinct', 'double', 'opposite', 'left-zero', 'both-zero'),
        (k1, k2, kind) => {
          const p = kind === 'left-zero' || kind === 'both-zero' ? Point.ZERO : G.multiply(k1)
          const q =
            kind === 'double'
              ? p
              : kind === 'opposite'
                ? p.negate()
                : kind === 'both-zero'
                  ? Point.ZERO
                  : G.multiply(k2)
          const out = proj()
          addPoints(out, toProj(p), toProj(q))
          expect(toAffine(out)).toEqual(affine(p.add(q)))
        },
      ),
      { numRuns: 60 },
    )
  })

  it('multiplies through window tables of any width as @scure/starknet does', () => {
    const G = Point.BASE
    const tables = new Map([4, 5, 8].map((w) => [w, buildTable(G.toAffine().x, G.toAffine().y, w)]))
    fc.assert(
      fc.property(fc.oneof(scalar, fc.constant(0n)), fc.constantFrom(4, 5, 8), (k, w) => {
        const acc = proj()
        setInfinity(acc)
        mulAdd(acc, tables.get(w)!, k)
        expect(toAffine(acc)).toEqual(k === 0n ? undefined : affine(G.multiply(k)))
        negate(acc)
        expect(toAffine(acc)).toEqual(k === 0n ? undefined : affine(G.multiply(k).negate()))
      }),
      { numRuns: 60 },
    )
    expect(() => mulAdd(proj(), tables.get(5)!, 2n ** 260n)).toThrow(RangeError)
  })

  it('builds the same table a few windows at a time as at once', () => {
    const { x, y } = Point.BASE.multiply(7n).toAffine()
    for (const [w, chunk] of [
      [5, 1],
      [8, 4],
      [6, 100],
    ] as const) {
      const builder = tableBuilder(x, y, w)
      let steps = 1
      while (!builder.step(chunk)) steps++
      expect(steps).toBe(Math.ceil((Math.ceil(252 / w) + 1) / chunk))
      expect(builder.step(chunk)).toBe(true)
      expect(builder.finish()).toEqual(buildTable(x, y, w))
    }
  })

  it('builds narrow tables for short scalars (the 4-bit parts of Pedersen), refusing longer ones', () => {
    const G = Point.BASE
    const table = buildTable(G.toAffine().x, G.toAffine().y, 2, 4)
    expect(table.windows).toBe(3)
    for (let k = 0n; k < 16n; k++) {
      const acc = proj()
      setInfinity(acc)
      mulAdd(acc, table, k)
      expect(toAffine(acc)).toEqual(k === 0n ? undefined : affine(G.multiply(k)))
    }
    expect(() => mulAdd(proj(), table, 2n ** 10n)).toThrow(RangeError)
  })

  it('multiplies any point without a table as @scure/starknet does', () => {
    fc.assert(
      fc.property(scalar, fc.oneof(scalar, fc.constant(0n), fc.constant(2n ** 252n - 1n)), (p, k) => {
        const Q = Point.BASE.multiply(p)
        const { x, y } = Q.toAffine()
        const out = proj()
        multiply(out, x, y, k)
        expect(toAffine(out)).toEqual(k % ORDER === 0n ? undefined : affine(Q.multiply(k % ORDER)))
      }),
      { numRuns: 60 },
    )
    expect(() => multiply(proj(), 1n, 2n, 2n ** 252n)).toThrow(RangeError)
    expect(() => multiply(proj(), 1n, 2n, -1n)).toThrow(RangeError)
  })
})
