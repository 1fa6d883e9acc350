import type { Session as StoredSession } from '@webwallet/protocol'
import {
  buildSessionToken,
  type NamedCall,
  type StarknetSignerSignature,
  serializeSessionToken,
  signSessionMessage,
  toHex,
} from '@webwallet/protocol/session'
import type { CosignerSession } from './cosigner'
import { toProtocolSession } from './status'

/** A signed session with its unsealed key, as the account signs with it. */
export interface ActiveSession {
  readonly stored: StoredSession
  readonly privateKey: string
}

/**
 * Signs `hash` (a transaction or outside-execution hash) with the session key, lets `cosign` add the
 * guardian's signature, and returns the session-token signature felts for `calls`.
 *
 * @example
 * const signature = await sessionSignature(active, txHash, calls, (s) => signSession(fetch, base, s, tx))
 */
export async function sessionSignature(
  active: ActiveSession,
  hash: string,
  calls: readonly NamedCall[],
  cosign: (session: CosignerSession) => Promise<StarknetSignerSignature>,
  cacheAuthorization = false,
): Promise<string[]> {
  const { stored } = active
  const session = toProtocolSession(stored)
  const sessionSig = signSessionMessage({
    transactionHash: hash,
    sessionHash: stored.hash,
    cacheAuthorization,
    sessionPrivateKey: active.privateKey,
  })
  const guardianSignature = await cosign({
    sessionHash: stored.hash,
    sessionAuthorisation: stored.authorisationSignature,
    cacheAuthorisation: cacheAuthorization,
    sessionSignature: {
      publicKey: toHex(sessionSig.signer),
      r: sessionSig.r.toString(),
      s: sessionSig.s.toString(),
    },
  })
  const token = buildSessionToken({
    session,
    calls,
    sessionAuthorization: stored.authorisationSignature,
    sessionSignature: sessionSig,
    guardianSignature,
    cacheAuthorization,
  })
  return serializeSessionToken(token).map(toHex)
}
