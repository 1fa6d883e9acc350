// The checks both modes make before a consent, and the server makes again before it signs, in one place:
// typed data and session requests read by protocol's canonical reader (a session by its felts), its fee
// caps and approvals read exactly. What cannot be shown as what is signed is refused before any prompt.
import type { SessionSignRequest, TypedData } from '@webwallet/protocol'
import { ValidationError } from '@webwallet/protocol/errors'
import { readApprovalRequests, readSessionMetadata } from '@webwallet/protocol/rpc'
import { respellTypedData, type TypedDataMeaning, typedDataMeaning } from '@webwallet/protocol/typedData'

/**
 * Reads typed data with protocol's canonical reader and answers what it is. Throws ValidationError for typed
 * data the wallet cannot show as what it signs: a value that does not encode one way, a redefined basic
 * type, an outside-execution or session domain in another shape, or a session whose fee caps are not exact
 * amounts in `feeTokens` (the paymaster's gas tokens).
 *
 * @example
 * const { kind, canonical } = checkTypedData(typedData, account.feeTokens)
 */
export function checkTypedData(
  typedData: TypedData,
  feeTokens: readonly string[] | undefined,
): TypedDataMeaning {
  const meaning = typedDataMeaning(typedData)
  if (meaning.kind.kind === 'session') readSessionMetadata(meaning.kind.session.metadata, feeTokens)
  return meaning
}

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
