// Stark-curve point arithmetic on the limb field of ./field, for signature checks: y² = x³ + x + β over
// P, projective coordinates, and the complete addition formula of Renes, Costello and Batina (2016,
// algorithm 1), which has no exceptional cases (doubling, inverses and the point at infinity all go
// through the same code). Multiplication uses fixed-window tables of a point's multiples, so a product
// is one table addition per window and no doublings.
import { FIELD_PRIME as P } from '@webwallet/protocol/constants'
import { type Fe, fe, fromMont, LIMBS, mul, multipleOfP, normalize, toMont } from './field'

const BETA = 0x6f21413efbe40de150e596d72f7a8c5609ad26c15c915c1f4cdfcb99cee9e89n

/** A projective point (X:Y:Z), each coordinate a Montgomery element below 4P. */
export interface Proj {
  readonly x: Fe
  readonly y: Fe
  readonly z: Fe
}

export const proj = (): Proj => ({ x: fe(), y: fe(), z: fe() })

const B3 = toMont(3n * BETA)
const MONT_ONE = toMont(1n)
const TWO_P = multipleOfP(2)
const FOUR_P = multipleOfP(4)
const EIGHT_P = multipleOfP(8)
const ZERO = fe()

/** o = a + b, normalised. */
function add(o: Fe, a: Fe, b: Fe): void {
  for (let i = 0; i < LIMBS; i++) o[i] = a[i]! + b[i]!
  normalize(o)
}

/** o = a − b + k (k a multiple of P larger than b), normalised. */
function sub(o: Fe, a: Fe, b: Fe, k: Fe): void {
  for (let i = 0; i < LIMBS; i++) o[i] = a[i]! - b[i]! + k[i]!
  normalize(o)
}

const t0 = fe()
const t1 = fe()
const t2 = fe()
const t3 = fe()
const t4 = fe()
const t5 = fe()
const x3 = fe()
const y3 = fe()
const z3 = fe()

/**
 * out = p + q for any points (equal, opposite or infinity included). Inputs below 4P, outputs below 4P;
 * `out` may be `p` or `q`. The comments bound each value in multiples of P (mul outputs are below 2P).
 */
export function addPoints(out: Proj, p: Proj, q: Proj): void {
  const { x: X1, y: Y1, z: Z1 } = p
  const { x: X2, y: Y2, z: Z2 } = q
  mul(t0, X1, X2)
  mul(t1, Y1, Y2)
  mul(t2, Z1, Z2)
  add(t3, X1, Y1)
  add(t4, X2, Y2)
  mul(t3, t3, t4)
  add(t4, t0, t1) // < 4P
  sub(t3, t3, t4, FOUR_P) // (X1+Y1)(X2+Y2) − X1X2 − Y1Y2, < 6P
  add(t4, X1, Z1)
  add(t5, X2, Z2)
  mul(t4, t4, t5)
  add(t5, t0, t2)
  sub(t4, t4, t5, FOUR_P) // X1Z2 + X2Z1, < 6P
  add(t5, Y1, Z1)
  add(x3, Y2, Z2)
  mul(t5, t5, x3)
  add(x3, t1, t2)
  sub(t5, t5, x3, FOUR_P) // Y1Z2 + Y2Z1, < 6P
  // a = 1: a·t4 is t4 itself.
  mul(x3, B3, t2)
  add(z3, x3, t4) // < 8P
  sub(x3, t1, z3, EIGHT_P) // < 10P
  add(z3, t1, z3) // < 10P
  mul(y3, x3, z3)
  add(t1, t0, t0)
  add(t1, t1, t0) // 3·X1X2, < 6P
  mul(t4, B3, t4)
  add(t1, t1, t2) // < 8P
  sub(t2, t0, t2, TWO_P) // < 4P
  add(t4, t4, t2) // < 6P
  mul(t0, t1, t4)
  add(y3, y3, t0) // < 4P
  mul(t0, t5, t4)
  mul(x3, t3, x3)
  sub(x3, x3, t0, TWO_P) // < 4P
  mul(t0, t3, t1)
  mul(z3, t5, z3)
  add(z3, z3, t0) // < 4P
  out.x.set(x3)
  out.y.set(y3)
  out.z.set(z3)
}

