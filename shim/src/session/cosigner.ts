import { SignSessionError } from '@webwallet/protocol/errors'
import type { StarknetSignerSignature } from '@webwallet/protocol/session'
import { fields, hasShape, isString } from '../http/shape'

/** The session part of both co-signing requests (SPEC.md section 7). */
export interface CosignerSession {
  readonly sessionHash: string
  readonly sessionAuthorisation: readonly string[]
  readonly cacheAuthorisation: boolean
  /**
   * The session key's signature over poseidon(hash, session hash, cache flag), as the cosigner reads it:
   * `{ type: 'StarknetKey', signer: { publicKey, r, s } }` (x-sessions' shape) or a key kind's own.
   */
  readonly sessionSignature: unknown
}

/** An INVOKE V3 transaction as the co-signer reads it (decimal strings, as x-sessions sends them). */
export interface CosignerTransaction {
  readonly sender_address: string
  readonly calldata: readonly string[]
  readonly nonce: string
  readonly version: string
  readonly chain_id: string
  readonly resource_bounds: Record<
    'l1_gas' | 'l1_data_gas' | 'l2_gas',
    { max_amount: string; max_price_per_unit: string }
  >
  readonly tip: string
  readonly paymaster_data: readonly string[]
  readonly account_deployment_data: readonly string[]
  readonly nonce_data_availability_mode: 'L1' | 'L2'
  readonly fee_data_availability_mode: 'L1' | 'L2'
}

/** The outside-execution message of signSessionEFO. */
export interface CosignerOutsideMessage {
  readonly accountAddress: string
  readonly message: unknown
  readonly network: 'mainnet' | 'sepolia'
}

/**
 * Asks the provider's co-signer (the guardian) to sign a session transaction: POST {base}/cosigner/signSession.
 * A refusal is SignSessionError ('Sign session error') carrying the status from the answer body.
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
  return post(fetcher, `${baseUrl}/cosigner/signSession`, { session: body(session), transaction })
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
  return post(fetcher, `${baseUrl}/cosigner/signSessionEFO`, {
    session: body(session),
    message: { type: 'eip712', chain: 'starknet', ...message },
  })
}

function body(session: CosignerSession) {
  return {
    sessionHash: session.sessionHash,
    sessionAuthorisation: session.sessionAuthorisation,
    cacheAuthorisation: session.cacheAuthorisation,
    sessionSignature: session.sessionSignature,
  }
}

async function post(fetcher: typeof fetch, url: string, payload: unknown): Promise<StarknetSignerSignature> {
  let response: Response
  try {
    response = await fetcher(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    })
  } catch (cause) {
    throw new SignSessionError(undefined, { cause })
  }
  const answer: unknown = await response.json().catch(() => undefined)
  if (!response.ok) {
    const status = (answer as { status?: unknown } | undefined)?.status
    throw new SignSessionError(
      typeof status === 'number' || typeof status === 'string' ? status : response.status,
    )
  }
  const signature = fields(answer)?.signature
  if (!hasShape(signature, { publicKey: isString, r: isString, s: isString })) {
    throw new SignSessionError(response.status)
  }
  const { publicKey, r, s } = signature as { publicKey: string; r: string; s: string }
  return { signer: BigInt(publicKey), r: BigInt(r), s: BigInt(s) }
}
