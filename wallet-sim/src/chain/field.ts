// Arithmetic modulo the Starknet prime P = 2^251 + 17·2^192 + 1 without BigInt allocations, for the
// node's hot paths (Poseidon, Stark-curve signature checks). An element is a Float64Array of eleven
// 24-bit limbs, little-endian, in Montgomery form (x·2^264 mod P); doubles hold integers exactly up to
// 2^53, so limb products (< 2^48) and column sums of eleven of them never round.
//
// P ≡ 1 (mod 2^192), so Montgomery reduction needs no multiplier: m = −c mod 2^24 per limb, and
// m·P touches only limbs i, i+8 (17·m) and i+10 (2^11·m).

import { FIELD_PRIME } from '@webwallet/protocol/constants'

/** A field element: 11 limbs of 24 bits (the top limb may be larger between reductions). */
export type Fe = Float64Array

const W = 24
const BASE = 2 ** W
const INV_BASE = 2 ** -W
export const LIMBS = 11
const P = FIELD_PRIME
const R = 2n ** 264n

/** Creates a zero element (scratch space for the functions below). */
export const fe = (): Fe => new Float64Array(LIMBS)

/**
 * Carries limbs 0..9 into [0, 2^24); the top limb takes what is left (negative if the value is).
 * Every function below expects normalised inputs unless it says otherwise.
 */
export function normalize(a: Fe): void {
  let carry = 0
  for (let i = 0; i < LIMBS - 1; i++) {
    const v = a[i]! + carry
    carry = Math.floor(v * INV_BASE)
    a[i] = v - carry * BASE
  }
  a[LIMBS - 1]! += carry
}

/**
 * Brings a non-negative value below 2^280 into [0, 2P) (not [0, 2^252): v < 2^251 comes out as v + P):
 * subtract h·P for h = ⌊v / 2^251⌋, then add P back so the result cannot go negative. Normalises first.
 */
export function fold(a: Fe): void {
  normalize(a)
  const h = Math.floor(a[10]! * 2 ** -11)
  a[10] = a[10]! - h * 2048 + 2048
  a[8] = a[8]! - 17 * h + 17
  a[0] = a[0]! - h + 1
  normalize(a)
}

// out = a·b·2^-264 mod P, in [0, 2^252), for normalised a, b below 2^256. Straight-line code generated
// once at load: 121 products by columns, then eleven reduction steps with a negative m (−(c mod 2^24)),
// which makes the sum exactly divisible and lands the result in (ab/R − P, ab/R]; adding P back gives
// (ab/R, ab/R + P], i.e. below 2^252.
function generateMontMul(): (out: Fe, a: Fe, b: Fe) => void {
  const lines: string[] = []
  for (let i = 0; i < LIMBS; i++) lines.push(`const a${i} = a[${i}], b${i} = b[${i}];`)
  for (let k = 0; k < 2 * LIMBS; k++) {
    const terms: string[] = []
    for (let i = Math.max(0, k - LIMBS + 1); i <= Math.min(k, LIMBS - 1); i++) terms.push(`a${i} * b${k - i}`)
    lines.push(`let c${k} = ${terms.length ? terms.join(' + ') : '0'};`)
  }
  lines.push('let q = 0, m = 0;')
  for (let i = 0; i < LIMBS; i++) {
    lines.push(
      `q = Math.floor(c${i} * ${INV_BASE}); m = q * ${BASE} - c${i};`,
      `c${i + 1} += q; c${i + 8} += 17 * m; c${i + 10} += 2048 * m;`,
    )
  }
  lines.push('c11 += 1; c19 += 17; c21 += 2048;')
  for (let k = LIMBS; k < 2 * LIMBS - 1; k++)
    lines.push(
      `q = Math.floor(c${k} * ${INV_BASE}); out[${k - LIMBS}] = c${k} - q * ${BASE}; c${k + 1} += q;`,
    )
  lines.push(`out[${LIMBS - 1}] = c${2 * LIMBS - 1};`)
  // Only constant code is compiled here (no input reaches the source): V8 keeps the 22 columns in registers.
  return new Function('out', 'a', 'b', lines.join('\n')) as (out: Fe, a: Fe, b: Fe) => void
}

/**
 * Montgomery product: `out = a·b / 2^264 mod P`, result normalised and below 2^252. `out` may alias `a` or `b`.
 * @example mul(out, toMont(3n), toMont(5n)); fromMont(out) // 15n
 */
export const mul: (out: Fe, a: Fe, b: Fe) => void = generateMontMul()

/** Limbs of a non-negative bigint below 2^264 (no Montgomery conversion). */
export function limbsOf(x: bigint, out: Fe = fe()): Fe {
  if (x < 0n || x >= R) throw new RangeError('limbsOf: value out of range')
  const hex = x.toString(16).padStart(66, '0')
  for (let i = 0; i < LIMBS; i++) out[i] = Number.parseInt(hex.slice(66 - 6 * (i + 1), 66 - 6 * i), 16)
  return out
}

/** The integer a normalised element's limbs spell (no Montgomery conversion, no reduction). */
export function limbsValue(a: Fe): bigint {
  let x = 0n
  for (let i = LIMBS - 1; i >= 0; i--) x = (x << 24n) | BigInt(a[i]!)
  return x
}

const R2 = limbsOf((R * R) % P)
const ONE_PLAIN = limbsOf(1n)

/**
 * The Montgomery form of `x` (0 ≤ x < 2^256).
 * @example toMont(1n) // R mod P, as limbs
 */
export function toMont(x: bigint, out: Fe = fe()): Fe {
  limbsOf(x, out)
  mul(out, out, R2)
  return out
}

const scratch = fe()

/**
 * The canonical value in [0, P) of a Montgomery element.
 * @example fromMont(toMont(7n)) // 7n
 */
export function fromMont(a: Fe): bigint {
  scratch.set(a)
  normalize(scratch)
  mul(scratch, scratch, ONE_PLAIN)
  return limbsValue(scratch) % P
}

/** Limbs of k·P (k ≤ 16), to add before a subtraction so a value stays non-negative. */
export function multipleOfP(k: number): Fe {
  return limbsOf(BigInt(k) * P)
}
