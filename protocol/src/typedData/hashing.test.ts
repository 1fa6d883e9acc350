// The hashes protocol takes from @scure/starknet directly (not through starknet.js's barrel, which would put
// starknet.js in the wallet page) give exactly what starknet.js v10 and v8 give, over any felts and text.
import fc from 'fast-check'
import * as v10 from 'starknet'
import * as v8 from 'starknet-v8'
import { describe, expect, it } from 'vitest'
import { FIELD_PRIME, poseidonMany, poseidonPair, selectorFromName, typeHash } from '../session/felt'
import { hashElements, merkleTreeRoot } from './hashing'

const felt = fc.bigInt({ min: 0n, max: FIELD_PRIME - 1n })
// Whole felts and the small ones typed data is full of (lengths, enum indexes, booleans).
const anyFelt = fc.oneof(felt, fc.bigInt({ min: 0n, max: 300n }))
// Any text: ASCII type strings, and full Unicode (a selector or type name is hashed as UTF-8).
const text = fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' }))

describe.each([
  ['v10', v10],
  ['v8', v8 as unknown as typeof v10],
] as const)('as starknet.js %s hashes', (_version, starknet) => {
  it('starknet keccak of any text: selectors and type hashes', () => {
    fc.assert(
      fc.property(text, (name) => {
        expect(selectorFromName(name)).toBe(BigInt(starknet.hash.getSelectorFromName(name)))
        expect(typeHash(name)).toBe(starknet.hash.starknetKeccak(name))
      }),
      { numRuns: 200 },
    )
  }, 60_000)

  it('Poseidon over any list of felts and of any two', () => {
    fc.assert(
      fc.property(fc.array(anyFelt, { maxLength: 12 }), anyFelt, anyFelt, (list, a, b) => {
        expect(poseidonMany(list)).toBe(BigInt(starknet.hash.computePoseidonHashOnElements(list)))
        expect(poseidonPair(a, b)).toBe(starknet.ec.starkCurve.poseidonHash(a, b))
        expect(hashElements(1, list)).toBe(BigInt(starknet.hash.computePoseidonHashOnElements(list)))
      }),
      { numRuns: 30 },
    )
  }, 60_000)

  it('Pedersen chains (revision 0) and the Merkle roots of both revisions', () => {
    fc.assert(
      fc.property(fc.array(anyFelt, { minLength: 1, maxLength: 5 }), (list) => {
        expect(hashElements(0, list)).toBe(BigInt(starknet.hash.computeHashOnElements(list)))
        const leaves = list.map((leaf) => `0x${leaf.toString(16)}`)
        const pedersenTree = new starknet.merkle.MerkleTree(leaves, starknet.hash.computePedersenHash)
        const poseidonTree = new starknet.merkle.MerkleTree(leaves, starknet.hash.computePoseidonHash)
        expect(merkleTreeRoot(0, list)).toBe(BigInt(pedersenTree.root))
        expect(merkleTreeRoot(1, list)).toBe(BigInt(poseidonTree.root))
      }),
      // Pedersen takes milliseconds a hash: few runs, each a few chains and trees.
      { numRuns: 15 },
    )
  }, 60_000)
})
