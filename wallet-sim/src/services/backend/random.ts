import { createHash } from 'node:crypto'

/** A deterministic source of numbers derived from a seed string, so the same input gives the same data. */
export interface SeededRandom {
  /** An integer in [min, max]. */
  int(min: number, max: number): number
  /** A uniformly drawn bigint below 2^64. */
  bigint(): bigint
  /** A 0x-prefixed 64-digit hex string (an address-shaped value). */
  hex(): string
  pick<T>(items: readonly T[]): T
}

/**
 * A SHA-256 counter-mode generator: block i is sha256(seed ‖ i). Not for secrets; for repeatable fixtures.
 *
 * @example
 * const random = seededRandom('wallet-sim:0x123')
 * random.int(1, 3) // the same number on every run
 */
export function seededRandom(seed: string): SeededRandom {
  let counter = 0
  const next = (): Buffer => createHash('sha256').update(`${seed}#${counter++}`).digest()
  const random: SeededRandom = {
    int: (min, max) => min + (next().readUInt32BE(0) % (max - min + 1)),
    bigint: () => next().readBigUInt64BE(0),
    hex: () => `0x0${next().toString('hex').slice(1)}`,
    pick: (items) => {
      const item = items[random.int(0, items.length - 1)]
      if (item === undefined) throw new Error('pick from an empty list')
      return item
    },
  }
  return random
}
