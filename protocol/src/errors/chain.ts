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
export type NodeError = InstanceType<typeof NodeError>
