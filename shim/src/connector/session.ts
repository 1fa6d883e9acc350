import { ConnectAndSignSessionError } from '@webwallet/protocol'

/** One token approval the wallet adds to the session signing step. */
export type ApprovalRequest = { tokenAddress: string; amount: string; spender: string }

/** What `connectAndSignSession` sends (SPEC.md section 3, session sign request). */
export type SessionSignRequest = {
  callbackData?: string | undefined
  approvalRequests: ApprovalRequest[]
  sessionTypedData: unknown
}

/** What the wallet answers (SPEC.md section 3, session sign result); fields are optional on the wire. */
export type SessionSignResult = {
  account?: string | undefined
  chainId?: string | undefined
  signature?: string[] | undefined
  approvalTransactionHash?: string | undefined
  deploymentPayload?: unknown
  approvalRequestsCalls?: unknown
  errorCode?: string | undefined
}

/** Keeps the documented fields of a session sign result with their expected types; drops the rest. */
export function readSessionResult(value: unknown): SessionSignResult {
  const v = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>
  const str = (x: unknown) => (typeof x === 'string' ? x : undefined)
  const signature = Array.isArray(v.signature) ? v.signature.filter((s) => typeof s === 'string') : undefined
  return {
    account: str(v.account),
    chainId: str(v.chainId),
    signature,
    approvalTransactionHash: str(v.approvalTransactionHash),
    deploymentPayload: v.deploymentPayload,
    approvalRequestsCalls: v.approvalRequestsCalls,
    errorCode: str(v.errorCode),
  }
}

/**
 * The error of a failed connectAndSignSession: the wallet's `webwalletErrorCode` and
 * `webwalletErrorMessage` (from the tRPC error data) as a ConnectAndSignSessionError; other errors
 * (popup blocked, transport) unchanged.
 *
 * @example
 * try { await connector.connectAndSignSession(request) } catch (e) { e.data.webwalletErrorCode }
 */
export function sessionError(error: unknown): unknown {
  if (error instanceof ConnectAndSignSessionError) return error
  const data = (error as { cause?: { data?: Record<string, unknown> } } | undefined)?.cause?.data
  const code = data?.webwalletErrorCode
  if (typeof code !== 'string') return error
  const message = typeof data?.webwalletErrorMessage === 'string' ? data.webwalletErrorMessage : code
  return new ConnectAndSignSessionError(message, code, { cause: error })
}
