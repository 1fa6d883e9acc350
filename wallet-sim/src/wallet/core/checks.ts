// The checks both modes make before a consent, and the server makes again before it signs, in one place:
// calls read as the felts signed, typed data and session requests by protocol's canonical reader (a session
// by its felts), fee caps and approvals read exactly. What cannot be shown as what is signed is refused
// before any prompt.
import type { Call, SessionSignRequest, TypedData } from '@webwallet/protocol'
import { toHex } from '@webwallet/protocol/constants'
import { ValidationError } from '@webwallet/protocol/errors'
import { readApprovalRequests, readSessionMetadata, strictCalls } from '@webwallet/protocol/procedures'
import { respellTypedData, type TypedDataMeaning, typedDataMeaning } from '@webwallet/protocol/typedData'

/**
 * Reads typed data with protocol's canonical reader and answers what it is. Throws ValidationError for typed data
 * the wallet cannot show as what it signs (a value that encodes two ways, a redefined basic type, a known domain in
 * another shape) or session fee caps that are not exact amounts in `feeTokens` (the paymaster's gas tokens).
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
 * Reads a session's typed data (a session by its felts) and answers its meaning. Throws ValidationError for no
 * session, another chain than `chainId` (when given), or fee caps that are not exact amounts in `feeTokens`.
 *
 * @example
 * const { kind } = checkSessionTypedData(typedData, feeTokens, '0x534e5f5345504f4c4941')
 */
export function checkSessionTypedData(
  typedData: TypedData,
  feeTokens: readonly string[] | undefined,
  chainId?: string,
): TypedDataMeaning {
  const meaning = typedDataMeaning(typedData)
  if (meaning.kind.kind !== 'session')
    throw refused('Not a session: primaryType must be Session in the SessionAccount.session domain')
  const session = meaning.kind.session
  if (chainId !== undefined && session.chainId !== BigInt(chainId))
    throw refused(`The session is for chain ${toHex(session.chainId)}, the wallet is on ${chainId}`)
  readSessionMetadata(session.metadata, feeTokens)
  return meaning
}

const refused = (message: string) => new ValidationError([{ path: ['sessionTypedData'], message }])

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
  const meaning = checkSessionTypedData(request.sessionTypedData, feeTokens)
  readApprovalRequests(request.approvalRequests)
  const sessionTypedData = respellTypedData(request.sessionTypedData, meaning.canonical) as TypedData
  return { ...request, sessionTypedData }
}

/**
 * The calls as the felts the wallet signs (hex), or ValidationError before any prompt for a value that
 * reads two ways: the prompt, the server's review and the signature then see the same felts.
 *
 * @example
 * feltCalls([{ contractAddress: '0x1', entrypoint: 'go', calldata: [10n] }]) // calldata ['0xa']
 */
export function feltCalls(calls: Call[]): Call[] {
  return strictCalls(calls).map((call) => ({
    contractAddress: call.contractAddress,
    entrypoint: call.entrypoint,
    calldata: call.calldata.map(toHex),
  }))
}
