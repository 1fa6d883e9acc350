// Owner and guardian signatures of Argent account 0.4.0: `Array<SignerSignature>`, or the legacy concise
// [r, s] / [r_owner, s_owner, r_guardian, s_guardian] form, checked against the stored keys.
import { DeserializeError, FeltReader, type StarknetSignerSignature } from '@webwallet/protocol/session'
import { ContractError, type ExecutionContext, type Felt } from '../../contract'
import { L2_GAS } from '../../gas'
import { verifyStarkSignature } from '../../signature'
import { readGuardian, readOwner } from './storage'

/** Query (estimate) transaction versions: 2^128 + version. Argent skips signature checks for them. */
const QUERY_OFFSET = 2n ** 128n

/** True for fee estimation and simulation with a query version (Argent's `is_estimate_transaction`). */
export const isEstimate = (ctx: ExecutionContext): boolean => ctx.tx.version >= QUERY_OFFSET

/**
 * Argent's `parse_signature_array`: 2 or 4 felts are the legacy owner (+ guardian) [r, s] pairs,
 * anything else must be exactly one serialised `Array<SignerSignature>`.
 * @example parseSignatureArray(ctx, ctx.tx.signature)
 */
export function parseSignatureArray(
  ctx: ExecutionContext,
  signature: readonly Felt[],
): StarknetSignerSignature[] {
  if (signature.length === 2 || signature.length === 4) {
    const [r1, s1, r2, s2] = signature as [Felt, Felt, Felt?, Felt?]
    const owner = { signer: nonZero(readOwner(ctx)), r: r1, s: s1 }
    if (r2 === undefined || s2 === undefined) return [owner]
    return [owner, { signer: nonZero(readGuardian(ctx)), r: r2, s: s2 }]
  }
  try {
    const reader = new FeltReader(signature)
    const signatures = reader.signerSignatures()
    if (reader.remaining !== 0) throw new ContractError('argent/invalid-signature-length')
    return signatures
  } catch (error) {
    if (error instanceof DeserializeError) throw new ContractError('argent/invalid-signature-format')
    throw error
  }
}

function nonZero(pubkey: Felt): Felt {
  if (pubkey === 0n) throw new ContractError('argent/zero-pubkey')
  return pubkey
}

function isValidBy(
  ctx: ExecutionContext,
  key: Felt,
  hash: Felt,
  signature: StarknetSignerSignature,
): boolean {
  if (key === 0n || signature.signer !== key) return false
  ctx.consumeGas?.(L2_GAS.signatureCheck)
  return verifyStarkSignature(hash, signature.signer, signature.r, signature.s) || isEstimate(ctx)
}

/** `is_valid_span_signature`: owner, then guardian when the account has one; wrong counts panic. */
export function isValidSpanSignature(
  ctx: ExecutionContext,
  hash: Felt,
  signatures: StarknetSignerSignature[],
): boolean {
  const guardian = readGuardian(ctx)
  if (signatures.length !== (guardian === 0n ? 1 : 2))
    throw new ContractError('argent/invalid-signature-length')
  const [owner, guardianSignature] = signatures
  if (!isValidBy(ctx, readOwner(ctx), hash, owner!)) return false
  return guardian === 0n || isValidBy(ctx, guardian, hash, guardianSignature!)
}

/** `assert_valid_span_signature`: as above, with Argent's error for the signer that failed. */
export function assertValidSpanSignature(
  ctx: ExecutionContext,
  hash: Felt,
  signatures: StarknetSignerSignature[],
): void {
  const guardian = readGuardian(ctx)
  if (signatures.length !== (guardian === 0n ? 1 : 2))
    throw new ContractError('argent/invalid-signature-length')
  if (!isValidBy(ctx, readOwner(ctx), hash, signatures[0]!))
    throw new ContractError('argent/invalid-owner-sig')
  if (guardian !== 0n && !isValidBy(ctx, guardian, hash, signatures[1]!)) {
    throw new ContractError('argent/invalid-guardian-sig')
  }
}
