// The session's hashes through the app's starknet.js (its typed-data hash and Merkle tree), not through
// protocol/session's own copies of them, which stay out of the SDK's bundle. Same values: crypto.test.ts
// checks each against protocol/session.
import { CallNotAllowedError } from '@webwallet/protocol/errors'
import {
  type AllowedMethod,
  allowedMethodLeaf,
  type Felt,
  type FeltLike,
  memo,
  type NamedCall,
  type Session,
  selectorFromName,
  sessionTypedData,
  shortString,
  toFelt,
  toHex,
} from '@webwallet/protocol/session'
import { hash, merkle, type TypedData, TypedDataRevision, typedData } from 'starknet'

/**
 * The session's typed-data hash for the account at `address` (what owner and guardian signed), SNIP-12 rev 1;
 * methods by their root, so that no methods (root 0) still hash (starknet.js's Merkle tree needs a leaf).
 *
 * @example
 * sessionHashOf(session, '0x1234', 'SN_SEPOLIA') === sessionHash(session, '0x1234', 'SN_SEPOLIA') // true
 */
export function sessionHashOf(session: Session, address: FeltLike, chainId: FeltLike): Felt {
  const { types, domain } = sessionTypedData(session, chainId) as unknown as TypedData
  const { ACTIVE } = TypedDataRevision
  const struct = poseidon([
    typedData.getTypeHash(types, 'Session', ACTIVE),
    session.expiresAt,
    methodsTree(session.allowedMethods).root,
    metadataHashOf(session.metadata),
    session.sessionKeyGuid,
  ])
  return BigInt(
    poseidon([
      shortString('StarkNet Message'),
      typedData.getStructHash(types, 'StarknetDomain', domain, ACTIVE),
      toFelt(address),
      struct,
    ]),
  )
}

const poseidon = (felts: (bigint | string)[]) => hash.computePoseidonHashOnElements(felts)

/**
 * The hash of the session's metadata string (a Cairo ByteArray), as the on-chain session holds it.
 *
 * @example
 * metadataHashOf('{"projectID":"game"}')
 */
export function metadataHashOf(metadata: string): Felt {
  return BigInt(typedData.encodeValue({}, 'string', metadata, undefined, TypedDataRevision.ACTIVE)[1])
}

/** The Merkle tree of a session's allowed methods: its root, and a proof of membership per call. */
export interface MethodsTree {
  readonly root: Felt
  /** The proof for `call`, or CALL_NOT_ALLOWED when the session does not allow it. */
  proofFor(call: NamedCall): Felt[]
}

// A session signs many transactions and its status is read often: each needs the tree (~1 ms per method to
// build). The trees of the last few method lists are kept, by content (callers rebuild the lists).
const trees = memo<string, MethodsTree>(16)

/**
 * The tree of `methods` (root 0 and no call allowed when there are none).
 *
 * @example
 * methodsTree(stored.allowedMethods).proofFor({ contractAddress: GAME, entrypoint: 'play' })
 */
export function methodsTree(methods: readonly AllowedMethod[]): MethodsTree {
  const key = methods.map((m) => `${m['Contract Address']}:${m.selector}`).join('|')
  return trees(key, () => buildTree(methods))
}

function buildTree(methods: readonly AllowedMethod[]): MethodsTree {
  const leafOf = (contract: string, name: string) =>
    toHex(allowedMethodLeaf(contract, selectorFromName(name)))
  const leaves = methods.map((method) => leafOf(method['Contract Address'], method.selector))
  // A session without methods (a stored one whose methods could not be rebuilt) allows no call.
  const tree = leaves.length > 0 ? new merkle.MerkleTree(leaves, hash.computePoseidonHash) : undefined
  return {
    root: BigInt(tree?.root ?? 0),
    proofFor(call) {
      const leaf = leafOf(call.contractAddress, call.entrypoint)
      if (!tree || !leaves.includes(leaf)) throw new CallNotAllowedError(call.entrypoint)
      return tree.getProof(leaf).map(BigInt)
    },
  }
}
