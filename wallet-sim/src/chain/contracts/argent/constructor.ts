// `constructor(owner: Signer, guardian: Option<Signer>)`: Signer::Starknet is variant 0 ({ pubkey }),
// Option::Some is variant 0 and Option::None variant 1. The simulator supports Starknet-key signers only.
import { signerGuid } from '@webwallet/protocol/session'
import { ContractError, type EntryPoint, type Felt } from '../../contract'
import { emitAccountCreated, emitSignerLinked } from './events'
import { GUARDIAN_SLOT, OWNER_SLOT } from './storage'

/** Reads `owner: Signer, guardian: Option<Signer>` from constructor calldata. */
export function decodeSigners(calldata: readonly Felt[]): { owner: Felt; guardian: Felt } {
  const [ownerVariant, owner, guardianOption, guardianVariant, guardian] = calldata
  if (ownerVariant === undefined || owner === undefined || guardianOption === undefined) {
    throw new ContractError('Failed to deserialize param #1')
  }
  if (ownerVariant !== 0n) throw new ContractError('argent/unsupported-signer-type')
  if (owner === 0n) throw new ContractError('argent/zero-pubkey')
  if (guardianOption === 1n && calldata.length === 3) return { owner, guardian: 0n }
  if (
    guardianOption !== 0n ||
    guardianVariant === undefined ||
    guardian === undefined ||
    calldata.length !== 5
  ) {
    throw new ContractError('Failed to deserialize param #2')
  }
  if (guardianVariant !== 0n) throw new ContractError('argent/invalid-guardian-type')
  if (guardian === 0n) throw new ContractError('argent/zero-pubkey')
  return { owner, guardian }
}

/**
 * Stores the owner and guardian keys and emits SignerLinked, AccountCreated and AccountCreatedGuid.
 * @example construct(ctx, [0n, ownerKey, 0n, 0n, guardianKey])
 */
export const construct: EntryPoint = (ctx, calldata) => {
  const { owner, guardian } = decodeSigners(calldata)
  ctx.storageWrite(OWNER_SLOT, owner)
  const ownerGuid = signerGuid(owner)
  emitSignerLinked(ctx, ownerGuid, owner)
  let guardianGuid = 0n
  if (guardian !== 0n) {
    ctx.storageWrite(GUARDIAN_SLOT, guardian)
    guardianGuid = signerGuid(guardian)
    emitSignerLinked(ctx, guardianGuid, guardian)
  }
  emitAccountCreated(ctx, { owner, guardian }, { owner: ownerGuid, guardian: guardianGuid })
  return []
}
