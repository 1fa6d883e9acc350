// The known shapes' hashes, derived from their JSON types, equal the constants Argent's Cairo code uses
// (written independently in protocol/session from the contract's type strings).
import { describe, expect, it } from 'vitest'
import { ALLOWED_METHOD_TYPE_HASH } from '../session/allowedMethods'
import { typeHash } from '../session/felt'
import { OUTSIDE_EXECUTION_TYPE_HASH } from '../session/outsideExecution'
import { SESSION_TYPE_HASH } from '../session/session'
import { STARKNET_DOMAIN_TYPE_HASH } from '../session/typedDataHash'
import { allowedMethodLeafTypeHash, knownShapes } from './known'

describe('known shapes', () => {
  it('hash as the account contract does', () => {
    const [v1, v2, session] = knownShapes()
    expect(v2?.typeHash).toBe(OUTSIDE_EXECUTION_TYPE_HASH)
    expect(session?.typeHash).toBe(SESSION_TYPE_HASH)
    expect(session?.domainTypeHash).toBe(STARKNET_DOMAIN_TYPE_HASH)
    expect(allowedMethodLeafTypeHash()).toBe(ALLOWED_METHOD_TYPE_HASH)
    expect(knownShapes()).toBe(knownShapes()) // hashed once
    expect(v1?.typeHash).toBe(
      typeHash(
        'OutsideExecution(caller:felt,nonce:felt,execute_after:felt,execute_before:felt,calls_len:felt,calls:OutsideCall*)OutsideCall(to:felt,selector:felt,calldata_len:felt,calldata:felt*)',
      ),
    )
    expect(v1?.domainTypeHash).toBe(typeHash('StarkNetDomain(name:felt,version:felt,chainId:felt)'))
  })
})
