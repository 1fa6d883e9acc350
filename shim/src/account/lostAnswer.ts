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
 * What an execute sent, noted just before it leaves, so a later time limit or abort can tell "sent, outcome
 * unknown" from "never sent".
 *
 * @example
 * await sendOnce(rpc, sent, send, log) // log.sent: { service: 'node', url, transactionHash }
 */
export interface SendLog {
  sent?: SentTransaction | undefined
}

/**
 * Whether a failed request may have hidden its answer: none at all (a browser cannot tell a dropped connection
 * from a request never sent), a 5xx, or a garbled answer. A node or paymaster refusal is an answer: not taken.
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
 * The send step, noting `sent` in `log` first. A lost answer ({@link isLostAnswer}) to an invoke is looked up by
 * its hash: known (even reverted) answers it; unknown to a node that answers rethrows (the nonce keeps a late copy
 * from landing twice); no answer is TRANSACTION_OUTCOME_UNKNOWN. An outside execution's hash is the relayer's: its
 * lost answer is TRANSACTION_OUTCOME_UNKNOWN with nonce and window end, never a code that invites a resend.
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
 * A time limit or abort after a send is TRANSACTION_OUTCOME_UNKNOWN; a time limit first asks the node for the hash
 * once more and answers it if known, an abort asks nothing (the caller wants the call to end now).
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
