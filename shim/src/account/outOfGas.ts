import { NODE_ERROR_CODES } from '@webwallet/protocol/constants'
import { type CosignerRefusal, NodeError, SignSessionError } from '@webwallet/protocol/errors'

// Refusals of the session itself or of its calls: the cosigner answers the paymaster route's signSessionEFO
// the same, so that route would only spend its requests to fail again.
const SESSION_REFUSALS: readonly unknown[] = [
  'sessionExpired',
  'sessionRevoked',
  'unknownSession',
  'invalidSessionAuthorisation',
  'methodNotAllowed',
  'forbiddenCall',
  'unsupportedChain',
] satisfies CosignerRefusal[]

/**
 * Whether an execute error sends the calls through the paymaster instead: the co-signer refused this
 * transaction ('Sign session error', save a refusal of the session or its calls, which the paymaster route
 * meets the same: SESSION_REFUSALS), or the account cannot pay. A node says so by code: 54
 * INSUFFICIENT_ACCOUNT_BALANCE (the bounds' maximal fee is above the balance: what wallet-sim and the
 * sequencer's gateway answer), or 55 VALIDATION_FAILURE whose data names the balance (nodes that run the fee
 * check inside validation: "Resources bounds (...) exceed balance (...)"; Argent's 'validation failed gas
 * bounds exceed balance').
 *
 * @example
 * if (shouldRetryGasless(error)) return attempt(paymaster)
 */
export function shouldRetryGasless(error: unknown): boolean {
  if (error instanceof SignSessionError) return !SESSION_REFUSALS.includes(error.data.status)
  if (!(error instanceof NodeError)) return false
  const { rpcCode, rpcData } = error.data
  return (
    rpcCode === NODE_ERROR_CODES.INSUFFICIENT_ACCOUNT_BALANCE ||
    (rpcCode === NODE_ERROR_CODES.VALIDATION_FAILURE && /balance/i.test(JSON.stringify(rpcData ?? '')))
  )
}
