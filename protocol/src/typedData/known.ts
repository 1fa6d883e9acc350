// The typed data an Argent account acts on, by the felts it hashes: the domain (its type hash, name and
// version) and the primary type's hash. Equal felts are the only proof that a signature is one of these.
// The types are written once, as JSON; their hashes come from the same encodeType every message goes through.
import type { TypedDataField } from '../entities/connector'
import { shortString } from '../session/felt'
import { starknetDomainType } from '../session/typedDataJson'
import { typeHash } from './encodeType'
import type { FieldType, Schema } from './schema'
import type { Revision } from './tree'

/** The three kinds of typed data that move funds or grant rights from an Argent account. */
export type KnownKind = 'outsideExecutionV1' | 'outsideExecutionV2' | 'session'

/** The felts that identify one kind. */
export interface KnownShape {
  kind: KnownKind
  revision: Revision
  domainTypeHash: bigint
  name: bigint
  version: bigint
  typeHash: bigint
}

type Types = Readonly<Record<string, readonly FieldType[]>>
/** Types as TypedData holds them. */
type TypedDataTypes = Record<string, TypedDataField[]>

/** SNIP-9 v2 typed data's types (revision 1), as starknet.js and Argent write them. */
export const OUTSIDE_EXECUTION_V2_TYPES: TypedDataTypes = {
  StarknetDomain: starknetDomainType(),
  OutsideExecution: [
    { name: 'Caller', type: 'ContractAddress' },
    { name: 'Nonce', type: 'felt' },
    { name: 'Execute After', type: 'u128' },
    { name: 'Execute Before', type: 'u128' },
    { name: 'Calls', type: 'Call*' },
  ],
  Call: [
    { name: 'To', type: 'ContractAddress' },
    { name: 'Selector', type: 'selector' },
    { name: 'Calldata', type: 'felt*' },
  ],
}

/** SNIP-9 v1 typed data's types (revision 0): every field a felt, the lengths written out. */
export const OUTSIDE_EXECUTION_V1_TYPES: TypedDataTypes = {
  StarkNetDomain: [
    { name: 'name', type: 'felt' },
    { name: 'version', type: 'felt' },
    { name: 'chainId', type: 'felt' },
  ],
  OutsideExecution: [
    { name: 'caller', type: 'felt' },
    { name: 'nonce', type: 'felt' },
    { name: 'execute_after', type: 'felt' },
    { name: 'execute_before', type: 'felt' },
    { name: 'calls_len', type: 'felt' },
    { name: 'calls', type: 'OutsideCall*' },
  ],
  OutsideCall: [
    { name: 'to', type: 'felt' },
    { name: 'selector', type: 'felt' },
    { name: 'calldata_len', type: 'felt' },
    { name: 'calldata', type: 'felt*' },
  ],
}

/** Argent session typed data's types (revision 1). */
export const SESSION_TYPES: TypedDataTypes = {
  StarknetDomain: starknetDomainType(),
  'Allowed Method': [
    { name: 'Contract Address', type: 'ContractAddress' },
    { name: 'selector', type: 'selector' },
  ],
  Session: [
    { name: 'Expires At', type: 'timestamp' },
    { name: 'Allowed Methods', type: 'merkletree', contains: 'Allowed Method' },
    { name: 'Metadata', type: 'string' },
    { name: 'Session Key', type: 'felt' },
  ],
}

const hashOf = (revision: Revision, types: Types, type: string): bigint => {
  const schema: Schema = {
    revision,
    types: new Map(Object.entries(types)),
    domainType: revision === 1 ? 'StarknetDomain' : 'StarkNetDomain',
  }
  return typeHash(schema, type)
}

/** A value computed on its first use: the hashes below need the Stark curve, which a page loads only then. */
const once = <T>(make: () => T): (() => T) => {
  let value: T | undefined
  return () => {
    value ??= make()
    return value
  }
}

/**
 * Type hash of a session's Merkle leaf, which the Session type hash does not cover.
 * @example allowedMethodLeafTypeHash() // the account's ALLOWED_METHOD_TYPE_HASH
 */
export const allowedMethodLeafTypeHash = once(() => hashOf(1, SESSION_TYPES, 'Allowed Method'))

/** The domain names of the known kinds, as felts: typed data in one of them is one of them, or refused. */
export const OUTSIDE_EXECUTION_DOMAIN_FELT = /* @__PURE__ */ shortString('Account.execute_from_outside')
export const SESSION_DOMAIN_FELT = /* @__PURE__ */ shortString('SessionAccount.session')

/**
 * Every known shape, one row each (hashed on the first call: the wallet page starts without hashing).
 * @example knownShapes().find((shape) => shape.kind === 'session')?.version // 0x31n ('1')
 */
export const knownShapes = once((): readonly KnownShape[] => {
  const rev1Domain = hashOf(1, SESSION_TYPES, 'StarknetDomain')
  return [
    {
      kind: 'outsideExecutionV1',
      revision: 0,
      domainTypeHash: hashOf(0, OUTSIDE_EXECUTION_V1_TYPES, 'StarkNetDomain'),
      name: OUTSIDE_EXECUTION_DOMAIN_FELT,
      version: 1n,
      typeHash: hashOf(0, OUTSIDE_EXECUTION_V1_TYPES, 'OutsideExecution'),
    },
    {
      kind: 'outsideExecutionV2',
      revision: 1,
      domainTypeHash: rev1Domain,
      name: OUTSIDE_EXECUTION_DOMAIN_FELT,
      version: 2n,
      typeHash: hashOf(1, OUTSIDE_EXECUTION_V2_TYPES, 'OutsideExecution'),
    },
    {
      kind: 'session',
      revision: 1,
      domainTypeHash: rev1Domain,
      name: SESSION_DOMAIN_FELT,
      version: shortString('1'),
      typeHash: hashOf(1, SESSION_TYPES, 'Session'),
    },
  ]
})
