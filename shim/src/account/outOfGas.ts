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
 * Whether an execute error retries through the paymaster: the co-signer refused this transaction (not the
 * session or its calls: SESSION_REFUSALS), or the account cannot pay (node code 54, or 55 naming the balance).
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
