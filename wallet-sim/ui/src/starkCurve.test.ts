// The page's lazily run Stark curve (starkCurve.ts) answers as the library starknet.js wraps (the copy protocol
// depends on), for every felt: the page's build resolves protocol's `@scure/starknet` imports to it
// (vite.config.ts; e2e/tests/wallet/lazyCurve.test.ts holds that the page runs it only when it hashes).

import fc from 'fast-check'
import { ec } from 'starknet'
import { describe, expect, it } from 'vitest'
import { keccak, pedersen, poseidonHash, poseidonHashMany } from './starkCurve'

const scure = ec.starkCurve
const PRIME = 2n ** 251n + 17n * 2n ** 192n + 1n
const felt = fc.bigInt({ min: 0n, max: PRIME - 1n })

describe('starkCurve', () => {
  it("hashes as starknet.js's curve: keccak, Pedersen, Poseidon of two and of many", () => {
    fc.assert(
      fc.property(
        felt,
        felt,
        fc.array(felt, { maxLength: 5 }),
        fc.uint8Array({ maxLength: 64 }),
        (a, b, many, bytes) => {
          expect(keccak(bytes)).toBe(scure.keccak(bytes))
          expect(pedersen(a, b)).toBe(scure.pedersen(a, b))
          expect(poseidonHash(a, b)).toBe(scure.poseidonHash(a, b))
          expect(poseidonHashMany(many)).toBe(scure.poseidonHashMany(many))
        },
      ),
      { numRuns: 12 },
    )
  })
})
