// Reads what a session request grants, for the /signSessionKeys screen: every allowed contract and
// selector, the expiry, the fee caps (metadata txFees) and the token approvals.
import type { SessionSignRequest } from '@webwallet/protocol'

export interface SessionView {
  expiresAt: Date | undefined
  allowedMethods: { contract: string; selector: string }[]
  projectId: string | undefined
  feeCaps: { token: string; maxAmount: string }[]
  approvals: { token: string; spender: string; amount: string }[]
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {}

/**
 * @example
 * sessionView(request).allowedMethods // [{ contract: '0x…', selector: 'transfer' }]
 */
export function sessionView(request: SessionSignRequest): SessionView {
  const message = request.sessionTypedData.message
  const expires = Number(message['Expires At'])
  const methods = Array.isArray(message['Allowed Methods']) ? message['Allowed Methods'] : []
  let metadata: Record<string, unknown> = {}
  try {
    const raw = message.Metadata
    metadata = record(typeof raw === 'string' ? JSON.parse(raw) : raw)
  } catch {
    metadata = {}
  }
  const txFees = Array.isArray(metadata.txFees) ? metadata.txFees : []
  return {
    expiresAt: Number.isFinite(expires) && expires > 0 ? new Date(expires * 1000) : undefined,
    allowedMethods: methods.map((method) => ({
      contract: String(record(method)['Contract Address'] ?? ''),
      selector: String(record(method).selector ?? ''),
    })),
    projectId: typeof metadata.projectID === 'string' ? metadata.projectID : undefined,
    feeCaps: txFees.map((fee) => ({
      token: String(record(fee).tokenAddress ?? ''),
      maxAmount: String(record(fee).maxAmount ?? '0'),
    })),
    approvals: request.approvalRequests.map(({ tokenAddress, spender, amount }) => ({
      token: tokenAddress,
      spender,
      amount,
    })),
  }
}
