// Storage slots of Argent account 0.4.0, laid out as the Cairo compiler does (sn_keccak of the variable
// name, one Pedersen hash per map key); component storage is flat (`#[substorage(v0)]`).
import type { ExecutionContext, Felt } from '../../contract'
import { storageVarAddress } from '../../felt'

/** Owner public key (Starknet signer). */
export const OWNER_SLOT = storageVarAddress('_signer')
/** Guardian public key, 0 when the account has none. */
export const GUARDIAN_SLOT = storageVarAddress('_guardian')

/** The owner's public key (0 before construction). */
export const readOwner = (ctx: ExecutionContext): Felt => ctx.storageRead(OWNER_SLOT)

/** The guardian's public key, 0 when there is no guardian. */
export const readGuardian = (ctx: ExecutionContext): Felt => ctx.storageRead(GUARDIAN_SLOT)

/** `revoked_session: LegacyMap<felt252, bool>`. */
export const revokedSessionSlot = (sessionHash: Felt): Felt =>
  storageVarAddress('revoked_session', sessionHash)

/** `valid_session_cache: LegacyMap<(owner_guid, guardian_guid, session_hash), u32>`: authorisation length. */
export const sessionCacheSlot = (ownerGuid: Felt, guardianGuid: Felt, sessionHash: Felt): Felt =>
  storageVarAddress('valid_session_cache', ownerGuid, guardianGuid, sessionHash)

/** `outside_nonces: LegacyMap<felt252, bool>` of the outside-execution component. */
export const outsideNonceSlot = (nonce: Felt): Felt => storageVarAddress('outside_nonces', nonce)
