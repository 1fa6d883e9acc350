// P-256 (secp256r1) public-key recovery, as Cairo's `recover_public_key::<Secp256r1Point>` answers it: the
// account names a P-256 signer by the x coordinate of its key and checks a signature (r, s, y_parity) by
// recovering the key from it. WebCrypto can sign and verify but not recover, so the SDK needs this to find
// y_parity and wallet-sim's account to check it. Plain affine bigint arithmetic: the inputs are public
// (signatures and keys), so nothing here needs to run in constant time.

/** The field prime, curve coefficient b, group order and base point of P-256 (SEC 2, a = −3). */
const P = 0xffffffff00000001000000000000000000000000ffffffffffffffffffffffffn
const B = 0x5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604bn
export const P256_ORDER = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n
const G: Point = {
  x: 0x6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296n,
  y: 0x4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5n,
}

/** An affine point; `undefined` stands for the point at infinity. */
export interface Point {
  readonly x: bigint
  readonly y: bigint
}

const mod = (a: bigint, m: bigint) => ((a % m) + m) % m

function inverse(a: bigint, m: bigint): bigint {
  let [oldR, r] = [mod(a, m), m]
  let [oldS, s] = [1n, 0n]
  while (r !== 0n) {
    const q = oldR / r
    ;[oldR, r] = [r, oldR - q * r]
    ;[oldS, s] = [s, oldS - q * s]
  }
  return mod(oldS, m)
}

function power(base: bigint, exponent: bigint, m: bigint): bigint {
  let result = 1n
  let b = mod(base, m)
  for (let e = exponent; e > 0n; e >>= 1n) {
    if (e & 1n) result = (result * b) % m
    b = (b * b) % m
  }
  return result
}

function add(p: Point | undefined, q: Point | undefined): Point | undefined {
  if (!p) return q
  if (!q) return p
  let slope: bigint
  if (p.x === q.x) {
    if (mod(p.y + q.y, P) === 0n) return undefined
    slope = mod((3n * p.x * p.x - 3n) * inverse(2n * p.y, P), P)
  } else {
    slope = mod((q.y - p.y) * inverse(q.x - p.x, P), P)
  }
  const x = mod(slope * slope - p.x - q.x, P)
  return { x, y: mod(slope * (p.x - x) - p.y, P) }
}

/** a·p + b·q in one double-and-add pass (Shamir's trick). */
function twoProducts(a: bigint, p: Point, b: bigint, q: Point): Point | undefined {
  const pq = add(p, q)
  let result: Point | undefined
  for (let bit = 255n; bit >= 0n; bit--) {
    result = add(result, result)
    const take = (((a >> bit) & 1n) << 1n) | ((b >> bit) & 1n)
    if (take === 3n) result = add(result, pq)
    else if (take === 2n) result = add(result, p)
    else if (take === 1n) result = add(result, q)
  }
  return result
}

/**
 * The curve point with this x and the given y parity (true: odd y), or undefined when x is not on the curve.
 * @example pointFromX(x, false)?.y
 */
export function pointFromX(x: bigint, oddY: boolean): Point | undefined {
  if (x <= 0n || x >= P) return undefined
  const rhs = mod(x * x * x - 3n * x + B, P)
  const y = power(rhs, (P + 1n) / 4n, P) // P ≡ 3 (mod 4)
  if ((y * y) % P !== rhs) return undefined
  const odd = (y & 1n) === 1n
  return { x, y: odd === oddY ? y : P - y }
}

/**
 * The public key that signed `hash` with (r, s, yParity), as Cairo's recover_public_key computes it
 * (Q = r⁻¹·(s·R − hash·G), R the point of x = r and that y parity); undefined when r or s is out of
 * [1, n) or no key results.
 * @example recoverP256(hash, r, s, false)?.x === publicKeyX
 */
export function recoverP256(hash: bigint, r: bigint, s: bigint, yParity: boolean): Point | undefined {
  if (r <= 0n || r >= P256_ORDER || s <= 0n || s >= P256_ORDER || hash < 0n || hash >= 2n ** 256n) {
    return undefined
  }
  const point = pointFromX(r, yParity)
  if (!point) return undefined
  const rInverse = inverse(r, P256_ORDER)
  const u1 = mod(-hash * rInverse, P256_ORDER)
  const u2 = mod(s * rInverse, P256_ORDER)
  return twoProducts(u1, G, u2, point)
}
