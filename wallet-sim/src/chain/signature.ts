// Stark-curve ECDSA exactly as Cairo 1's `check_ecdsa_signature` (what Starknet accounts call): the public
// key is an x coordinate (either y is accepted), hash, r and s are felts, and r is compared with the x of
// the recovered point as a field element. The curve arithmetic is ./curve's (limb field, complete
// formulas, window tables); each public key's table is built once and cached, so repeated checks of the
// same account cost one table addition per window.

import { Point } from '@scure/starknet'
import { memo } from '@webwallet/protocol/session'
import type { Felt } from './contract'
import {
  addPoints,
  buildTable,
  mulAdd,
  multiply,
  negate,
  type Proj,
  proj,
  setInfinity,
  type Table,
  type TableBuilder,
  tableBuilder,
  toAffine,
} from './curve'
import { fromMont } from './field'

const P = Point.Fp.ORDER
const ORDER = Point.Fn.ORDER
const isFelt = (x: bigint) => x >= 0n && x < P
/** Tables of recently used keys (about 150 KB each at 5-bit windows; null for a key off the curve). */
const keyTables = memo<Felt, Table | null>(256)
let baseTable: Table | undefined
let baseBuilder: TableBuilder | undefined

const builderOfBase = () => {
  const g = Point.BASE.toAffine()
  baseBuilder ??= tableBuilder(g.x, g.y, 8)
  return baseBuilder
}

function baseMultiples(): Table {
  baseTable ??= builderOfBase().finish()
  return baseTable
}

/**
 * Builds a few more windows of the base point's table (33 in all), for idle time after startup: a
 * request arriving meanwhile waits for one step, not the whole table (~50 ms). True once it is built.
 * @example const step = () => warmBaseTable() || setImmediate(step)
 */
export function warmBaseTable(windows = 3): boolean {
  if (baseTable) return true
  if (!builderOfBase().step(windows)) return false
  baseMultiples()
  return true
}

function keyMultiples(x: Felt): Table | null {
  return keyTables(x, () => {
    try {
      const point = Point.fromHex(`02${x.toString(16).padStart(64, '0')}`).toAffine()
      return buildTable(point.x, point.y, 5)
    } catch {
      return null
    }
  })
}

const a = proj()
const b = proj()
const sum = proj()

/**
 * True when x(point) is r itself, as Cairo compares it (a field element, not r mod n: an x in [n, P) does
 * not match r = x − n); false for infinity.
 */
function xMatches(point: Proj, r: bigint): boolean {
  const z = fromMont(point.z)
  if (z === 0n) return false
  return (fromMont(point.x) - ((r * z) % P) + P) % P === 0n
}

/**
 * Checks a Stark ECDSA signature of `msgHash` by the key whose x coordinate is `publicKey`.
 * @example verifyStarkSignature(txHash, publicKey, signature[0], signature[1]) // true | false
 */
export function verifyStarkSignature(msgHash: Felt, publicKey: Felt, r: Felt, s: Felt): boolean {
  // Cairo 1's check_ecdsa_signature: every value is a felt; r and s are neither 0 nor the curve order.
  if (!isFelt(msgHash) || !isFelt(r) || !isFelt(s)) return false
  if (r === 0n || r === ORDER || s === 0n || s === ORDER) return false
  return recentChecks(`${msgHash}:${publicKey}:${r}:${s}`, () => check(msgHash, publicKey, r, s))
}

// A session's authorisation (the owner's and the guardian's signatures of the session hash) is checked again
// with every transaction the session signs; the answer for the same four numbers never changes.
const recentChecks = memo<string, boolean>(1024)

function check(msgHash: Felt, publicKey: Felt, r: Felt, s: Felt): boolean {
  const q = keyMultiples(publicKey)
  if (!q) return false
  // (zG ± rQ).x = (sR).x with R.x = r ⟺ x(u1·G ± u2·Q) = r, for w = 1/s, u1 = z·w, u2 = r·w (mod n).
  const w = Point.Fn.inv(s % ORDER)
  setInfinity(a)
  mulAdd(a, baseMultiples(), (msgHash * w) % ORDER)
  setInfinity(b)
  mulAdd(b, q, (r * w) % ORDER)
  // Either y of the public key is valid in Cairo, so test x(u1·G + u2·Q) and x(u1·G − u2·Q).
  addPoints(sum, a, b)
  if (xMatches(sum, r)) return true
  negate(b)
  addPoints(sum, a, b)
  return xMatches(sum, r)
}

/**
 * Builds the table of a public key ahead of its first signature check (the simulator warms the
 * predeployed accounts' keys in idle time after startup).
 * @example warmPublicKey(BigInt(account.public_key))
 */
export function warmPublicKey(publicKey: Felt): void {
  baseMultiples()
  keyMultiples(publicKey)
}

/**
 * The Stark public key of a private key (x of k·G), on the base table the signature checks use once it is
 * built (before, without a table): no curve library's own precomputation (~45 ms of startup
 * each). Not constant-time: it derives the simulator's own keys (dev accounts, guardian, relayer) in its
 * own process, where no one else times it. Throws a RangeError for a key outside 1 … order − 1.
 * @example starkPublicKey('0x1') // the x coordinate of the generator
 */
export function starkPublicKey(privateKey: bigint | string): Felt {
  const k = BigInt(privateKey)
  if (k <= 0n || k >= ORDER) throw new RangeError('A Stark private key is from 1 to the curve order - 1')
  const point = proj()
  // Startup derives a few keys (guardian, relayer, minter) before anything else needs the base table:
  // ~330 additions each without it, instead of the table's ~4,000 while the code is still cold.
  if (baseTable) {
    setInfinity(point)
    mulAdd(point, baseTable, k)
  } else {
    const g = Point.BASE.toAffine()
    multiply(point, g.x, g.y, k)
  }
  const affine = toAffine(point)
  if (!affine) throw new RangeError('A Stark private key is from 1 to the curve order - 1')
  return affine.x
}
