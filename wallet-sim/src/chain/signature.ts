// Stark-curve ECDSA as Cairo's `check_ecdsa_signature` does it: the public key is an x coordinate
// (either y is accepted), r and s are felts. Public-key points are cached with precomputed
// multiplication tables, which makes repeated checks of the same account several times faster.
import { Point } from '@scure/starknet'
import type { Felt } from './contract'

type CurvePoint = InstanceType<typeof Point>

const ORDER = Point.Fn.ORDER
const TWO_251 = 2n ** 251n
const keyCache = new Map<Felt, CurvePoint | null>()
let basePrecomputed = false

function pointFromX(x: Felt): CurvePoint | null {
  const cached = keyCache.get(x)
  if (cached !== undefined) return cached
  let point: CurvePoint | null = null
  try {
    point = Point.fromHex(`02${x.toString(16).padStart(64, '0')}`)
    // A 5-bit window: ~10 ms to build once per key, then each check is several times faster.
    point.precompute(5, false)
  } catch {
    point = null
  }
  if (keyCache.size > 10_000) keyCache.clear()
  keyCache.set(x, point)
  return point
}

/**
 * Checks a Stark ECDSA signature of `msgHash` by the key whose x coordinate is `publicKey`.
 * @example verifyStarkSignature(txHash, publicKey, signature[0], signature[1]) // true | false
 */
export function verifyStarkSignature(msgHash: Felt, publicKey: Felt, r: Felt, s: Felt): boolean {
  if (r <= 0n || r >= TWO_251 || s <= 0n || s >= ORDER || msgHash < 0n || msgHash >= TWO_251) return false
  const q = pointFromX(publicKey)
  if (!q) return false
  if (!basePrecomputed) {
    Point.BASE.precompute(8, false)
    basePrecomputed = true
  }
  const w = Point.Fn.inv(s)
  const u1 = (msgHash * w) % ORDER
  const u2 = (r * w) % ORDER
  const a = Point.BASE.multiplyUnsafe(u1)
  const b = q.multiplyUnsafe(u2)
  // Either y of the public key is valid in Cairo, so test x(u1·G + u2·Q) and x(u1·G − u2·Q).
  for (const p of [a.add(b), a.subtract(b)]) {
    if (p.is0()) continue
    if (p.toAffine().x % ORDER === r) return true
  }
  return false
}

/**
 * Builds the table of a public key ahead of its first signature check (the simulator warms the
 * predeployed accounts' keys in idle time after startup).
 * @example warmPublicKey(BigInt(account.public_key))
 */
export function warmPublicKey(publicKey: Felt): void {
  pointFromX(publicKey)
  if (!basePrecomputed) {
    Point.BASE.precompute(8, false)
    basePrecomputed = true
  }
}
