// Session-token verification, as Argent account 0.4.0's session component does it: authorisation by
// owner + guardian over the session hash (optionally cached), session-key (a Starknet or a WebAuthn signer)
// and guardian signatures over poseidon(hash, session_hash, cache_authorization), expiry, revocation and
// one Merkle proof per call.
import {
  DeserializeError,
  isAllowedCall,
  memo,
  parseSessionToken,
  type SessionToken,
  sessionHash,
  sessionMessageHash,
  signerGuid,
  webauthnSignerGuid,
} from '@webwallet/protocol/session'
import { type Call, ContractError, type ExecutionContext, type Felt } from '../../contract'
import { L2_GAS } from '../../gas'
import { WEBAUTHN_VERIFY_L2_GAS } from '../../limits'
import { verifyStarkSignature } from '../../signature'
import { verifyWebauthnSignature } from '../../webauthn'
import { assertNoSelfCall } from './guards'
import { isValidSpanSignature, parseSignatureArray } from './signatures'
import { readGuardian, readOwner, revokedSessionSlot, sessionCacheSlot } from './storage'

// A session signs many transactions: its SNIP-12 hash (a dozen Poseidon permutations) is a pure function of
// the session struct, the account and the chain, so remember the last few hundred.
const sessionHashes = memo<string, Felt>(512)

// The same for the other pure hashes of every session transaction: a signer's GUID (one permutation; the
// owner's, the guardian's and the session key's) and whether a call's (contract, selector) leaf proves into
// the session's allowed-methods root (a leaf hash and a permutation per proof node).
const guids = memo<Felt, Felt>(512)
const cachedGuid = (publicKey: Felt): Felt => guids(publicKey, () => signerGuid(publicKey))
const allowedCalls = memo<string, boolean>(1024)
const cachedIsAllowedCall = (root: Felt, call: Call, proof: readonly Felt[]): boolean =>
  allowedCalls(`${root}:${call.to}:${call.selector}:${proof.join(',')}`, () =>
    isAllowedCall(root, call, proof),
  )

// Storage slots are Pedersen hashes of their keys: the session's revocation and authorisation-cache slots too.
const slots = memo<string, Felt>(1024)
const cachedCacheSlot = (owner: Felt, guardian: Felt, tokenSessionHash: Felt): Felt =>
  slots(`c:${owner}:${guardian}:${tokenSessionHash}`, () =>
    sessionCacheSlot(cachedGuid(owner), cachedGuid(guardian), tokenSessionHash),
  )
const cachedRevokedSlot = (tokenSessionHash: Felt): Felt =>
  slots(`r:${tokenSessionHash}`, () => revokedSessionSlot(tokenSessionHash))

function cachedSessionHash(token: SessionToken, account: Felt, chainId: Felt): Felt {
  const { expiresAt, allowedMethodsRoot, metadataHash, sessionKeyGuid } = token.session
  const key = `${account}:${chainId}:${expiresAt}:${allowedMethodsRoot}:${metadataHash}:${sessionKeyGuid}`
  return sessionHashes(key, () => sessionHash(token.session, account, chainId))
}

/**
 * Checks a session-token `signature` for `calls` signed over `hash` (a transaction or outside-execution hash).
 * Throws ContractError with Argent's 'session/…' reasons.
 * @example assertValidSession(ctx, calls, ctx.tx.hash, ctx.tx.signature)
 */
export function assertValidSession(
  ctx: ExecutionContext,
  calls: readonly Call[],
  hash: Felt,
  signature: readonly Felt[],
): void {
  assertNoSelfCall(calls, ctx.contractAddress)
  const token = parseToken(signature)
  const tokenSessionHash = cachedSessionHash(token, ctx.contractAddress, ctx.tx.chainId)
  ctx.consumeGas?.(L2_GAS.typedDataHash)
  if (ctx.storageRead(cachedRevokedSlot(tokenSessionHash)) !== 0n) throw new ContractError('session/revoked')
  if (token.session.expiresAt < ctx.block.timestamp) throw new ContractError('session/expired')

  assertValidAuthorization(ctx, token, tokenSessionHash)

  const message = sessionMessageHash(hash, tokenSessionHash, token.cacheAuthorization)
  const { sessionSignature, guardianSignature } = token
  // A Stark key, or a WebAuthn signer (a P-256 key, e.g. the SDK's non-extractable WebCrypto session key).
  const stark = 'signer' in sessionSignature
  const guid = stark ? cachedGuid(sessionSignature.signer) : webauthnSignerGuid(sessionSignature.webauthn)
  if (guid !== token.session.sessionKeyGuid) throw new ContractError('session/session-key-mismatch')
  ctx.consumeGas?.(L2_GAS.signatureCheck)
  // SHA-256 and secp256r1 in Cairo: more than a validation's step limit allows (limits.ts).
  if (!stark) ctx.consumeGas?.(WEBAUTHN_VERIFY_L2_GAS)
  const validSession = stark
    ? verifyStarkSignature(message, sessionSignature.signer, sessionSignature.r, sessionSignature.s)
    : verifyWebauthnSignature(message, sessionSignature)
  if (!validSession) throw new ContractError('session/invalid-session-sig')
  if (guardianSignature.signer !== readGuardian(ctx)) throw new ContractError('session/guardian-key-mismatch')
  ctx.consumeGas?.(L2_GAS.signatureCheck)
  if (!verifyStarkSignature(message, guardianSignature.signer, guardianSignature.r, guardianSignature.s)) {
    throw new ContractError('session/invalid-backend-sig')
  }

  if (token.proofs.length !== calls.length) throw new ContractError('session/unaligned-proofs')
  calls.forEach((call, index) => {
    if (!cachedIsAllowedCall(token.session.allowedMethodsRoot, call, token.proofs[index]!)) {
      throw new ContractError('session/invalid-call')
    }
  })
}

function parseToken(signature: readonly Felt[]): SessionToken {
  try {
    return parseSessionToken(signature)
  } catch (error) {
    if (!(error instanceof DeserializeError)) throw error
    throw new ContractError('session/invalid-calldata')
  }
}

/** The owner + guardian authorisation of the session; with the cache flag it is verified once and remembered. */
function assertValidAuthorization(ctx: ExecutionContext, token: SessionToken, tokenSessionHash: Felt): void {
  const guardian = readGuardian(ctx)
  if (guardian === 0n) throw new ContractError('session/no-guardian')
  const authorization = token.sessionAuthorization
  const slot = cachedCacheSlot(readOwner(ctx), guardian, tokenSessionHash)
  if (token.cacheAuthorization) {
    const cachedLength = ctx.storageRead(slot)
    if (cachedLength !== 0n) {
      // A cached authorisation may be resent, but never a longer one (Argent's DoS guard).
      if (BigInt(authorization.length) > cachedLength) throw new ContractError('session/invalid-auth-len')
      return
    }
  }
  if (!isValidSpanSignature(ctx, tokenSessionHash, parseSignatureArray(ctx, authorization))) {
    throw new ContractError('session/invalid-account-sig')
  }
  if (token.cacheAuthorization) ctx.storageWrite(slot, BigInt(authorization.length))
}

/**
 * True when the owner + guardian authorisation of `sessionHash` is cached for the current signers.
 * @example isSessionAuthorizationCached(ctx, hash)
 */
export function isSessionAuthorizationCached(ctx: ExecutionContext, tokenSessionHash: Felt): boolean {
  const guardian = readGuardian(ctx)
  if (guardian === 0n) throw new ContractError('session/no-guardian')
  return ctx.storageRead(cachedCacheSlot(readOwner(ctx), guardian, tokenSessionHash)) !== 0n
}
