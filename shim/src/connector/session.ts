import type { SessionSignRequest, SessionSignResult } from '@webwallet/protocol'
import { ConnectAndSignSessionError, ServiceUnreachableError } from '@webwallet/protocol/errors'

export type { SessionSignRequest, SessionSignResult }

const strings = (x: unknown) =>
  Array.isArray(x) && x.every((s) => typeof s === 'string') ? (x as string[]) : undefined
const string = (x: unknown) => (typeof x === 'string' ? x : undefined)

/**
 * Keeps the documented fields of a session sign result (docs/protocol.md, Entities) with their wire types and
 * drops the rest, without pulling protocol's zod schemas into the connector bundle.
 */
export function readSessionResult(value: unknown): SessionSignResult {
  const v = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>
  const result: Record<string, unknown> = {
    account: strings(v.account),
    chainId: string(v.chainId),
    signature: strings(v.signature),
    approvalTransactionHash: string(v.approvalTransactionHash),
    deploymentPayload: v.deploymentPayload,
    approvalRequestsCalls: Array.isArray(v.approvalRequestsCalls) ? v.approvalRequestsCalls : undefined,
    errorCode: string(v.errorCode),
  }
  for (const key of Object.keys(result)) if (result[key] === undefined) delete result[key]
  return result as SessionSignResult
}

/**
 * A failed connectAndSignSession's error: the wallet's `webwalletErrorCode` / `webwalletErrorMessage` (tRPC
 * error data) as a ConnectAndSignSessionError; others (popup blocked, transport, unreachable) unchanged.
 *
 * @example
 * try { await connector.connectAndSignSession(request) } catch (e) { e.data.webwalletErrorCode }
 */
export function sessionError(error: unknown): unknown {
  if (error instanceof ConnectAndSignSessionError || error instanceof ServiceUnreachableError) return error
  const data = (error as { cause?: { data?: Record<string, unknown> } } | undefined)?.cause?.data
  const code = data?.webwalletErrorCode
  if (typeof code !== 'string') return error
  const message = typeof data?.webwalletErrorMessage === 'string' ? data.webwalletErrorMessage : code
  return new ConnectAndSignSessionError(message, code, { cause: error })
}