/** Sets p to the point at infinity (0:1:0). */
export function setInfinity(p: Proj): void {
  p.x.fill(0)
  p.y.set(MONT_ONE)
  p.z.fill(0)
}

/** Affine coordinates (canonical), or undefined for the point at infinity. */
export function toAffine(p: Proj): { x: bigint; y: bigint } | undefined {
  const z = fromMont(p.z)
  if (z === 0n) return undefined
  const inv = invert(z)
  return { x: (fromMont(p.x) * inv) % P, y: (fromMont(p.y) * inv) % P }
}

/** The projective point of affine (x, y); the caller checks it is on the curve. */
export function fromAffine(x: bigint, y: bigint, out: Proj = proj()): Proj {
  toMont(x, out.x)
  toMont(y, out.y)
  out.z.set(MONT_ONE)
  return out
}

/**
 * A point's multiples for fixed-window multiplication: for each of the ⌈252/w⌉ + 1 windows i, the affine
 * points j·2^(w·i)·Q for j = 1..2^(w−1), flattened as x then y limbs (Montgomery form).
 */
export interface Table {
  readonly w: number
  readonly windows: number
  readonly coords: Float64Array
}

const SCALAR_BITS = 252

/**
 * Builds the table of `point` (affine, on the curve) with window width `w`, for scalars below 2^bits
 * (default 252; mulAdd throws a RangeError for a scalar beyond the table's windows).
 * @example const g = buildTable(GX, GY, 8)
 */
export function buildTable(x: bigint, y: bigint, w: number, bits = SCALAR_BITS): Table {
  return tableBuilder(x, y, w, bits).finish()
}

/** A table built a few windows at a time (buildTable's work, spread over event-loop turns). */
export interface TableBuilder {
  /** Builds up to `windows` more windows; true once the table is complete. */
  step(windows: number): boolean
  /** Builds what is left and answers the table. */
  finish(): Table
}

/**
 * The builder of buildTable's table: the simulator builds the signature checks' base table in idle time,
 * a few windows per turn, so a request arriving meanwhile waits for one step rather than the whole table.
 * @example const b = tableBuilder(GX, GY, 8); while (!b.step(4)) await turn(); b.finish()
 */
export function tableBuilder(x: bigint, y: bigint, w: number, bits = SCALAR_BITS): TableBuilder {
  const windows = Math.ceil(bits / w) + 1
  const half = 2 ** (w - 1)
  const coords = new Float64Array(windows * half * 2 * LIMBS)
  // The current window's base point, 2^(w·i)·Q.
  const base = fromAffine(x, y)
  let done = 0
  const step = (count: number) => {
    const end = Math.min(windows, done + count)
    if (end > done) buildWindows(coords, base, half, done, end)
    done = end
    return done === windows
  }
  return {
    step,
    finish: () => {
      step(windows)
      return { w, windows, coords }
    },
  }
}

/**
 * Windows [from, to) of a table into `coords`, `base` the first one's base point (advanced to the next
 * window's). Every projective point in one array (x, y, z limbs each) and scratch points reused: a table is
 * thousands of points, and one allocation per coordinate cost more than the additions themselves.
 */
function buildWindows(coords: Float64Array, base: Proj, half: number, from: number, to: number): void {
  const count = (to - from) * half
  const stride = 3 * LIMBS
  const points = new Float64Array(count * stride)
  const acc = proj()
  let k = 0
  for (let i = from; i < to; i++) {
    acc.x.set(base.x)
    acc.y.set(base.y)
    acc.z.set(base.z)
    for (let j = 0; j < half; j++) {
      points.set(acc.x, k * stride)
      points.set(acc.y, k * stride + LIMBS)
      points.set(acc.z, k * stride + 2 * LIMBS)
      k++
      if (j < half - 1) addPoints(acc, acc, base)
    }
    // The next window's base: 2·(half·base) = 2^w·base.
    addPoints(base, acc, acc)
  }
  // Batch inversion of the Z coordinates (Montgomery's trick): one field inversion for these windows.
  const prefix = new Float64Array(count * LIMBS)
  const running = fe()
  const z = fe()
  running.set(MONT_ONE)
  for (let k = 0; k < count; k++) {
    prefix.set(running, k * LIMBS)
    copyLimbs(z, points, k * stride + 2 * LIMBS)
    mul(running, running, z)
  }
  const inverse = toMont(invert(fromMont(running)))
  const zInv = fe()
  const before = fe()
  const out = fe()
  const offset = from * half
  for (let k = count - 1; k >= 0; k--) {
    copyLimbs(before, prefix, k * LIMBS)
    mul(zInv, inverse, before)
    copyLimbs(z, points, k * stride + 2 * LIMBS)
    mul(inverse, inverse, z)
    copyLimbs(z, points, k * stride)
    mul(out, z, zInv)
    coords.set(out, 2 * LIMBS * (offset + k))
    copyLimbs(z, points, k * stride + LIMBS)
    mul(out, z, zInv)
    coords.set(out, 2 * LIMBS * (offset + k) + LIMBS)
  }
}

