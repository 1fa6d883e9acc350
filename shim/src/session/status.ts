import type { AllowedMethod, SessionStatus, Session as StoredSession } from '@webwallet/protocol'
import {
  buildSession,
  publicKeyOf,
  selectorFelt,
  signerGuid,
  toFelt,
  verifySignerSignature,
} from '@webwallet/protocol/session'
import { sessionHashOf } from './crypto'
import type { SessionKeyKind } from './keyKind'

/**
 * The session as protocol/session computes with, from its stored form.
 *
 * @example
 * sessionHashOf(toProtocolSession(stored), stored.address, stored.chainId)
 */
export function toProtocolSession(stored: StoredSession) {
  return buildSession({
    expiresAt: stored.expiresAt,
    allowedMethods: stored.allowedMethods,
    metadata: stored.metadata,
    sessionPublicKey: stored.sessionKey.publicKey,
    // The stored GUID: getSessionStatus checks it is the key's before the session is used.
    sessionKeyGuid: stored.sessionKeyGuid,
  })
}

/**
 * The session's status, first match wins: EXPIRED, INVALID_SCOPE, INVALID_SIGNATURE, INVALID_SESSION (fields,
 * key or signatures do not match), VALID. `now` (ms) should be the chain's time, which the account judges
 * expiry by; `privateKey` is the unsealed session key when known.
 *
 * @example
 * getSessionStatus(stored, sessionParams.allowedMethods) // 'VALID'
 */
export function getSessionStatus(
  stored: StoredSession,
  required: readonly AllowedMethod[],
  options: { now?: number; privateKey?: string; kind?: SessionKeyKind | undefined } = {},
): SessionStatus {
  const now = options.now ?? Date.now()
  if (stored.expiresAt * 1000 <= now) return 'EXPIRED'
  if (!required.every((method) => hasMethod(stored, method))) return 'INVALID_SCOPE'
  const signature = stored.signature ?? stored.authorisationSignature
  if (signature.length === 0 || stored.authorisationSignature.length === 0) return 'INVALID_SIGNATURE'
  return isConsistent(stored, options.privateKey, options.kind) ? 'VALID' : 'INVALID_SESSION'
}

function hasMethod(stored: StoredSession, method: AllowedMethod): boolean {
  try {
    const selector = selectorFelt(method.selector)
    return stored.allowedMethods.some(
      (m) =>
        toFelt(m['Contract Address']) === toFelt(method.contract) && selectorFelt(m.selector) === selector,
    )
  } catch {
    return false
  }
}

function isConsistent(stored: StoredSession, privateKey?: string, kind?: SessionKeyKind): boolean {
  try {
    const session = toProtocolSession(stored)
    const { publicKey } = stored.sessionKey
    if (toFelt(stored.sessionKeyGuid) !== (kind?.guid ?? signerGuid)(publicKey)) return false
    // A kind's private part is no Stark key (a non-extractable key's is a reference): the kind signs with it.
    if (!kind && privateKey !== undefined && publicKeyOf(privateKey) !== toFelt(publicKey)) return false
    const hash = sessionHashOf(session, stored.address, stored.chainId)
    if (toFelt(stored.hash) !== hash) return false
    return signaturesVerify(hash, stored.authorisationSignature)
  } catch {
    return false
  }
}

// Argent's account signature is [n, (0, pubkey, r, s)×n]: each Starknet signer signature must verify. A
// bare [r, s] names no key, so only the account contract can check it (it does, on every transaction).
// Any other variant, a zero key, a wrong count or trailing felts is no valid signature.
function signaturesVerify(hash: bigint, signature: readonly string[]): boolean {
  if (signature.length === 2) return true
  const felts = signature.map(toFelt)
  if (BigInt(felts.length) !== 1n + 4n * (felts[0] ?? 0n)) return false
  for (let i = 1; i < felts.length; i += 4) {
    const [variant, signer = 0n, r = 0n, s = 0n] = felts.slice(i, i + 4)
    if (variant !== 0n || signer === 0n || !verifySignerSignature(hash, { signer, r, s })) return false
  }
  return true
}
