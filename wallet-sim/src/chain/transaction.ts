// The parsed transactions: V3 (and older) account transactions, and the L1_HANDLER transactions L1 -> L2
// messages cause (no broadcast form: only the sequencer creates them); what contracts see of them. Reading
// the broadcast JSON is parseTransaction.ts, the hashes transactionHash.ts, the TXN JSON rpcTransaction.ts.
import type { Felt, ResourceBound, TxInfo } from './contract'

/** Transaction version 3, and its query variant (2^128 + 3) used by estimates and simulations. */
export const TX_VERSION_3 = 3n
export const QUERY_VERSION_3 = 2n ** 128n + 3n
/** Version 1 (fee as `max_fee` in ETH) and its query variant: only JSON-RPC 0.7 clients send it. */
export const TX_VERSION_1 = 1n
export const QUERY_VERSION_1 = 2n ** 128n + 1n

/**
 * Marks a broadcast transaction that came through the JSON-RPC 0.7 endpoint (a symbol: no JSON a client
 * sends can carry it). Only such a transaction may be V1 or a V3 bounding L1 and L2 gas only; every
 * other endpoint keeps Starknet 0.14's rules (V3 with all three resources).
 * @example chain.addTransaction({ ...v1Invoke, [RPC_0_7_TRANSACTION]: true })
 */
export const RPC_0_7_TRANSACTION: unique symbol = Symbol('JSON-RPC 0.7 transaction')

/**
 * How an older transaction bounds its fee (absent: V3 bounding each of the three resources):
 * `L1_GAS`, a V3 of spec 0.7 bounding L1 and L2 gas only (its L1 gas bound pays for everything, converted into
 * L1 gas: txFee.ts inL1Gas); `MAX_FEE`, a V1 paying at most `maxFee` WEI in ETH.
 */
export type LegacyFee = { readonly kind: 'L1_GAS' } | { readonly kind: 'MAX_FEE'; readonly maxFee: bigint }

export interface ResourceBounds {
  readonly l1Gas: ResourceBound
  readonly l2Gas: ResourceBound
  readonly l1DataGas: ResourceBound
}

/** The fields every account transaction has. */
export interface TxCommon {
  readonly version: bigint
  readonly signature: readonly Felt[]
  readonly nonce: Felt
  readonly resourceBounds: ResourceBounds
  readonly tip: bigint
  readonly paymasterData: readonly Felt[]
  readonly nonceDataAvailabilityMode: 0 | 1
  readonly feeDataAvailabilityMode: 0 | 1
  /** Only on transactions of the 0.7 endpoint: V1, or V3 with L1 and L2 gas bounds only. */
  readonly legacyFee?: LegacyFee
}

export interface InvokeTx extends TxCommon {
  readonly type: 'INVOKE'
  readonly senderAddress: Felt
  readonly calldata: readonly Felt[]
  readonly accountDeploymentData: readonly Felt[]
  readonly proofFacts: readonly Felt[]
}

export interface DeployAccountTx extends TxCommon {
  readonly type: 'DEPLOY_ACCOUNT'
  readonly classHash: Felt
  readonly contractAddressSalt: Felt
  readonly constructorCalldata: readonly Felt[]
  /** Computed from class hash, salt and calldata (deployer 0). */
  readonly contractAddress: Felt
}

/** The account transactions a client broadcasts. */
export type Transaction = InvokeTx | DeployAccountTx

/**
 * The L2 transaction of an L1 -> L2 message: version 0, unsigned, paid for on L1. `nonce` is the message's
 * nonce on the L1 core contract; `calldata` is the L1 sender (`from_address`) followed by the payload.
 */
export interface L1HandlerTx {
  readonly type: 'L1_HANDLER'
  readonly version: 0n
  readonly nonce: Felt
  readonly contractAddress: Felt
  readonly entryPointSelector: Felt
  readonly calldata: readonly Felt[]
}

/** Every transaction a block can hold. */
export type ChainTransaction = Transaction | L1HandlerTx

/** A transaction in RPC JSON form (BROADCASTED_TXN / TXN), as received and stored. */
export type RpcTransaction = Record<string, unknown>

/** The account whose nonce and balance the transaction uses. */
export const senderOf = (tx: Transaction): Felt =>
  tx.type === 'INVOKE' ? tx.senderAddress : tx.contractAddress

/** What contracts see through `get_tx_info`. */
export function txInfoOf(tx: Transaction, txHash: Felt, chainId: Felt): TxInfo {
  return {
    hash: txHash,
    version: tx.version,
    accountAddress: senderOf(tx),
    signature: tx.signature,
    nonce: tx.nonce,
    chainId,
    tip: tx.tip,
    resourceBounds: tx.resourceBounds,
    paymasterData: tx.paymasterData,
    accountDeploymentData: tx.type === 'INVOKE' ? tx.accountDeploymentData : [],
    nonceDataAvailabilityMode: tx.nonceDataAvailabilityMode,
    feeDataAvailabilityMode: tx.feeDataAvailabilityMode,
  }
}

/** What `get_tx_info` gives an L1 handler: version 0, no signature or fee fields, the contract as account. */
export const l1HandlerTxInfo = (tx: L1HandlerTx, txHash: Felt, chainId: Felt): TxInfo => ({
  ...emptyTxInfo(chainId),
  hash: txHash,
  accountAddress: tx.contractAddress,
  nonce: tx.nonce,
})

/** The tx info of a call outside any transaction (`starknet_call`, genesis constructors). */
export function emptyTxInfo(chainId: Felt): TxInfo {
  const zero = { maxAmount: 0n, maxPricePerUnit: 0n }
  return {
    hash: 0n,
    version: 0n,
    accountAddress: 0n,
    signature: [],
    nonce: 0n,
    chainId,
    tip: 0n,
    resourceBounds: { l1Gas: zero, l2Gas: zero, l1DataGas: zero },
    paymasterData: [],
    accountDeploymentData: [],
    nonceDataAvailabilityMode: 0 as const,
    feeDataAvailabilityMode: 0 as const,
  }
}
