import { numberField, stringField, WebWalletError } from './base'

type Opts = { cause?: unknown }

/**
 * The transaction was not accepted within the retries.
 *
 * @example
 * new WaitForTransactionTimeoutError(200).message // 'waitForTransaction timed-out with retries 200'
 */
export class WaitForTransactionTimeoutError extends WebWalletError<
  'WAIT_FOR_TRANSACTION_TIMEOUT',
  { retries: number }
> {
  static readonly code = 'WAIT_FOR_TRANSACTION_TIMEOUT'
  override name = 'WaitForTransactionTimeoutError'
  constructor(retries: number, options: Opts = {}) {
    super(`waitForTransaction timed-out with retries ${retries}`, {
      code: 'WAIT_FOR_TRANSACTION_TIMEOUT',
      data: { retries },
      cause: options.cause,
    })
  }
  static override fromData(data: unknown): WebWalletError {
    return new WaitForTransactionTimeoutError(numberField(data, 'retries') ?? 0)
  }
}

/**
 * The transaction was rejected or reverted: 'execution status: finality status'.
 *
 * @example
 * new TransactionRejectedError('REVERTED', 'ACCEPTED_ON_L2').message // 'REVERTED: ACCEPTED_ON_L2'
 */
export class TransactionRejectedError extends WebWalletError<
  'TRANSACTION_REJECTED',
  { executionStatus: string; finalityStatus: string }
> {
  static readonly code = 'TRANSACTION_REJECTED'
  override name = 'TransactionRejectedError'
  constructor(executionStatus: string, finalityStatus: string, options: Opts = {}) {
    super(`${executionStatus}: ${finalityStatus}`, {
      code: 'TRANSACTION_REJECTED',
      data: { executionStatus, finalityStatus },
      cause: options.cause,
    })
  }
  static override fromData(data: unknown): WebWalletError {
    return new TransactionRejectedError(
      stringField(data, 'executionStatus') ?? '',
      stringField(data, 'finalityStatus') ?? '',
    )
  }
}

/**
 * A JSON-RPC error of the node; `data.rpcCode` is one of NODE_ERROR_CODES or another node code.
 *
 * @example
 * new NodeError(52, 'Invalid transaction nonce').data.rpcCode // 52
 */
export class NodeError extends WebWalletError<'NODE_ERROR', { rpcCode: number; rpcData?: unknown }> {
  static readonly code = 'NODE_ERROR'
  override name = 'NodeError'
  constructor(rpcCode: number, message: string, rpcData?: unknown, options: Opts = {}) {
    super(message, {
      code: 'NODE_ERROR',
      data: rpcData === undefined ? { rpcCode } : { rpcCode, rpcData },
      cause: options.cause,
    })
  }
  static override fromData(data: unknown, message: string): WebWalletError {
    const rpcData =
      typeof data === 'object' && data !== null ? (data as { rpcData?: unknown }).rpcData : undefined
    return new NodeError(numberField(data, 'rpcCode') ?? 0, message, rpcData)
  }
}
