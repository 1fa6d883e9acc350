// SNIP-12 revision 1 message hashing, computed from the on-chain structs the way Argent's Cairo code does,
// so the verifier needs only the felts carried in a signature, not the JSON typed data.
import { type Felt, type FeltLike, poseidonMany, shortString, toFelt, typeHash } from './felt'

/** Type hash of the revision 1 `StarknetDomain`. */
export const STARKNET_DOMAIN_TYPE_HASH = typeHash(
  '"StarknetDomain"("name":"shortstring","version":"shortstring","chainId":"shortstring","revision":"shortstring")',
)

const MESSAGE_PREFIX = shortString('StarkNet Message')

/** A revision 1 domain, every field already a felt (short strings encoded). */
export interface StarknetDomain {
  readonly name: Felt
  readonly version: Felt
  readonly chainId: Felt
  readonly revision: Felt
}

/**
 * poseidon(DOMAIN_TYPE_HASH, name, version, chainId, revision).
 * @example domainHash({ name: shortString('SessionAccount.session'), version: 0x31n, chainId, revision: 1n })
 */
export function domainHash(domain: StarknetDomain): Felt {
  return poseidonMany([
    STARKNET_DOMAIN_TYPE_HASH,
    domain.name,
    domain.version,
    domain.chainId,
    domain.revision,
  ])
}

/**
 * poseidon('StarkNet Message', domain hash, account address, struct hash).
 * @example messageHash(domain, accountAddress, structHash)
 */
export function messageHash(domain: StarknetDomain, accountAddress: FeltLike, structHash: Felt): Felt {
  return poseidonMany([MESSAGE_PREFIX, domainHash(domain), toFelt(accountAddress), structHash])
}
