// Reads what a session request grants, for the /signSessionKeys screen: every allowed contract and
// selector, the expiry, the fee caps (metadata txFees), the token approvals, and the methods that let the
// app spend without asking (warnings), apart from the gas payment in a txFees token.
import { addressKey, type SessionSignRequest, sameAddress } from '@webwallet/protocol'
import { readApprovalRequests, readSessionMetadata } from '@webwallet/protocol/procedures'
import { isPlainTransfer, methodName, type SpendingFamily, spendingFamily } from './spending'

export interface SessionView {
  expiresAt: Date | undefined
  allowedMethods: { contract: string; selector: string }[]
  /** The app's name for itself (its claim, shown quoted and labelled as the app's). */
  projectId: string | undefined
  /** Fee caps as the wallet server records them (the same parser): exact base units. */
  feeCaps: { token: string; maxAmount: bigint }[]
  /** Why the metadata cannot be read exactly: the session is refused, never shown with caps. */
  refused?: string
  /** The approvals as the wallet sends them: felts (64-digit hex addresses) and exact amounts. */
  approvals: { token: string; spender: string; amount: bigint }[]
  /** Allowed methods that move tokens with no bound the wallet enforces: the consent screen warns. */
  unbounded: { contract: string; method: string; family: SpendingFamily }[]
  /** Fee tokens whose `transfer` is allowed for gas only: to the paymaster, within the txFees cap. */
  gasPayments: { token: string; maxAmount: bigint }[]
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {}

/**
 * @example
 * sessionView(request).allowedMethods // [{ contract: '0x…', selector: 'transfer' }]
 */
export function sessionView(request: SessionSignRequest, feeTokens?: readonly string[]): SessionView {
  const message = request.sessionTypedData.message
  const expires = Number(message['Expires At'])
  const methods = Array.isArray(message['Allowed Methods']) ? message['Allowed Methods'] : []
  let metadata: ReturnType<typeof readSessionMetadata> = { txFees: [] }
  let refused: string | undefined
  let approvals: SessionView['approvals'] = []
  try {
    metadata = readSessionMetadata(message.Metadata, feeTokens)
    approvals = readApprovalRequests(request.approvalRequests).map(({ tokenAddress, spender, amount }) => ({
      token: addressKey(tokenAddress),
      spender: addressKey(spender),
      amount,
    }))
  } catch (error) {
    refused = error instanceof Error ? error.message : String(error)
  }
  const feeCaps = metadata.txFees.map((fee) => ({ token: fee.tokenAddress, maxAmount: fee.maxAmount }))
  const allowedMethods = methods.map((method) => ({
    contract: String(record(method)['Contract Address'] ?? ''),
    selector: String(record(method).selector ?? ''),
  }))
  const feeCapOf = (contract: string) => feeCaps.find((cap) => sameAddress(cap.token, contract))
  const isGasPayment = (contract: string, selector: string) =>
    isPlainTransfer(selector) && feeCapOf(contract) !== undefined
  const unbounded = allowedMethods.flatMap(({ contract, selector }) => {
    const family = spendingFamily(selector)
    if (family === undefined || isGasPayment(contract, selector)) return []
    return [{ contract, method: methodName(selector), family }]
  })
  const gasPayments = feeCaps.filter((cap) =>
    allowedMethods.some(
      ({ contract, selector }) => sameAddress(contract, cap.token) && isPlainTransfer(selector),
    ),
  )
  return {
    expiresAt: Number.isFinite(expires) && expires > 0 ? new Date(expires * 1000) : undefined,
    allowedMethods,
    projectId: metadata.projectId,
    ...(refused === undefined ? {} : { refused }),
    feeCaps,
    approvals,
    unbounded,
    gasPayments,
  }
}
