import { ValidationError } from '../errors/validation'
import { toHex } from '../starknet/felt'
import { readFelt, strictFelt, strictUint256 } from './strictFelt'

// A session's `Metadata` (JSON text: `{projectID, txFees}`) read once, by the consent screen and by the
// wallet server that records the caps the cosigner enforces. A cap the wallet cannot read exactly is no cap:
// the session is refused, never shown with a limit nobody will enforce.

/** The most a fee cap may be: a u128 (the Argent account's and the cosigner's amount width). */
const MAX_CAP = 2n ** 128n - 1n
/** The longest projectID the wallet accepts (it shows at most 64 characters of it). */
const MAX_PROJECT_ID = 256

/**
 * A session's metadata as the wallet reads it (`readSessionMetadata`): the app's name and its exact fee caps.
 * @example readSessionMetadata(request.metadata).txFees[0]?.maxAmount // 10n ** 19n
 */
export interface SessionMetadata {
  /** The app's name for itself, as the app wrote it (a claim of the app, not the wallet's words). */
  projectId?: string
  /** Fee caps: the most the session may pay in each fee token over its life (base units). */
  txFees: { tokenAddress: string; maxAmount: bigint }[]
}

const fail = (path: (string | number)[], message: string): never => {
  throw new ValidationError([
    { path: ['message', 'Metadata', ...path], message: `Session metadata: ${message}` },
  ])
}

const describe = (value: unknown) =>
  typeof value === 'string' ? JSON.stringify(value) : typeof value === 'bigint' ? `${value}n` : String(value)

/**
 * Reads session metadata; throws ValidationError (wallet API 114) for text that is not a JSON object, a
 * `projectID` that is not a string, `txFees` that is not a list of `{tokenAddress, maxAmount}` with a felt
 * address and an amount in 0..2^128-1 (hex or decimal string), a token listed twice, or, when `feeTokens` is
 * given, a token that is not one of them (the paymaster's gas tokens).
 *
 * @example
 * readSessionMetadata('{"projectID":"demo","txFees":[{"tokenAddress":"0x4718…","maxAmount":"10000000000000000000"}]}')
 * // { projectId: 'demo', txFees: [{ tokenAddress: '0x4718…', maxAmount: 10000000000000000000n }] }
 */
export function readSessionMetadata(metadata: unknown, feeTokens?: readonly string[]): SessionMetadata {
  if (metadata === undefined) return { txFees: [] }
  if (typeof metadata !== 'string') return fail([], `not JSON text but ${describe(metadata)}`)
  let parsed: unknown
  try {
    parsed = JSON.parse(metadata)
  } catch {
    return fail([], 'not JSON text')
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return fail([], 'not a JSON object')
  const { projectID, txFees } = parsed as { projectID?: unknown; txFees?: unknown }
  if (projectID !== undefined && typeof projectID !== 'string')
    return fail(['projectID'], 'projectID is not text')
  if (typeof projectID === 'string' && projectID.length > MAX_PROJECT_ID)
    return fail(['projectID'], `projectID is longer than ${MAX_PROJECT_ID} characters`)
  if (txFees !== undefined && !Array.isArray(txFees)) return fail(['txFees'], 'txFees is not a list')
  const fees = (txFees ?? []).map((fee: unknown, index: number) => readFee(fee, index, feeTokens))
  const seen = new Set<string>()
  for (const [index, fee] of fees.entries()) {
    if (seen.has(fee.tokenAddress)) fail(['txFees', index], `txFees lists ${fee.tokenAddress} twice`)
    seen.add(fee.tokenAddress)
  }
  return { ...(projectID === undefined ? {} : { projectId: projectID }), txFees: fees }
}

function readFee(fee: unknown, index: number, feeTokens: readonly string[] | undefined) {
  const { tokenAddress, maxAmount } = (typeof fee === 'object' && fee !== null ? fee : {}) as {
    tokenAddress?: unknown
    maxAmount?: unknown
  }
  const token = typeof tokenAddress === 'string' ? strictFelt(tokenAddress) : undefined
  if (token === undefined || 'refused' in token)
    return fail(
      ['txFees', index, 'tokenAddress'],
      `txFees ${index}: token address ${describe(tokenAddress)} is not a felt`,
    )
  const amount = typeof maxAmount === 'string' ? strictFelt(maxAmount) : undefined
  if (amount === undefined || 'refused' in amount || amount.felt > MAX_CAP)
    return fail(
      ['txFees', index, 'maxAmount'],
      `txFees ${index}: maxAmount ${describe(maxAmount)} is not an amount (a hex or decimal string of at most 2^128-1 base units)`,
    )
  const tokenHex = toHex(token.felt)
  if (feeTokens !== undefined && !feeTokens.some((known) => readFelt(known) === token.felt))
    fail(
      ['txFees', index, 'tokenAddress'],
      `txFees ${index}: ${tokenHex} is not a gas token of the paymaster`,
    )
  return { tokenAddress: tokenHex, maxAmount: amount.felt }
}

/** A session's ERC-20 approval as the wallet shows and sends it. */
export interface ApprovalView {
  tokenAddress: string
  spender: string
  /** Base units, 0..2^256-1 (the `approve` u256). */
  amount: bigint
}

/**
 * Reads a session request's approvals strictly (hex felts, the amount a u256 as hex or decimal text), so the
 * screen and the wallet's `approve` calls read the same numbers; anything else throws ValidationError (114).
 *
 * @example
 * readApprovalRequests([{ tokenAddress: STRK, spender: '0x5bd1…', amount: '2500000000000000000' }])
 */
export function readApprovalRequests(
  approvals: readonly { tokenAddress: unknown; spender: unknown; amount: unknown }[],
): ApprovalView[] {
  return approvals.map((approval, index) => {
    const where = (field: string) => ['approvalRequests', index, field]
    const felt = (field: 'tokenAddress' | 'spender') => {
      const read = strictFelt(approval[field])
      if ('refused' in read)
        return failApproval(
          where(field),
          `Approval ${index}: ${field} ${describe(approval[field])} is not a felt (${read.refused})`,
        )
      return toHex(read.felt)
    }
    const amount = strictUint256(approval.amount)
    if ('refused' in amount)
      failApproval(
        where('amount'),
        `Approval ${index}: amount ${describe(approval.amount)} is not an amount (${amount.refused})`,
      )
    return {
      tokenAddress: felt('tokenAddress'),
      spender: felt('spender'),
      amount: (amount as { value: bigint }).value,
    }
  })
}

const failApproval = (path: (string | number)[], message: string): never => {
  throw new ValidationError([{ path, message }])
}
