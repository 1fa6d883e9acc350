// revokeSession()'s request (in the first-use chunk): the session key revokes its own session at the
// cosigner, which then co-signs nothing more for it.
// It imports no barrel but the errors' (signing happens before, in WebWallet): an app built without code
// splitting runs every barrel a lazy module imports from (shim/src/bundle.test.ts).
import { SessionRevocationFailedError, UnexpectedAnswerError } from '@webwallet/protocol/errors'
import type { cosigner } from '@webwallet/protocol/services'
import { abortable, withDeadline } from '../http/abort'
import { reach } from '../http/reach'
import { fields } from '../http/shape'

/** How long revokeSession() waits for the cosigner. */
export const REVOKE_TIMEOUT_MS = 20_000

/**
 * POST {base}/cosigner/revokeSession, signed by the session key over `sessionRevocationHash(session hash)`;
 * no answer: SERVICE_UNREACHABLE, a refusal: SESSION_REVOCATION_FAILED, 20 s: OPERATION_TIMEOUT.
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
    // No answer at all is SERVICE_UNREACHABLE naming the cosigner, as on every path to it.
    const post = reach(
      'cosigner',
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(request),
        signal: deadline.signal,
      },
      fetcher,
    ).catch((cause: unknown) => {
      deadline.check()
      throw cause
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
