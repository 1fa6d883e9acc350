// Starknet's Poseidon (Hades permutation, width 3, 8 full + 83 partial rounds, cubic S-box) on the
// limb arithmetic of ./field: the same values as @scure/starknet's poseidonHashMany, several times
// faster, which matters because every transaction hash is a dozen or more permutations.
import { createHash } from 'node:crypto'
import { setPoseidonImplementation } from '@webwallet/protocol/session'
import { FIELD_PRIME as P } from './felt'
import { type Fe, fe, fold, fromMont, mul, multipleOfP, normalize, toMont } from './field'

const FULL_HALF = 4
const PARTIAL = 83
const ROUNDS = 2 * FULL_HALF + PARTIAL

let constants: Fe[] | undefined

// Round constants as StarkWare defines them: sha256("Hades" + index) reduced into the field, kept in
// Montgomery form.
function roundConstants(): Fe[] {
  if (constants) return constants
  const out: Fe[] = []
  for (let i = 0; i < 3 * ROUNDS; i++) {
    const digest = createHash('sha256').update(`Hades${i}`).digest('hex')
    out.push(toMont(BigInt(`0x${digest}`) % P))
  }
  constants = out
  return out
}

// 4P and 8P, added before the MDS subtractions so no lane goes negative.
const FOUR_P = multipleOfP(4)
const EIGHT_P = multipleOfP(8)

const sq = fe()

/** x ← x³ (x + round constant already added, not yet normalised). */
function cube(x: Fe): void {
  normalize(x)
  mul(sq, x, x)
  mul(x, sq, x)
}

/** The MDS matrix [[3,1,1],[1,-1,1],[1,1,-2]] limb by limb: a,b,c ← t+2a, t−2b, t−3c (t = a+b+c). */
function mix(a: Fe, b: Fe, c: Fe): void {
  for (let i = 0; i < 11; i++) {
    const x = a[i]!
    const y = b[i]!
    const z = c[i]!
    const t = x + y + z
    a[i] = t + 2 * x
    b[i] = t - 2 * y + FOUR_P[i]!
    c[i] = t - 3 * z + EIGHT_P[i]!
  }
}

function addConstant(x: Fe, k: Fe): void {
  for (let i = 0; i < 11; i++) x[i]! += k[i]!
}

/** The Hades permutation on Montgomery lanes a, b, c (each below 2^256), in place. */
function permute(a: Fe, b: Fe, c: Fe): void {
  const rc = roundConstants()
  let k = 0
  for (let round = 0; round < ROUNDS; round++) {
    const full = round < FULL_HALF || round >= FULL_HALF + PARTIAL
    addConstant(a, rc[k]!)
    addConstant(b, rc[k + 1]!)
    addConstant(c, rc[k + 2]!)
    k += 3
    if (full) {
      cube(a)
      cube(b)
    } else {
      // The linear lanes grow ~2 bits a round: bring them back below 2^252 before they mix.
      fold(a)
      fold(b)
    }
    cube(c)
    mix(a, b, c)
  }
  fold(a)
  fold(b)
  fold(c)
}

// Empty lists (paymaster data, account deployment data) are hashed in almost every transaction.
let EMPTY: bigint | undefined

const lanes = [fe(), fe(), fe()] as const
const input = fe()

/**
 * Poseidon hash of a list of felts (Starknet's `poseidon_hash_many`).
 * @example poseidonHashMany([1n, 2n])
 */
export function poseidonHashMany(values: readonly bigint[]): bigint {
  if (values.length === 0 && EMPTY !== undefined) return EMPTY
  const [a, b, c] = lanes
  a.fill(0)
  b.fill(0)
  c.fill(0)
  // Absorb two felts per permutation; the list is padded with 1 (and then 0 to an even length).
  const n = values.length + 1
  for (let i = 0; i < n + (n % 2); i += 2) {
    absorb(a, i < values.length ? values[i]! : i === values.length ? 1n : 0n)
    absorb(b, i + 1 < values.length ? values[i + 1]! : i + 1 === values.length ? 1n : 0n)
    permute(a, b, c)
  }
  const out = fromMont(a)
  if (values.length === 0) EMPTY = out
  return out
}

function absorb(lane: Fe, value: bigint): void {
  if (value < 0n || value >= P) throw new RangeError(`poseidon: not a felt: ${value}`)
  toMont(value, input)
  addConstant(lane, input)
  normalize(lane)
}

/**
 * Poseidon of two felts as Cairo's `poseidon_hash(a, b)` (`hades_permutation(a, b, 2)[0]`), used for
 * Merkle nodes and signer GUIDs.
 * @example poseidonHash(1n, 2n)
 */
export function poseidonHash(x: bigint, y: bigint): bigint {
  const [a, b, c] = lanes
  a.fill(0)
  b.fill(0)
  c.fill(0)
  absorb(a, x)
  absorb(b, y)
  absorb(c, 2n)
  permute(a, b, c)
  return fromMont(a)
}

// The session hashes the Argent class checks on every session transaction (session, domain, Merkle
// proofs, signer GUIDs) go through @webwallet/protocol/session: give it this Poseidon too.
setPoseidonImplementation({ many: poseidonHashMany, pair: poseidonHash })
