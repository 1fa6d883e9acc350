// starkPublicKey before the base table exists (startup: guardian, relayer, minter) and after a signature
// check built it: the same keys either way. A file of its own, so no other test has built the table first.
import { getStarkKey, Point, sign } from '@scure/starknet'
import { expect, it, vi } from 'vitest'

// The project's files share their worker's module graph (isolate: false): a fresh copy of ./signature, whose
// base table no earlier file built.
vi.resetModules()
const { starkPublicKey, verifyStarkSignature, warmBaseTable } = await import('./signature')

const ORDER = Point.Fn.ORDER
const hex = (n: bigint) => n.toString(16).padStart(64, '0')
const keys = [1n, 2n, 0xabcdefn, 2n ** 251n, ORDER - 1n, 0x71d7bb07b9a64f6f78ac4c816aff4da9n]

it('derives the keys @scure/starknet does, before and after the base table is built in steps', () => {
  const before = keys.map((k) => starkPublicKey(k))
  expect(before).toEqual(keys.map((k) => BigInt(getStarkKey(hex(k)))))
  // Idle-time warm-up: the base table a few windows per step (33 windows at 8 bits), unchanged answers.
  let steps = 1
  while (!warmBaseTable(4)) steps++
  expect(steps).toBe(Math.ceil(33 / 4))
  expect(warmBaseTable()).toBe(true)
  const hash = 0x1234n
  const signature = sign(hex(hash), hex(keys[2]!))
  expect(verifyStarkSignature(hash, before[2]!, signature.r, signature.s)).toBe(true)
  expect(keys.map((k) => starkPublicKey(k))).toEqual(before)
  for (const k of [0n, ORDER]) expect(() => starkPublicKey(k)).toThrow(RangeError)
})
