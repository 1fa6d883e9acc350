// What typed data is, decided from its canonical felts only: an outside execution (SNIP-9 v1 or v2), a
// session, or a message. Typed data in a known domain that is not exactly the known shape is refused: the
// account would never act on it, and a screen could only guess what the dapp meant.
import { toHex } from '../starknet/felt'
import { allowedMethodLeafTypeHash, type KnownShape, knownShapes } from './known'
import { type CanonicalNode, type CanonicalTypedData, fieldOf } from './tree'
import { refuse } from './values'

/** An outside execution as the wallet shows it; every felt is the one SNIP-12 hashes. */
export interface OutsideExecutionView {
  /** SNIP-9 version: 1 (`execute_from_outside`) or 2 (`execute_from_outside_v2`). */
  version: 1 | 2
  /** Who may submit it; `ANY_CALLER` (0x414e595f43414c4c4552) lets anyone. */
  caller: bigint
  nonce: bigint
  /** Seconds: valid strictly after / strictly before. */
  executeAfter: bigint
  executeBefore: bigint
  /** Every value is the signed felt in hex (a selector given by name is its keccak): one view per hash. */
  calls: { contractAddress: string; selector: string; calldata: bigint[] }[]
}

/** A session as the account stores it, read from the signed felts. */
export interface SessionView {
  /** Seconds since the epoch. */
  expiresAt: bigint
  allowedMethods: { contractAddress: bigint; selector: bigint }[]
  /** The metadata text (hashed as a ByteArray). */
  metadata: string
  sessionKeyGuid: bigint
  /** The domain's chain id felt. */
  chainId: bigint
}

/** What typed data is. */
export type TypedDataKind =
  | { kind: 'outsideExecution'; outsideExecution: OutsideExecutionView }
  | { kind: 'session'; session: SessionView }
  | { kind: 'message' }

const nodes = (node: CanonicalNode | undefined): CanonicalNode[] =>
  node?.kind === 'array' ? node.items : node?.kind === 'merkletree' ? node.leaves : []
const feltsAt = (node: CanonicalNode | undefined) => nodes(node).map((item) => item.felt)
const values = (node: CanonicalNode) => (node.kind === 'struct' ? node.fields.map((field) => field.node) : [])

/**
 * The kind of typed data, from its canonical form.
 *
 * @example
 * classifyTypedData(readTypedData(paymasterTypedData)) // { kind: 'outsideExecution', outsideExecution: { version: 2, … } }
 */
export function classifyTypedData(canonical: CanonicalTypedData): TypedDataKind {
  const shape = knownShape(canonical)
  if (shape === undefined) return { kind: 'message' }
  const fields = values(canonical.message)
  if (shape.kind === 'session') return { kind: 'session', session: sessionView(canonical, fields) }
  return { kind: 'outsideExecution', outsideExecution: outsideExecutionView(shape, fields) }
}

function knownShape(canonical: CanonicalTypedData): KnownShape | undefined {
  const { domain, message, revision } = canonical
  const name = fieldOf(domain, 'name')?.node.felt
  const shapes = knownShapes()
  if (!shapes.some((shape) => shape.name === name)) return undefined
  const shape = shapes.find(
    (s) =>
      s.name === name &&
      s.revision === revision &&
      s.domainTypeHash === domain.typeHash &&
      s.version === domain.fields[1]?.node.felt &&
      s.typeHash === message.typeHash,
  )
  if (shape === undefined)
    refuse(
      ['domain', 'name'],
      `is the domain of ${name === shapes[2]!.name ? 'sessions' : 'outside executions'}, but its domain version, revision or ${canonical.primaryType} type is not the one the account checks`,
    )
  return shape
}

function outsideExecutionView(shape: KnownShape, fields: CanonicalNode[]): OutsideExecutionView {
  const v1 = shape.kind === 'outsideExecutionV1'
  // v1: caller, nonce, execute_after, execute_before, calls_len, calls; v2 has no lengths.
  const [caller, nonce, after, before] = fields.map((node) => node.felt) as [bigint, bigint, bigint, bigint]
  const callsNode = fields[v1 ? 5 : 4]
  if (v1 && fields[4]!.felt !== BigInt(nodes(callsNode).length))
    refuse(['message', 'calls_len'], 'is not the number of calls')
  const calls = nodes(callsNode).map((call, index) => {
    const [to, selector, ...rest] = values(call)
    const calldata = rest.at(-1)
    if (v1 && rest[0]!.felt !== BigInt(nodes(calldata).length))
      refuse(['message', 'calls', index, 'calldata_len'], 'is not the length of calldata')
    return {
      contractAddress: toHex(to!.felt),
      selector: toHex(selector!.felt),
      calldata: feltsAt(calldata),
    }
  })
  return { version: v1 ? 1 : 2, caller, nonce, executeAfter: after, executeBefore: before, calls }
}

function sessionView(canonical: CanonicalTypedData, fields: CanonicalNode[]): SessionView {
  const [expiresAt, methods, metadata, key] = fields as [
    CanonicalNode,
    CanonicalNode,
    CanonicalNode,
    CanonicalNode,
  ]
  const allowedMethods = nodes(methods).map((leaf, index) => {
    // The Session type hash does not cover the leaf type; the account hashes leaves with its own.
    if (leaf.kind !== 'struct' || leaf.typeHash !== allowedMethodLeafTypeHash())
      refuse(
        ['message', 'Allowed Methods', index],
        'is not an "Allowed Method" leaf as the account hashes it',
      )
    const [contract, selector] = values(leaf) as [CanonicalNode, CanonicalNode]
    return { contractAddress: contract.felt, selector: selector.felt }
  })
  return {
    expiresAt: expiresAt.felt,
    allowedMethods,
    metadata: metadata.kind === 'string' ? metadata.text : '',
    sessionKeyGuid: key.felt,
    chainId: canonical.domain.fields[2]?.node.felt ?? 0n,
  }
}
