import {
  NodeError,
  OperationAbortedError,
  OperationTimeoutError,
  PaymasterHttpError,
  PaymasterRequestError,
  type SentTransaction,
  ServiceUnreachableError,
  TransactionOutcomeUnknownError,
  UnexpectedAnswerError,
} from '@webwallet/protocol/errors'
import type { Rpc } from './rpc'
import type { TransactionStatus } from './waitForTransaction'

// The node's JSON-RPC code for a hash it does not know (Starknet JSON-RPC TXN_HASH_NOT_FOUND).
const TRANSACTION_HASH_NOT_FOUND = 29

/** How long the one status question after an execute's time limit may take (the limit is already spent). */
export const STATUS_CHECK_MS = 10_000

/**
 * What one execute sent whose answer it may not see: noted just before the request leaves, so that a time
 * limit or an abort that fires later can tell "sent, outcome unknown" from "never sent".
 *
 * @example
 * const log: SendLog = {}
 * await sendOnce(rpc, sent, send, log) // log.sent: { service: 'node', url, transactionHash }
 */
export interface SendLog {
  sent?: SentTransaction | undefined
}

/**
 * Whether a failure of a request that was sent may have hidden its answer: no answer at all (the
 * connection dropped after the request left: the browser cannot tell it from one that never left), a 5xx of
 * the server or a proxy, or an answer cut or garbled on the way. A JSON-RPC or paymaster refusal (4xx, a
 * node error code) is an answer: the transaction was not taken.
 *
 * @example
 * isLostAnswer(new ServiceUnreachableError('node', url)) // true
 */
export function isLostAnswer(error: unknown): boolean {
  if (error instanceof ServiceUnreachableError || error instanceof UnexpectedAnswerError) return true
  // rpc.ts turns a non-2xx HTTP answer into NodeError(status); node codes are below 100 or negative.
  if (error instanceof NodeError) return error.data.rpcCode >= 500 && error.data.rpcCode < 600
  if (error instanceof PaymasterHttpError) return error.data.status >= 500
  // A paymaster's 500 names its refusal in `messages`; a 500 without one (a crash mid-execute) is lost.
  return error instanceof PaymasterRequestError && error.data.status >= 500 && /^5\d\d /.test(error.message)
}

/**
 * The send step: notes `sent` in `log` just before `send` leaves. When the answer is lost
 * ({@link isLostAnswer}): an invoke whose hash the SDK computed and signed is looked up at the node (known,
 * even reverted, answers the hash as the send would have; unknown to a node that answers rethrows the send's
 * error: nothing was taken, and the same nonce keeps a late copy from landing twice; no answer to the
 * question either is TRANSACTION_OUTCOME_UNKNOWN with the hash). An outside execution sent to the paymaster
 * has the relayer's hash, which the SDK cannot know, and stays valid until its `Execute Before`: its lost
 * answer is TRANSACTION_OUTCOME_UNKNOWN with the execution's nonce and window end, never a code that invites
 * sending the calls again.
 *
 * @example
 * return sendOnce(ctx.rpc, { service: 'node', url, transactionHash }, () => rpc.request('starknet_addInvokeTransaction', params))
 */
export async function sendOnce(
  rpc: Rpc,
  sent: SentTransaction,
  send: () => Promise<{ transaction_hash: string }>,
  log?: SendLog,
): Promise<{ transaction_hash: string }> {
  if (log) log.sent = sent
  try {
    return await send()
  } catch (error) {
    if (!isLostAnswer(error)) throw error
    const { transactionHash } = sent
    if (!transactionHash) throw new TransactionOutcomeUnknownError(sent, { cause: error })
    if (await isKnown(rpc, transactionHash, error)) return { transaction_hash: transactionHash }
    throw error
  }
}

/**
 * Whether the node knows the hash; a node that cannot say is TRANSACTION_OUTCOME_UNKNOWN (`lost` as cause).
 *
 * @example
 * if (await isKnown(rpc, hash, error)) return { transaction_hash: hash }
 */
export async function isKnown(rpc: Rpc, transactionHash: string, lost: unknown): Promise<boolean> {
  try {
    await rpc.request<TransactionStatus>('starknet_getTransactionStatus', {
      transaction_hash: transactionHash,
    })
    return true
  } catch (error) {
    if (error instanceof NodeError && error.data.rpcCode === TRANSACTION_HASH_NOT_FOUND) return false
    throw new TransactionOutcomeUnknownError(
      { service: 'node', url: rpc.nodeUrl, transactionHash },
      { cause: lost },
    )
  }
}

/**
 * An execute's error as the caller gets it: a time limit or an abort that fired after a transaction was
 * sent is TRANSACTION_OUTCOME_UNKNOWN (the deadline's error as `cause`); a time limit first asks the node for
 * the hash once more (`rpc`, not bound to the spent deadline) and answers it when the node knows it (not
 * known is no proof: the request may still be on its way). An abort asks nothing: the caller wants the call
 * to end now.
 *
 * @example
 * try { ... } catch (error) { return await afterDeadline(error, log, this.ctx.rpc) }
 */
export async function afterDeadline(
  error: unknown,
  log: SendLog,
  rpc: Rpc,
): Promise<{ transaction_hash: string }> {
  const { sent } = log
  const deadline = error instanceof OperationTimeoutError || error instanceof OperationAbortedError
  if (!sent || !deadline) throw error
  const { transactionHash } = sent
  // Not known yet is no proof after a time limit: the request may still be on its way to a slow node.
  const check = () => rpc.withSignal(AbortSignal.timeout(STATUS_CHECK_MS))
  if (
    error instanceof OperationTimeoutError &&
    transactionHash &&
    (await isKnown(check(), transactionHash, error))
  ) {
    return { transaction_hash: transactionHash }
  }
  throw new TransactionOutcomeUnknownError(sent, { cause: error })
}
