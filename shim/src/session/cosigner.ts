import { SignSessionError, UnexpectedAnswerError } from '@webwallet/protocol/errors'
import type { cosigner } from '@webwallet/protocol/services'
import type { StarknetSignerSignature } from '@webwallet/protocol/session'
import { reach } from '../http/reach'
import { fields, hasShape, isFelt } from '../http/shape'

// The bodies are protocol's cosigner contract (`@webwallet/protocol/services`), by type only: the cosigner
// validates them with its schemas, and zod stays out of the SDK's bundle.

type SessionPart = cosigner.signSession.Request['session']

/**
 * The session part of both co-signing requests (docs/protocol.md, Cosigner). `sessionSignature` is the session key's
 * signature over poseidon(hash, session hash, cache flag) in a key kind's own shape (`SessionKeyKind`'s
 * `cosigner`), `{ type: 'StarknetKey', signer: { publicKey, r, s } }` for a Stark key: the cosigner's schema
 * reads it.
 */
export type CosignerSession = Omit<SessionPart, 'sessionSignature'> & { readonly sessionSignature: unknown }

/** An INVOKE V3 transaction as the co-signer reads it (decimal strings, as x-sessions sends them). */
export type CosignerTransaction = cosigner.signSession.Request['transaction']

type OutsideRequestMessage = cosigner.signSessionEFO.Request['message']

/**
 * The outside-execution message of signSessionEFO (the shim adds `type` and `chain`). `message` is the
 * SNIP-9 typed data the caller checked (primaryType OutsideExecution); the cosigner's schema reads it again.
 */
export type CosignerOutsideMessage = Omit<OutsideRequestMessage, 'type' | 'chain' | 'message'> & {
  readonly message: unknown
}

/**
 * Asks the provider's co-signer (the guardian) to sign a session transaction: POST {base}/cosigner/signSession.
 * A refusal is SignSessionError ('Sign session error') carrying the status from the answer body; no answer
 * at all is SERVICE_UNREACHABLE (service 'cosigner').
 *
 * @example
 * const guardian = await signSession(fetch, 'http://localhost:3005', session, transaction)
 */
export function signSession(
  fetcher: typeof fetch,
  baseUrl: string,
  session: CosignerSession,
  transaction: CosignerTransaction,
): Promise<StarknetSignerSignature> {
  const request: cosigner.signSession.Request = { session: body(session), transaction }
  return post(fetcher, `${baseUrl}/cosigner/signSession`, request)
}

/**
 * Asks the co-signer to sign a session outside execution: POST {base}/cosigner/signSessionEFO.
 *
 * @example
 * const guardian = await signSessionEFO(fetch, base, session, { accountAddress, message: typedData, network: 'sepolia' })
 */
export function signSessionEFO(
  fetcher: typeof fetch,
  baseUrl: string,
  session: CosignerSession,
  message: CosignerOutsideMessage,
): Promise<StarknetSignerSignature> {
  const request: cosigner.signSessionEFO.Request = {
    session: body(session),
    message: { type: 'eip712', chain: 'starknet', ...message } as OutsideRequestMessage,
  }
  return post(fetcher, `${baseUrl}/cosigner/signSessionEFO`, request)
}

function body(session: CosignerSession): SessionPart {
  return {
    sessionHash: session.sessionHash,
    sessionAuthorisation: session.sessionAuthorisation,
    cacheAuthorisation: session.cacheAuthorisation,
    sessionSignature: session.sessionSignature as SessionPart['sessionSignature'],
  }
}

async function post(fetcher: typeof fetch, url: string, payload: unknown): Promise<StarknetSignerSignature> {
  // No answer at all is SERVICE_UNREACHABLE, not a refusal: the gasless retry would need this cosigner too.
  const init = {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  }
  const response = await reach('cosigner', url, init, fetcher)
  const answer: unknown = await response.json().catch(() => undefined)
  if (!response.ok) {
    // A refusal names its reason (protocol's `cosigner.Refusal`); an answer without one keeps its HTTP status.
    const status = (answer as { status?: unknown } | undefined)?.status
    throw new SignSessionError(
      typeof status === 'number' || typeof status === 'string' ? status : response.status,
    )
  }
  const signature = fields(answer)?.signature
  // A 2xx the SDK cannot read is no refusal (no gasless retry on it): UNEXPECTED_ANSWER.
  if (!hasShape(signature, { publicKey: isFelt, r: isFelt, s: isFelt })) {
    throw new UnexpectedAnswerError('cosigner answer')
  }
  const { publicKey, r, s } = signature as cosigner.signSession.Response['signature']
  return { signer: BigInt(publicKey), r: BigInt(r), s: BigInt(s) }
}