/** to = the LIMBS values of `from` at `offset` (a copy without a subarray view). */
function copyLimbs(to: Fe, from: Float64Array, offset: number): void {
  for (let i = 0; i < LIMBS; i++) to[i] = from[offset + i]!
}

const entry = proj()

/**
 * acc += k·Q for the table of Q and 0 ≤ k < 2^252: one complete addition per non-zero signed digit.
 * @example setInfinity(acc); mulAdd(acc, table, 5n)
 */
export function mulAdd(acc: Proj, table: Table, k: bigint): void {
  const { w, windows, coords } = table
  const half = 2 ** (w - 1)
  const mask = BigInt(2 ** w - 1)
  const width = BigInt(w)
  entry.z.set(MONT_ONE)
  let carry = 0
  let rest = k
  for (let i = 0; i < windows; i++) {
    let digit = Number(rest & mask) + carry
    rest >>= width
    carry = 0
    if (digit > half) {
      digit -= 2 ** w
      carry = 1
    }
    if (digit === 0) continue
    const at = 2 * LIMBS * (i * half + Math.abs(digit) - 1)
    entry.x.set(coords.subarray(at, at + LIMBS))
    const y = coords.subarray(at + LIMBS, at + 2 * LIMBS)
    if (digit > 0) entry.y.set(y)
    else sub(entry.y, TWO_P, y, ZERO)
    addPoints(acc, acc, entry)
  }
  if (rest !== 0n || carry !== 0) throw new RangeError('mulAdd: scalar too large for the table')
}

const small: Proj[] = Array.from({ length: 16 }, proj)

/**
 * out = k·(x, y) for 0 ≤ k < 2^252 without a table: 4-bit windows from the top over the point's first 15
 * multiples, ~330 additions (a table costs a few thousand, worth it only for a point used again). Not
 * constant-time.
 * @example const p = proj(); multiply(p, GX, GY, 5n); toAffine(p)
 */
export function multiply(out: Proj, x: bigint, y: bigint, k: bigint): void {
  if (k < 0n || k >> BigInt(SCALAR_BITS) !== 0n) throw new RangeError('multiply: scalar out of range')
  setInfinity(small[0]!)
  fromAffine(x, y, small[1])
  for (let j = 2; j < 16; j++) addPoints(small[j]!, small[j - 1]!, small[1]!)
  setInfinity(out)
  for (let shift = SCALAR_BITS - 4; shift >= 0; shift -= 4) {
    for (let d = 0; d < 4; d++) addPoints(out, out, out)
    const digit = Number((k >> BigInt(shift)) & 15n)
    if (digit !== 0) addPoints(out, out, small[digit]!)
  }
}

/** Negates a point in place (y ← 4P − y). */
export function negate(p: Proj): void {
  sub(p.y, FOUR_P, p.y, ZERO)
}

/** 1/x mod P (x ≠ 0), by the extended Euclidean algorithm. */
export function invert(x: bigint): bigint {
  let a = ((x % P) + P) % P
  if (a === 0n) throw new RangeError('invert: zero has no inverse')
  let b = P
  let u = 1n
  let v = 0n
  while (a !== 0n) {
    const q = b / a
    ;[a, b] = [b - q * a, a]
    ;[u, v] = [v - q * u, u]
  }
  return ((v % P) + P) % P
}
