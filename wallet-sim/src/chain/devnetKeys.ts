// starknet-devnet's predeployed-account private keys, bit for bit, so `--seed N` gives the accounts a
// devnet user knows (devnet 0.10.1, predeployed_accounts.rs + utils.rs): a 64-bit Mersenne Twister
// (rand_mt's Mt64) seeded through rand_core 0.9's `seed_from_u64`, one u128 per account.

const U64 = (1n << 64n) - 1n
const U32 = (1n << 32n) - 1n

/** The largest seed devnet takes (`--seed` is a u32 there). */
export const MAX_DEVNET_SEED = 0xffff_ffff

/**
 * rand_core 0.9's default `seed_from_u64` for an 8-byte seed: two PCG32 outputs (state stepped before each
 * output), little-endian bytes, read back as the little-endian u64 Mt64 is seeded with.
 */
function seedFromU64(seed: bigint): bigint {
  let state = seed & U64
  let out = 0n
  for (let i = 0n; i < 2n; i++) {
    state = (state * 6364136223846793005n + 11634580027462260723n) & U64
    const xorshifted = (((state >> 18n) ^ state) >> 27n) & U32
    const rot = state >> 59n
    const rotated = ((xorshifted >> rot) | (xorshifted << ((32n - rot) & 31n))) & U32
    out |= rotated << (32n * i)
  }
  return out
}

const NN = 312
const MM = 156
const MATRIX_A = 0xb502_6f5a_a966_19e9n
const UPPER = 0xffff_ffff_8000_0000n
const LOWER = 0x7fff_ffffn

/** MT19937-64 (Matsumoto and Nishimura's 64-bit Mersenne Twister), seeded with one u64. */
class Mt64 {
  private readonly state: bigint[] = new Array<bigint>(NN)
  private index = NN

  constructor(seed: bigint) {
    this.state[0] = seed & U64
    for (let i = 1; i < NN; i++) {
      const prev = this.state[i - 1]!
      this.state[i] = (6364136223846793005n * (prev ^ (prev >> 62n)) + BigInt(i)) & U64
    }
  }

  nextU64(): bigint {
    if (this.index >= NN) this.twist()
    let x = this.state[this.index++]!
    x ^= (x >> 29n) & 0x5555_5555_5555_5555n
    x ^= (x << 17n) & 0x71d6_7fff_eda6_0000n
    x ^= (x << 37n) & 0xfff7_eee0_0000_0000n
    x ^= x >> 43n
    return x & U64
  }

  private twist(): void {
    const s = this.state
    for (let i = 0; i < NN; i++) {
      const x = (s[i]! & UPPER) | (s[(i + 1) % NN]! & LOWER)
      s[i] = s[(i + MM) % NN]! ^ (x >> 1n) ^ (x & 1n ? MATRIX_A : 0n)
    }
    this.index = 0
  }
}

/**
 * The private keys of devnet's first `count` predeployed accounts for `seed` (u128 each: the low 64 bits
 * come from the first draw, as rand 0.9 samples a u128).
 * @example devnetAccountKeys(0, 1) // [0x71d7bb07b9a64f6f78ac4c816aff4da9n]
 */
export function devnetAccountKeys(seed: number, count: number): bigint[] {
  const rng = new Mt64(seedFromU64(BigInt(seed)))
  return Array.from({ length: count }, () => {
    const low = rng.nextU64()
    return (rng.nextU64() << 64n) | low
  })
}
