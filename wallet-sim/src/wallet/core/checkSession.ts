// The session checks both modes make before the session consent, in one place: the session typed data read
// by protocol's canonical reader (a session by its felts), its fee caps and approvals read exactly.
import type { SessionSignRequest, TypedData } from '@webwallet/protocol'
import { ValidationError } from '@webwallet/protocol/errors'
import { readApprovalRequests, readSessionMetadata } from '@webwallet/protocol/rpc'
import { respellTypedData, typedDataMeaning } from '@webwallet/protocol/typedData'

/**
 * Checks a connectAndSignSession request and answers it with its session typed data in canonical spelling
 * (same hash: the screen and the signer read the signed felts). Throws ValidationError otherwise.
 *
 * @example
 * const canonical = checkSessionRequest(request, account.feeTokens)
 */
export function checkSessionRequest(
  request: SessionSignRequest,
  feeTokens: readonly string[] | undefined,
): SessionSignRequest {
  const meaning = typedDataMeaning(request.sessionTypedData)
  if (meaning.kind.kind !== 'session')
    throw new ValidationError([
      {
        path: ['sessionTypedData'],
        message: 'Not a session: primaryType must be Session in the SessionAccount.session domain',
      },
    ])
  readSessionMetadata(meaning.kind.session.metadata, feeTokens)
  readApprovalRequests(request.approvalRequests)
  const sessionTypedData = respellTypedData(request.sessionTypedData, meaning.canonical) as TypedData
  return { ...request, sessionTypedData }
}
