// The canonical form of SNIP-12 typed data: for every value the felt it contributes to the hash, with what
// kind of value produced it. Screens, classifications and server checks read this tree, never the JSON.

/** SNIP-12 revision: 0 (Pedersen, `StarkNetDomain`) or 1 (Poseidon, `StarknetDomain`). */
export type Revision = 0 | 1

/** Where a value sits in the typed data, as in ValidationError paths. */
export type TreePath = (string | number)[]

/**
 * One encoded value. `felt` is what its parent hashes: the value itself for felt-like kinds, the hash of the
 * struct, array, ByteArray, enum or Merkle tree otherwise.
 */
export type CanonicalNode =
  /**
   * A felt-like value (`felt`, `shortstring`, `u128`, `i128`, `timestamp`, `ContractAddress`, `ClassHash`, and
   * every non-struct type of revision 0). Where text is allowed, `text` is the felt read as a short string when
   * it is one (printable ASCII that reads as no number), however the dapp spelled it.
   */
  | { kind: 'felt'; type: string; felt: bigint; text?: string }
  | { kind: 'bool'; type: 'bool'; felt: bigint; value: boolean }
  /** Revision 1 `string`: a Cairo ByteArray of the text, hashed. */
  | { kind: 'string'; type: 'string'; felt: bigint; text: string }
  /** A selector, given as hex or as an entry-point name (hashed with starknet keccak): the felt either way. */
  | { kind: 'selector'; type: 'selector'; felt: bigint }
  | { kind: 'struct'; type: string; felt: bigint; typeHash: bigint; fields: CanonicalField[]; preset?: true }
  | { kind: 'array'; type: string; felt: bigint; items: CanonicalNode[] }
  | {
      kind: 'enum'
      type: 'enum'
      felt: bigint
      enumType: string
      variant: string
      index: number
      values: CanonicalNode[]
    }
  | { kind: 'merkletree'; type: 'merkletree'; felt: bigint; contains: string; leaves: CanonicalNode[] }

/** One field of a struct: its name, its declared type and its encoded value. */
export interface CanonicalField {
  name: string
  type: string
  node: CanonicalNode
}

/** A struct node. */
export type CanonicalStruct = Extract<CanonicalNode, { kind: 'struct' }>

/** Typed data read into its canonical form. */
export interface CanonicalTypedData {
  revision: Revision
  /** The domain struct (`StarknetDomain` or `StarkNetDomain`), encoded with the dapp's declared fields. */
  domain: CanonicalStruct
  primaryType: string
  /** The message struct; `message.felt` is its struct hash, `message.typeHash` the primary type's hash. */
  message: CanonicalStruct
  /** The SNIP-12 message hash for an account, as starknet.js `typedData.getMessageHash` computes it. */
  messageHash(account: unknown): bigint
}

/**
 * The field `name` of a struct node, if declared.
 * @example fieldOf(canonical.domain, 'name')?.node.felt
 */
export function fieldOf(node: CanonicalStruct, name: string): CanonicalField | undefined {
  return node.fields.find((field) => field.name === name)
}
