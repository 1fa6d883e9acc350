// The session's allowed methods: each (contract, selector) pair is a Merkle leaf; calls prove membership.
import { CallNotAllowedError } from '../errors/sdk'
import { type Felt, type FeltLike, poseidonMany, selectorFromName, toFelt, typeHash } from './felt'
import { memo } from './memo'
import { merkleProof, merkleRoot, verifyMerkleProof } from './merkle'

/** Type hash of the SNIP-12 `Allowed Method` struct, the first element of every leaf. */
export const ALLOWED_METHOD_TYPE_HASH = typeHash(
  '"Allowed Method"("Contract Address":"ContractAddress","selector":"selector")',
)

/** An allowed method as x-sessions and the wallet's session typed data write it: selector is an entrypoint name. */
export interface AllowedMethod {
  readonly 'Contract Address': string
  readonly selector: string
}

/** A call by contract address and entrypoint name (starknet.js `Call`). */
export interface NamedCall {
  readonly contractAddress: string
  readonly entrypoint: string
}

/**
 * The leaf of one (contract, selector) pair: poseidon(ALLOWED_METHOD_TYPE_HASH, contract, selector).
 * @example allowedMethodLeaf(contractAddress, selectorFromName('transfer'))
 */
export function allowedMethodLeaf(contractAddress: FeltLike, selector: FeltLike): Felt {
  return poseidonMany([ALLOWED_METHOD_TYPE_HASH, toFelt(contractAddress), toFelt(selector)])
}

/** The allowed methods as a Merkle tree, with the proof lookup the session signer needs. */
export interface AllowedMethodsTree {
  readonly leaves: readonly Felt[]
  readonly root: Felt
  /** The proof of `call`'s (contract, selector) pair; throws when the session does not allow it. */
  proofFor(call: NamedCall): Felt[]
}

// A session signs many transactions and every one needs the tree (its root for the token, a proof per
// call): remember the trees of the last few method lists, by content (callers rebuild session objects).
const trees = /* @__PURE__ */ memo<string, AllowedMethodsTree>(16)

/**
 * Builds (or recalls) the Merkle tree of a session's allowed methods.
 * @example allowedMethodsTree([{ 'Contract Address': token, selector: 'transfer' }]).proofFor(call)
 */
export function allowedMethodsTree(methods: readonly AllowedMethod[]): AllowedMethodsTree {
  const key = methods.map((m) => `${m['Contract Address']}:${m.selector}`).join('|')
  return trees(key, () => buildTree(methods))
}

function buildTree(methods: readonly AllowedMethod[]): AllowedMethodsTree {
  const leaves = methods.map((method) =>
    allowedMethodLeaf(method['Contract Address'], selectorFromName(method.selector)),
  )
  // A session without methods (e.g. a stored one whose methods could not be rebuilt) allows no call.
  const root = leaves.length === 0 ? 0n : merkleRoot(leaves)
  const proofs = new Map<number, Felt[]>()
  return {
    leaves,
    root,
    proofFor(call) {
      const leaf = allowedMethodLeaf(call.contractAddress, selectorFromName(call.entrypoint))
      const index = leaves.indexOf(leaf)
      if (index === -1) throw new CallNotAllowedError(call.entrypoint)
      let proof = proofs.get(index)
      if (proof === undefined) {
        proof = merkleProof(leaves, index)
        proofs.set(index, proof)
      }
      return [...proof]
    },
  }
}

/**
 * Checks a call (contract, selector) against an allowed-methods root, as the account contract does.
 * @example isAllowedCall(root, { to, selector }, proof)
 */
export function isAllowedCall(
  root: Felt,
  call: { readonly to: FeltLike; readonly selector: FeltLike },
  proof: readonly Felt[],
): boolean {
  return verifyMerkleProof(root, allowedMethodLeaf(call.to, call.selector), proof)
}
