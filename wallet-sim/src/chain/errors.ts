// JSON-RPC errors of the Starknet specs: one class, the spec's code and message, optional data.
// Messages follow spec 0.9; `messageFor` gives the wording a version changed (0.10).

/** Error codes of the Starknet JSON-RPC specs 0.9 / 0.10 (read, write, trace and WebSocket APIs) and JSON-RPC 2.0 itself. */
export const RpcCode = {
  FAILED_TO_RECEIVE_TXN: 1,
  NO_TRACE_AVAILABLE: 10,
  CONTRACT_NOT_FOUND: 20,
  ENTRYPOINT_NOT_FOUND: 21,
  BLOCK_NOT_FOUND: 24,
  INVALID_TXN_INDEX: 27,
  CLASS_HASH_NOT_FOUND: 28,
  TXN_HASH_NOT_FOUND: 29,
  PAGE_SIZE_TOO_BIG: 31,
  NO_BLOCKS: 32,
  INVALID_CONTINUATION_TOKEN: 33,
  TOO_MANY_KEYS_IN_FILTER: 34,
  CONTRACT_ERROR: 40,
  TRANSACTION_EXECUTION_ERROR: 41,
  STORAGE_PROOF_NOT_SUPPORTED: 42,
  CLASS_ALREADY_DECLARED: 51,
  INVALID_TRANSACTION_NONCE: 52,
  INSUFFICIENT_RESOURCES_FOR_VALIDATE: 53,
  INSUFFICIENT_ACCOUNT_BALANCE: 54,
  VALIDATION_FAILURE: 55,
  COMPILATION_FAILED: 56,
  NON_ACCOUNT: 58,
  DUPLICATE_TX: 59,
  UNSUPPORTED_TX_VERSION: 61,
  UNSUPPORTED_CONTRACT_CLASS_VERSION: 62,
  UNEXPECTED_ERROR: 63,
  INVALID_SUBSCRIPTION_ID: 66,
  TOO_MANY_ADDRESSES_IN_FILTER: 67,
  TOO_MANY_BLOCKS_BACK: 68,
  COMPILATION_ERROR: 100,
  PARSE_ERROR: -32700,
  INVALID_REQUEST: -32600,
  METHOD_NOT_FOUND: -32601,
  INVALID_PARAMS: -32602,
  INTERNAL_ERROR: -32603,
  /** starknet-devnet's code for a dev method that parsed but failed (its WILDCARD_RPC_ERROR_CODE), with its own message. */
  DEVNET_ERROR: -1,
} as const
export type RpcCode = (typeof RpcCode)[keyof typeof RpcCode]

const MESSAGES: Record<number, string> = {
  1: 'Failed to write transaction',
  10: 'No trace available for transaction',
  20: 'Contract not found',
  21: 'Requested entrypoint does not exist in the contract',
  24: 'Block not found',
  27: 'Invalid transaction index in a block',
  28: 'Class hash not found',
  29: 'Transaction hash not found',
  31: 'Requested page size is too big',
  32: 'There are no blocks',
  33: 'The supplied continuation token is invalid or unknown',
  34: 'Too many keys provided in a filter',
  40: 'Contract error',
  41: 'Transaction execution error',
  42: "the node doesn't support storage proofs for blocks that are too far in the past",
  51: 'Class already declared',
  52: 'Invalid transaction nonce',
  53: "The transaction's resources don't cover validation or the minimal transaction fee",
  54: "Account balance is smaller than the transaction's max_fee",
  55: 'Account validation failed',
  56: 'Compilation failed',
  58: 'Sender address is not an account contract',
  59: 'A transaction with the same hash already exists in the mempool',
  61: 'the transaction version is not supported',
  62: 'the contract class version is not supported',
  63: 'An unexpected error occurred',
  // The WebSocket API's own codes (starknet_ws_api.json, the same in 0.9 and 0.10).
  66: 'Invalid subscription id',
  67: 'Too many addresses in filter sender_address filter',
  68: 'Cannot go back more than 1024 blocks',
  100: 'Failed to compile the contract',
  [-32700]: 'Parse error',
  [-32600]: 'Invalid Request',
  [-32601]: 'Method not found',
  [-32602]: 'Invalid params',
  [-32603]: 'Internal error',
}

/** Spec 0.10 rewords two messages. */
const MESSAGES_0_10: Record<number, string> = {
  21: 'Requested entry point does not exist in the contract',
  54: "Account balance is smaller than the transaction's maximal fee (calculated as the sum of each resource's limit x max price)",
}

/** The spec message of `code` for an RPC version ('0.9' | '0.10'). */
export function messageFor(code: number, version: string): string {
  return (version === '0.10' ? MESSAGES_0_10[code] : undefined) ?? MESSAGES[code] ?? 'Unknown error'
}

/**
 * An error the JSON-RPC layer answers as `{code, message, data}`; `text` replaces the code's spec message
 * (starknet-devnet's -1 errors each say what failed in the message itself).
 * @example throw new RpcError(RpcCode.BLOCK_NOT_FOUND)
 * @example throw new RpcError(RpcCode.DEVNET_ERROR, undefined, 'No block found')
 */
export class RpcError extends Error {
  override readonly name = 'RpcError'
  constructor(
    readonly code: RpcCode,
    readonly data?: unknown,
    readonly text?: string,
  ) {
    super(text ?? MESSAGES[code] ?? 'Unknown error')
  }
}
