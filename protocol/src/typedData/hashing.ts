// The hash functions of each SNIP-12 revision: revision 0 hashes with Pedersen (a chain ending in the
// length, `computeHashOnElements`), revision 1 with Poseidon over the elements.
// Pedersen from @scure/starknet (starknet.js's own), not starknet.js's barrel: the wallet page stays small.
import { pedersen as pedersenHex } from '@scure/starknet'
import { poseidonMany, poseidonPair, selectorFromName, shortString, typeHash } from '../session/felt'
import type { Revision } from './tree'

const pedersen = (a: bigint, b: bigint): bigint => BigInt(pedersenHex(a, b))

/**
 * The hash of a list of felts in a revision (a struct, an array, a ByteArray, an enum).
 * @example hashElements(1, [typeHash, a, b])
 */
export function hashElements(revision: Revision, elements: readonly bigint[]): bigint {
  if (revision === 1) return poseidonMany(elements)
  let hash = 0n
  for (const element of elements) hash = pedersen(hash, element)
  return pedersen(hash, BigInt(elements.length))
}

/**
 * The root of a SNIP-12 Merkle tree over leaf felts: sorted pairs, an odd node paired with 0.
 * @example merkleTreeRoot(1, [a, b, c])
 */
export function merkleTreeRoot(revision: Revision, leaves: readonly bigint[]): bigint {
  let level = [...leaves]
  while (level.length > 1) {
    const next: bigint[] = []
    for (let i = 0; i < level.length; i += 2) {
      const [a, b] = [level[i]!, level[i + 1] ?? 0n].sort((x, y) => (x <= y ? -1 : 1)) as [bigint, bigint]
      next.push(revision === 1 ? poseidonPair(a, b) : pedersen(a, b))
    }
    level = next
  }
  return level[0]!
}

/** starknet keccak of an encoded type (SNIP-12's type hash). */
export const typeHashOf = (encodedType: string): bigint => typeHash(encodedType)

/** starknet keccak of an entry-point name. */
export const selectorOf = (name: string): bigint => selectorFromName(name)

/** 'StarkNet Message', the first element of every message hash. */
export const MESSAGE_PREFIX = /* @__PURE__ */ shortString('StarkNet Message')
