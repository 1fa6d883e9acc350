// Poseidon Merkle tree with sorted pairs, as starknet.js `merkle.MerkleTree` builds it and Alexandria's
// `MerkleTree::verify` (used by Argent's session component) checks it. An odd node is paired with 0.
import { type Felt, invalid, poseidonPair } from './felt'

/** Hash of two sibling nodes: the smaller one goes first. */
export function merkleNode(a: Felt, b: Felt): Felt {
  return a <= b ? poseidonPair(a, b) : poseidonPair(b, a)
}

/**
 * All levels of the tree, leaves first, root last.
 * @example merkleLevels([1n, 2n, 3n]).at(-1) // [root]
 */
export function merkleLevels(leaves: readonly Felt[]): Felt[][] {
  if (leaves.length === 0) invalid('A Merkle tree needs at least one leaf')
  const levels: Felt[][] = [[...leaves]]
  let level = levels[0]!
  while (level.length > 1) {
    const next: Felt[] = []
    for (let i = 0; i < level.length; i += 2) next.push(merkleNode(level[i]!, level[i + 1] ?? 0n))
    levels.push(next)
    level = next
  }
  return levels
}

/** The root of the tree over `leaves`. */
export function merkleRoot(leaves: readonly Felt[]): Felt {
  return merkleLevels(leaves).at(-1)![0]!
}

/**
 * The sibling path of the leaf at `index`, bottom-up; a missing sibling is 0.
 * @example merkleProof([a, b, c], 2) // [0n, node(a, b)]
 */
export function merkleProof(leaves: readonly Felt[], index: number): Felt[] {
  if (!Number.isInteger(index) || index < 0 || index >= leaves.length) invalid(`No leaf at index ${index}`)
  const levels = merkleLevels(leaves)
  const proof: Felt[] = []
  let position = index
  for (const level of levels.slice(0, -1)) {
    proof.push(level[position ^ 1] ?? 0n)
    position >>= 1
  }
  return proof
}

/**
 * Checks that `leaf` with `proof` hashes up to `root`.
 * @example verifyMerkleProof(root, leaf, proof) // true
 */
export function verifyMerkleProof(root: Felt, leaf: Felt, proof: readonly Felt[]): boolean {
  let node = leaf
  for (const sibling of proof) node = merkleNode(node, sibling)
  return node === root
}
