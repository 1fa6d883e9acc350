// Stark-curve ECDSA as Cairo's `check_ecdsa_signature` does it: the public key is an x coordinate
// (either y is accepted), r and s are felts. The curve arithmetic is ./curve's (limb field, complete
// formulas, window tables); each public key's table is built once and cached, so repeated checks of the
// same account cost one table addition per window.
import { Point } from '@scure/starknet'
import type { Felt } from './contract'
import { addPoints, buildTable, mulAdd, negate, type Proj, proj, setInfinity, type Table } from './curve'
import { fromMont } from './field'

const P = Point.Fp.ORDER
const ORDER = Point.Fn.ORDER
const TWO_251 = 2n ** 251n
/** Tables of recently used keys (about 150 KB each at 5-bit windows). */
const KEY_CACHE_SIZE = 256
const keyCache = new Map<Felt, Table | null>()
let baseTable: Table | undefined

function baseMultiples(): Table {
  if (!baseTable) {
    const g = Point.BASE.toAffine()
    baseTable = buildTable(g.x, g.y, 8)
  }
  return baseTable
}

function keyMultiples(x: Felt): Table | null {
  const cached = keyCache.get(x)
  if (cached !== undefined) {
    // Least recently used goes first: re-insert on every hit.
    keyCache.delete(x)
    keyCache.set(x, cached)
    return cached
  }
  let table: Table | null = null
  try {
    const point = Point.fromHex(`02${x.toString(16).padStart(64, '0')}`).toAffine()
    table = buildTable(point.x, point.y, 5)
  } catch {
    table = null
  }
  if (keyCache.size >= KEY_CACHE_SIZE) keyCache.delete(keyCache.keys().next().value!)
  keyCache.set(x, table)
  return table
}

const a = proj()
const b = proj()
const sum = proj()

/** True when x(point) ≡ r (mod n), i.e. x is r or r + n (x < P < 2n); false for infinity. */
function xMatches(point: Proj, r: bigint): boolean {
  const z = fromMont(point.z)
  if (z === 0n) return false
  const x = fromMont(point.x)
  if ((x - ((r * z) % P) + P) % P === 0n) return true
  return r + ORDER < P && (x - ((((r + ORDER) % P) * z) % P) + P) % P === 0n
}

/**
 * Checks a Stark ECDSA signature of `msgHash` by the key whose x coordinate is `publicKey`.
 * @example verifyStarkSignature(txHash, publicKey, signature[0], signature[1]) // true | false
 */
export function verifyStarkSignature(msgHash: Felt, publicKey: Felt, r: Felt, s: Felt): boolean {
  if (r <= 0n || r >= TWO_251 || s <= 0n || s >= ORDER || msgHash < 0n || msgHash >= TWO_251) return false
  const q = keyMultiples(publicKey)
  if (!q) return false
  const w = Point.Fn.inv(s)
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
