import { defineError, type ErrorOptions } from './base'

/**
 * The transaction was not accepted within the retries.
 *
 * @example
 * new WaitForTransactionTimeoutError(200).message // 'waitForTransaction timed-out with retries 200'
 */
export const WaitForTransactionTimeoutError = /* @__PURE__ */ defineError(
  'WAIT_FOR_TRANSACTION_TIMEOUT',
  (retries: number, o?: ErrorOptions) => ({
    message: `waitForTransaction timed-out with retries ${retries}`,
    data: { retries },
    cause: o?.cause,
  }),
  (d) => [Number(d.retries ?? 0)],
)
/** An instance of {@link WaitForTransactionTimeoutError}. */
export type WaitForTransactionTimeoutError = InstanceType<typeof WaitForTransactionTimeoutError>

/**
 * The transaction was rejected or reverted: 'execution status: finality status'.
 *
 * @example
 * new TransactionRejectedError('REVERTED', 'ACCEPTED_ON_L2').message // 'REVERTED: ACCEPTED_ON_L2'
 */
export const TransactionRejectedError = /* @__PURE__ */ defineError(
  'TRANSACTION_REJECTED',
  (executionStatus: string, finalityStatus: string, o?: ErrorOptions) => ({
    message: `${executionStatus}: ${finalityStatus}`,
    data: { executionStatus, finalityStatus },
    cause: o?.cause,
  }),
  (d) => [String(d.executionStatus ?? ''), String(d.finalityStatus ?? '')],
)
/** An instance of {@link TransactionRejectedError}. */
export type TransactionRejectedError = InstanceType<typeof TransactionRejectedError>

/**
 * A JSON-RPC error of the node; `data.rpcCode` is one of NODE_ERROR_CODES or another node code.
 *
 * @example
 * new NodeError(52, 'Invalid transaction nonce').data.rpcCode // 52
 */
export const NodeError = /* @__PURE__ */ defineError(
  'NODE_ERROR',
  (rpcCode: number, message: string, rpcData?: unknown, o?: ErrorOptions) => ({
    message,
    data: { rpcCode, rpcData },
    cause: o?.cause,
  }),
  (d, message) => [Number(d.rpcCode ?? 0), message, d.rpcData],
)
/** An instance of {@link NodeError}. */
export type NodeError = InstanceType<typeof NodeError>

/**
 * A transaction was sent but its answer was lost (connection dropped, 5xx, time limit, abort): do not send it
 * again. `data.transactionHash` is set when the SDK computed it (self-paid): wait for it. On the paymaster route
 * `data.outsideExecutionNonce` stays valid until `data.executeBefore` (seconds): a relayer may still submit it.
 *
 * @example
 * await account.execute(calls).catch(async (e) => {
 *   if (e.code === 'TRANSACTION_OUTCOME_UNKNOWN' && e.data.transactionHash) {
 *     return account.waitForTransaction(e.data.transactionHash)
 *   }
 *   throw e
 * })
 */
export const TransactionOutcomeUnknownError = /* @__PURE__ */ defineError(
  'TRANSACTION_OUTCOME_UNKNOWN',
  (sent: SentTransaction, o?: ErrorOptions) => ({
    message: `${sent.transactionHash ?? `Outside execution ${sent.outsideExecutionNonce}`} was sent to the ${sent.service}; its outcome is unknown: do not send it again`,
    data: sent,
    cause: o?.cause,
  }),
  // Wire data is kept as it came, its two always-present fields made strings.
  (d) => [{ ...d, service: String(d.service ?? ''), url: String(d.url ?? '') }],
)
/** An instance of {@link TransactionOutcomeUnknownError}. */
export type TransactionOutcomeUnknownError = InstanceType<typeof TransactionOutcomeUnknownError>

/** What {@link TransactionOutcomeUnknownError} knows of the transaction it could not follow. */
export interface SentTransaction {
  /** Where it was sent: `'node'` (self-paid) or `'paymaster'`. */
  readonly service: string
  readonly url: string
  /** The hash the SDK signed (self-paid route). */
  readonly transactionHash?: string
  /** The paymaster route: the signed outside execution's nonce and the end of its window (seconds). */
  readonly outsideExecutionNonce?: string
  readonly executeBefore?: number
}
