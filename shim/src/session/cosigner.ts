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

/** What the co-signer signs: a session transaction, or a session outside execution's message. */
export type CosignerPart =
  | { readonly transaction: CosignerTransaction }
  | { readonly message: CosignerOutsideMessage }

/**
 * The co-signer's (guardian's) signature for the session: POST {base}/cosigner/signSession (a transaction) or
 * signSessionEFO (an outside execution); a refusal is SignSessionError, no answer SERVICE_UNREACHABLE.
 *
 * @example
 * const guardian = await cosign(fetch, 'http://localhost:3005', session, { transaction })
 */
export function cosign(
  fetcher: typeof fetch,
  baseUrl: string,
  session: CosignerSession,
  part: CosignerPart,
): Promise<StarknetSignerSignature> {
  const outside = 'message' in part
  const request: cosigner.signSession.Request | cosigner.signSessionEFO.Request = {
    session: body(session),
    ...(outside
      ? { message: { type: 'eip712', chain: 'starknet', ...part.message } as OutsideRequestMessage }
      : part),
  }
  return post(fetcher, `${baseUrl}/cosigner/${outside ? 'signSessionEFO' : 'signSession'}`, request)
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
