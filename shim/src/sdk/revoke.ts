// revokeSession()'s request (in the first-use chunk): the session key revokes its own session at the
// cosigner, which then co-signs nothing more for it.
// It imports no barrel but the errors' (signing happens before, in WebWallet): an app built without code
// splitting runs every barrel a lazy module imports from (shim/src/bundle.test.ts).
import { SessionRevocationFailedError, UnexpectedAnswerError } from '@webwallet/protocol/errors'
import type { cosigner } from '@webwallet/protocol/services'
import { abortable, withDeadline } from '../http/abort'
import { fields } from '../http/shape'

/** How long revokeSession() waits for the cosigner. */
export const REVOKE_TIMEOUT_MS = 20_000

/**
 * POST {base}/cosigner/revokeSession with `session`: its `sessionSignature` is the session key's over
 * `sessionRevocationHash(session hash)`. Throws SESSION_REVOCATION_FAILED when the cosigner is not reached
 * (the network failure as `cause`) or refuses (`data.status`), OPERATION_TIMEOUT after 20 s,
 * OPERATION_ABORTED on `signal`.
 *
 * @example
 * await revokeAtCosigner({ sessionHash, sessionAuthorisation, cacheAuthorisation: false, sessionSignature }, fetch, base)
 */
export async function revokeAtCosigner(
  session: cosigner.revokeSession.Request['session'],
  fetcher: typeof fetch,
  baseUrl: string,
  signal?: AbortSignal,
): Promise<void> {
  const url = `${baseUrl}/cosigner/revokeSession`
  const deadline = withDeadline('revokeSession', REVOKE_TIMEOUT_MS, signal)
  try {
    const request: cosigner.revokeSession.Request = { session }
    const post = fetcher(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request),
      signal: deadline.signal,
    }).catch((cause: unknown) => {
      deadline.check()
      throw new SessionRevocationFailedError(url, undefined, { cause })
    })
    const response = await abortable(post, deadline)
    const answer: unknown = await abortable(
      response.json().catch(() => undefined),
      deadline,
    )
    if (!response.ok) {
      const status = fields(answer)?.status
      throw new SessionRevocationFailedError(
        url,
        typeof status === 'string' || typeof status === 'number' ? status : response.status,
      )
    }
    if (fields(answer)?.revoked !== true) throw new UnexpectedAnswerError('cosigner revocation answer')
  } finally {
    deadline.dispose()
  }
}
