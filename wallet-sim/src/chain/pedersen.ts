// Starknet's Pedersen hash on the limb field of ./field and the window tables of ./curve: the result of
// @scure/starknet's `pedersen` (pedersen.test.ts compares), several times faster. Storage slots of maps,
// contract addresses (the dev accounts at startup, every deployment) and UDC salts hash with it.
import { FIELD_PRIME as P } from '@webwallet/protocol/constants'
import { buildTable, fromAffine, mulAdd, proj, type Table, toAffine } from './curve'

// StarkWare's constant points: the shift point, then the low-248-bit and high-4-bit points of each input.
const SHIFT = [
  2089986280348253421170679821480865132823066470938446095505822317253594081284n,
  1713931329540660377023406109199410414810705867260802078187082345529207694986n,
] as const
const POINTS = [
  [
    996781205833008774514500082376783249102396023663454813447423147977397232763n,
    1668503676786377725805489344771023921079126552019160156920634619255970485781n,
  ],
  [
    2251563274489750535117886426533222435294046428347329203627021249169616184184n,
    1798716007562728905295480679789526322175868328062420237419143593021674992973n,
  ],
  [
    2138414695194151160943305727036575959195309218611738193261179310511854807447n,
    113410276730064486255102093846540133784865286929052426931474106396135072156n,
  ],
  [
    2379962749567351885752724891227938183011949129833673362440656643086021394946n,
    776496453633298175483985398648758586525933812536653089401905292063708816422n,
  ],
] as const

const LOW_BITS = 248n
const LOW_MASK = (1n << LOW_BITS) - 1n

// Built on the first hash (~15 ms): wide windows for the 248-bit parts, three narrow ones for the 4-bit parts.
let tables: readonly Table[] | undefined
const pointTables = () =>
  (tables ??= POINTS.map(([x, y], i) => (i % 2 === 0 ? buildTable(x, y, 6, 248) : buildTable(x, y, 2, 4))))

const acc = proj()

/**
 * The Pedersen hash of two felts: x(shift + a_low·P0 + a_high·P1 + b_low·P2 + b_high·P3). Throws a RangeError
 * for an input outside [0, P), as @scure/starknet does.
 * @example pedersenHash(1n, 2n) // 0x5bb9440e27889a364bcb678b1f679ecd1347acdedcbf36e83494f857cc58026n
 */
export function pedersenHash(a: bigint, b: bigint): bigint {
  if (!(a >= 0n && a < P && b >= 0n && b < P))
    throw new RangeError(`PedersenArg should be 0 <= value < CURVE.P: ${a < 0n || a >= P ? a : b}`)
  const [a0, a1, b0, b1] = pointTables() as [Table, Table, Table, Table]
  fromAffine(SHIFT[0], SHIFT[1], acc)
  mulAdd(acc, a0, a & LOW_MASK)
  mulAdd(acc, a1, a >> LOW_BITS)
  mulAdd(acc, b0, b & LOW_MASK)
  mulAdd(acc, b1, b >> LOW_BITS)
  const point = toAffine(acc)
  if (point === undefined) throw new Error('Pedersen: the sum is the point at infinity')
  return point.x
}

/**
 * Pedersen hash of a list, Starknet's `compute_hash_on_elements`: the chain over 0, the elements and the length.
 * @example hashOnElements([1n, 2n, 3n]) // as @scure/starknet computeHashOnElements([1n, 2n, 3n])
 */
export function hashOnElements(data: readonly bigint[]): bigint {
  let h = 0n
  for (const x of data) h = pedersenHash(h, x)
  return pedersenHash(h, BigInt(data.length))
}
