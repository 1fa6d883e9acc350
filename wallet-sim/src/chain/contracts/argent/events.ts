// Events of Argent account 0.4.0 as Cairo encodes them: the event name's selector, then #[key] fields,
// with the remaining fields in data.
import type { ExecutionContext, Felt } from '../../contract'
import { selectorOf } from '../../felt'

function emit(ctx: ExecutionContext, name: string, keys: readonly Felt[], data: readonly Felt[]): void {
  ctx.emitEvent({ keys: [selectorOf(name), ...keys], data })
}

/** `SignerLinked { #[key] signer_guid, signer: Signer::Starknet(pubkey) }`. */
export const emitSignerLinked = (ctx: ExecutionContext, guid: Felt, pubkey: Felt): void =>
  emit(ctx, 'SignerLinked', [guid], [0n, pubkey])

/** `AccountCreated { #[key] owner, guardian }` (public keys) and `AccountCreatedGuid` (GUIDs). */
export function emitAccountCreated(
  ctx: ExecutionContext,
  keys: { owner: Felt; guardian: Felt },
  guids: { owner: Felt; guardian: Felt },
): void {
  emit(ctx, 'AccountCreated', [keys.owner], [keys.guardian])
  emit(ctx, 'AccountCreatedGuid', [guids.owner], [guids.guardian])
}

/** `TransactionExecuted { #[key] hash, response: Span<Span<felt252>> }`. */
export function emitTransactionExecuted(
  ctx: ExecutionContext,
  hash: Felt,
  results: readonly (readonly Felt[])[],
): void {
  emit(
    ctx,
    'TransactionExecuted',
    [hash],
    [BigInt(results.length), ...results.flatMap((r) => [BigInt(r.length), ...r])],
  )
}

/** `SessionRevoked { session_hash }`. */
export const emitSessionRevoked = (ctx: ExecutionContext, sessionHash: Felt): void =>
  emit(ctx, 'SessionRevoked', [], [sessionHash])
