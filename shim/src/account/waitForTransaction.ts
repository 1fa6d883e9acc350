import {
  BLOCK_WAIT_INTERVAL_MS,
  isHexFelt,
  NODE_ERROR_CODES,
  TRANSACTION_WAIT_INTERVAL_MS,
  TRANSACTION_WAIT_RETRIES,
} from '@webwallet/protocol/constants'
import {
  InvalidOptionsError,
  NodeError,
  OperationAbortedError,
  TransactionRejectedError,
  WaitForTransactionTimeoutError,
} from '@webwallet/protocol/errors'
import { abortable, withDeadline } from '../http/abort'
import { sleep } from '../http/retry'
import { checkLimits } from './arguments'
import type { Rpc } from './rpc'

/** The node's `starknet_getTransactionStatus` answer. */
export interface TransactionStatus {
  readonly finality_status: string
  readonly execution_status?: string
}

/** Options of {@link waitForTransaction}. */
export interface WaitOptions {
  /** Default 200. */
  readonly retries?: number
  /** Default 5000 ms. */
  readonly retryInterval?: number
  /** Stops the polling at once (OPERATION_ABORTED; the transaction itself is not affected). */
  readonly signal?: AbortSignal
}

const SUCCESS = new Set(['SUCCEEDED', 'ACCEPTED_ON_L2', 'ACCEPTED_ON_L1'])
const TRANSACTION_HASH_NOT_FOUND = 29

/**
 * Polls until the transaction succeeded or is accepted and answers the receipt; REJECTED fails at once, and
 * after `retries` polls it is 'waitForTransaction timed-out with retries N'.
 *
 * @example
 * const receipt = await waitForTransaction(rpc, transactionHash, { retryInterval: 2000 })
 */
export async function waitForTransaction(rpc: Rpc, transactionHash: string, options: WaitOptions = {}) {
  if (!isHexFelt(transactionHash)) {
    throw new InvalidOptionsError('transactionHash', 'must be a transaction hash (0x and hex digits)')
  }
  checkLimits(options)
  if (!options.signal) return poll(rpc, transactionHash, options)
  const deadline = withDeadline('waitForTransaction', undefined, options.signal)
  try {
    const polling = poll(rpc.withSignal(deadline.signal), transactionHash, options)
    return await abortable(polling, deadline)
  } finally {
    deadline.dispose()
  }
}

async function poll(rpc: Rpc, transactionHash: string, options: WaitOptions) {
  const retries = options.retries ?? TRANSACTION_WAIT_RETRIES
  const interval = options.retryInterval ?? TRANSACTION_WAIT_INTERVAL_MS
  for (let attempt = 0; attempt < retries; attempt++) {
    const status = await readStatus(rpc, transactionHash)
    if (status) {
      const execution = status.execution_status ?? ''
      if (status.finality_status === 'REJECTED' || execution === 'REJECTED') {
        throw new TransactionRejectedError(execution || 'REJECTED', status.finality_status)
      }
      if (SUCCESS.has(execution) || SUCCESS.has(status.finality_status)) {
        return rpc.request<Record<string, unknown>>('starknet_getTransactionReceipt', {
          transaction_hash: transactionHash,
        })
      }
    }
    if (attempt + 1 < retries) {
      await sleep(interval, options.signal).catch((cause: unknown) => {
        throw new OperationAbortedError('waitForTransaction', { cause })
      })
    }
  }
  throw new WaitForTransactionTimeoutError(retries)
}

/**
 * Waits until the chain has reached `blockNumber` (polled every 5000 ms unless told, docs/protocol.md, Constants) and
 * answers the current block number; `signal` stops it (OPERATION_ABORTED).
 *
 * @example
 * await waitForBlock(rpc, receipt.block_number + 1)
 */
export async function waitForBlock(
  rpc: Rpc,
  blockNumber: number,
  options: { readonly retryInterval?: number; readonly signal?: AbortSignal } = {},
): Promise<number> {
  if (!Number.isSafeInteger(blockNumber) || blockNumber < 0) {
    throw new InvalidOptionsError('blockNumber', 'must be a block number (an integer from 0)')
  }
  checkLimits(options)
  for (;;) {
    if (options.signal?.aborted)
      throw new OperationAbortedError('waitForBlock', { cause: options.signal.reason })
    const current = await rpc.request<number>('starknet_blockNumber')
    if (current >= blockNumber) return current
    await sleep(options.retryInterval ?? BLOCK_WAIT_INTERVAL_MS, options.signal).catch(() => {})
  }
}

async function readStatus(rpc: Rpc, transactionHash: string): Promise<TransactionStatus | undefined> {
  try {
    return await rpc.request<TransactionStatus>('starknet_getTransactionStatus', {
      transaction_hash: transactionHash,
    })
  } catch (error) {
    if (error instanceof NodeError && error.data.rpcCode === TRANSACTION_HASH_NOT_FOUND) return undefined
    throw error
  }
}

/** Whether a node error says the contract does not exist (an undeployed account). */
export function isContractNotFound(error: unknown): boolean {
  return error instanceof NodeError && error.data.rpcCode === NODE_ERROR_CODES.CONTRACT_NOT_FOUND
}
