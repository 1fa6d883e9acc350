// revokeSession()'s signing, here in the page's code; its request is in the first-use chunk (revoke.ts), so a
// page that never revokes never loads it.
import { SessionRevocationFailedError } from '@webwallet/protocol/errors'
import { sessionRevocationHash } from '@webwallet/protocol/session'
import { lazyImport } from '../http/lazyImport'
import { type ActiveSession, signWithSessionKey } from '../session/signature'

/**
 * Revokes `active` at the cosigner of `url`, signed by its own session key (see revokeAtCosigner for the
 * errors). A first-use chunk that cannot load is SESSION_REVOCATION_FAILED, its cause kept.
 *
 * @example
 * await revokeActive(active, environment.providerBaseUrl, fetch, signal)
 */
export async function revokeActive(
  active: ActiveSession,
  url: string,
  fetcher: typeof fetch,
  signal: AbortSignal | undefined,
): Promise<void> {
  const { stored } = active
  const signed = await signWithSessionKey(active, sessionRevocationHash(stored.hash))
  const session = {
    sessionHash: stored.hash,
    sessionAuthorisation: stored.authorisationSignature,
    cacheAuthorisation: false,
    sessionSignature: signed.cosigner as never,
  }
  const { revokeAtCosigner } = await loadFirstUse().catch((cause: unknown) => {
    throw new SessionRevocationFailedError(`${url}/cosigner/revokeSession`, undefined, { cause })
  })
  await revokeAtCosigner(session, fetcher, url, signal)
}

// A chunk that cannot load (offline, the app deployed anew) is the revocation failing, its cause kept.
const loadFirstUse = lazyImport(
  () => import('../firstUse'),
  (cause) => cause as Error,
)
