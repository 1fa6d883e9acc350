import type { Session as StoredSession } from '@webwallet/protocol'
import {
  type NamedCall,
  SESSION_MAGIC,
  type StarknetSignerSignature,
  serializeSignerSignature,
  sessionMessageHash,
  signHash,
  toFelt,
  toHex,
} from '@webwallet/protocol/session'
import type { CosignerSession } from './cosigner'
import { metadataHashOf, methodsTree } from './crypto'
import type { SessionKeyKind } from './keyKind'
import { toProtocolSession } from './status'

/** A signed session with its unsealed key, as the account signs with it. */
export interface ActiveSession {
  readonly stored: StoredSession
  readonly privateKey: string
  /** The key's kind when it is no Stark key (the init option `sessionKey`). */
  readonly kind?: SessionKeyKind | undefined
}

/** Asks the cosigner (the guardian) to sign the session's request. */
export type Cosign = (session: CosignerSession) => Promise<StarknetSignerSignature>

/**
 * Signs `hash` (a transaction or outside-execution hash) with the session key, lets `cosign` add the
 * guardian's signature, and returns the session-token signature felts for `calls`.
 *
 * @example
 * const signature = await sessionSignature(active, txHash, calls, (s) => cosign(fetch, base, s, { transaction }))
 */
export async function sessionSignature(
  active: ActiveSession,
  hash: string,
  calls: readonly NamedCall[],
  cosign: Cosign,
  cacheAuthorization = false,
): Promise<string[]> {
  const { stored } = active
  const message = sessionMessageHash(hash, stored.hash, cacheAuthorization)
  const { felts, cosigner: body } = await signWithSessionKey(active, message)
  const guardianSignature = await cosign({
    sessionHash: stored.hash,
    sessionAuthorisation: stored.authorisationSignature,
    cacheAuthorisation: cacheAuthorization,
    sessionSignature: body,
  })
  // [SESSION_MAGIC, ...SessionToken] as Argent account 0.4 reads it (protocol's serializeSessionToken).
  const session = toProtocolSession(stored)
  const tree = methodsTree(session.allowedMethods)
  const authorization = stored.authorisationSignature.map(toFelt)
  return [
    SESSION_MAGIC,
    session.expiresAt,
    tree.root,
    metadataHashOf(session.metadata),
    session.sessionKeyGuid,
    cacheAuthorization ? 1n : 0n,
    BigInt(authorization.length),
    ...authorization,
    ...('signer' in felts ? serializeSignerSignature(felts) : felts),
    ...serializeSignerSignature(guardianSignature),
    BigInt(calls.length),
    ...calls.flatMap((call) => {
      const proof = tree.proofFor(call)
      return [BigInt(proof.length), ...proof]
    }),
  ].map(toHex)
}

/**
 * The session key's signature of `message`, in the form the token carries (`felts`: a Stark signature or a
 * key kind's felts) and the form the cosigner reads (`cosigner`).
 *
 * @example
 * const { cosigner } = await signWithSessionKey(active, sessionRevocationHash(active.stored.hash))
 */
export async function signWithSessionKey(
  active: ActiveSession,
  message: bigint,
): Promise<{ felts: readonly bigint[] | StarknetSignerSignature; cosigner: unknown }> {
  const { stored, kind } = active
  if (kind) {
    const signed = await kind.sign(
      { publicKey: stored.sessionKey.publicKey, privateKey: active.privateKey },
      message,
    )
    return { felts: signed.felts, cosigner: signed.cosigner }
  }
  const signed = signHash(message, active.privateKey)
  const { signer, r, s } = signed
  return {
    felts: signed,
    cosigner: { type: 'StarknetKey', signer: { publicKey: toHex(signer), r: `${r}`, s: `${s}` } },
  }
}
