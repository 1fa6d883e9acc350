// The typed data an Argent account acts on, by the felts it hashes: the domain (its type hash, name and
// version) and the primary type's hash. Equal felts are the only proof that a signature is one of these.
import { shortString } from '../session/felt'
import { typeHashOf } from './hashing'
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

const REV1_DOMAIN =
  '"StarknetDomain"("name":"shortstring","version":"shortstring","chainId":"shortstring","revision":"shortstring")'
const REV0_DOMAIN = 'StarkNetDomain(name:felt,version:felt,chainId:felt)'
const CALL_V2 = '"Call"("To":"ContractAddress","Selector":"selector","Calldata":"felt*")'
const OUTSIDE_EXECUTION_V2 = `"OutsideExecution"("Caller":"ContractAddress","Nonce":"felt","Execute After":"u128","Execute Before":"u128","Calls":"Call*")${CALL_V2}`
const OUTSIDE_EXECUTION_V1 =
  'OutsideExecution(caller:felt,nonce:felt,execute_after:felt,execute_before:felt,calls_len:felt,calls:OutsideCall*)OutsideCall(to:felt,selector:felt,calldata_len:felt,calldata:felt*)'
const SESSION =
  '"Session"("Expires At":"timestamp","Allowed Methods":"merkletree","Metadata":"string","Session Key":"felt")'

/** Type hash of a session's Merkle leaf, which the Session type hash does not cover. */
export const ALLOWED_METHOD_LEAF_TYPE_HASH = /* @__PURE__ */ typeHashOf(
  '"Allowed Method"("Contract Address":"ContractAddress","selector":"selector")',
)

/** The domain names of the known kinds, as felts: typed data in one of them is one of them, or refused. */
export const OUTSIDE_EXECUTION_DOMAIN_FELT = /* @__PURE__ */ shortString('Account.execute_from_outside')
export const SESSION_DOMAIN_FELT = /* @__PURE__ */ shortString('SessionAccount.session')

/**
 * Every known shape, one row each.
 * @example KNOWN_SHAPES.find((shape) => shape.kind === 'session')?.version // 0x31n ('1')
 */
export const KNOWN_SHAPES: readonly KnownShape[] = /* @__PURE__ */ (() => {
  const rev1 = typeHashOf(REV1_DOMAIN)
  return [
    {
      kind: 'outsideExecutionV1',
      revision: 0,
      domainTypeHash: typeHashOf(REV0_DOMAIN),
      name: OUTSIDE_EXECUTION_DOMAIN_FELT,
      version: 1n,
      typeHash: typeHashOf(OUTSIDE_EXECUTION_V1),
    },
    {
      kind: 'outsideExecutionV2',
      revision: 1,
      domainTypeHash: rev1,
      name: OUTSIDE_EXECUTION_DOMAIN_FELT,
      version: 2n,
      typeHash: typeHashOf(OUTSIDE_EXECUTION_V2),
    },
    {
      kind: 'session',
      revision: 1,
      domainTypeHash: rev1,
      name: SESSION_DOMAIN_FELT,
      version: shortString('1'),
      typeHash: typeHashOf(SESSION),
    },
  ]
})()
