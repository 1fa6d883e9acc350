// V3 transactions: the broadcast JSON the RPC receives, its parsed form, and the Starknet hash; and the
// L1_HANDLER transactions L1 -> L2 messages cause (no broadcast form: only the sequencer creates them).

import { memo } from '@webwallet/protocol/session'
import { hash as starknetHash } from 'starknet'
import type { Felt, ResourceBound, TxInfo } from './contract'
import { RpcCode, RpcError } from './errors'
import { contractAddress, parseFelt, toHex } from './felt'
import { hashOnElements } from './pedersen'
import { poseidonHashMany } from './poseidon'

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
 * L1 gas: runTransaction.ts inL1Gas); `MAX_FEE`, a V1 paying at most `maxFee` WEI in ETH.
 */
export type LegacyFee = { readonly kind: 'L1_GAS' } | { readonly kind: 'MAX_FEE'; readonly maxFee: bigint }

export interface ResourceBounds {
  readonly l1Gas: ResourceBound
  readonly l2Gas: ResourceBound
  readonly l1DataGas: ResourceBound
}

interface TxCommon {
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

const felts = (v: unknown, field: string): Felt[] => {
  if (!Array.isArray(v)) throw invalid(`${field} must be an array of felts`)
  return v.map((x) => felt(x, field))
}
const felt = (v: unknown, field: string): Felt => {
  try {
    return parseFelt(v)
  } catch {
    throw invalid(`${field}: invalid felt ${JSON.stringify(v)}`)
  }
}
const invalid = (detail: string) => new RpcError(RpcCode.INVALID_PARAMS, detail)

function daMode(v: unknown, field: string): 0 | 1 {
  if (v === undefined || v === 'L1') return 0
  if (v === 'L2') return 1
  throw invalid(`${field} must be L1 or L2`)
}

function bound(v: unknown, field: string): ResourceBound {
  const b = (v ?? {}) as Record<string, unknown>
  return {
    maxAmount: felt(b.max_amount ?? '0x0', `${field}.max_amount`),
    maxPricePerUnit: felt(b.max_price_per_unit ?? '0x0', `${field}.max_price_per_unit`),
  }
}

/**
 * Parses a broadcast transaction. Versions other than 3 (and its query variant) are rejected with
 * error 61, as Starknet 0.14 nodes do since V0–V2 transactions were retired.
 * @example parseTransaction(body.invoke_transaction, 'INVOKE', chainId)
 */
export function parseTransaction(json: unknown, expectedType?: 'INVOKE' | 'DEPLOY_ACCOUNT'): Transaction {
  if (typeof json !== 'object' || json === null) throw invalid('transaction must be an object')
  const tx = json as RpcTransaction
  const type = tx.type
  if (expectedType && type !== expectedType) throw invalid(`expected a ${expectedType} transaction`)
  if (type === 'DECLARE') throw new RpcError(RpcCode.UNSUPPORTED_CONTRACT_CLASS_VERSION)
  if (type !== 'INVOKE' && type !== 'DEPLOY_ACCOUNT')
    throw invalid(`unknown transaction type ${String(type)}`)
  const version = felt(tx.version, 'version')
  const from07 = (json as { [RPC_0_7_TRANSACTION]?: boolean })[RPC_0_7_TRANSACTION] === true
  if (from07 && (version === TX_VERSION_1 || version === QUERY_VERSION_1)) return parseV1(tx, type, version)
  if (version !== TX_VERSION_3 && version !== QUERY_VERSION_3)
    throw new RpcError(RpcCode.UNSUPPORTED_TX_VERSION)
  const rb = (tx.resource_bounds ?? {}) as Record<string, unknown>
  // Spec 0.7's RESOURCE_BOUNDS_MAPPING has no l1_data_gas: such a V3 bounds L1 gas alone (L2's bound is hashed).
  const l1GasOnly = from07 && rb.l1_data_gas === undefined
  const common: TxCommon = {
    version,
    signature: felts(tx.signature ?? [], 'signature'),
    nonce: felt(tx.nonce, 'nonce'),
    resourceBounds: {
      l1Gas: bound(rb.l1_gas, 'l1_gas'),
      l2Gas: bound(rb.l2_gas, 'l2_gas'),
      l1DataGas: bound(rb.l1_data_gas, 'l1_data_gas'),
    },
    tip: felt(tx.tip ?? '0x0', 'tip'),
    paymasterData: felts(tx.paymaster_data ?? [], 'paymaster_data'),
    nonceDataAvailabilityMode: daMode(tx.nonce_data_availability_mode, 'nonce_data_availability_mode'),
    feeDataAvailabilityMode: daMode(tx.fee_data_availability_mode, 'fee_data_availability_mode'),
    ...(l1GasOnly ? { legacyFee: { kind: 'L1_GAS' } as const } : {}),
  }
  if (type === 'INVOKE') {
    return {
      ...common,
      type,
      senderAddress: felt(tx.sender_address, 'sender_address'),
      calldata: felts(tx.calldata, 'calldata'),
      accountDeploymentData: felts(tx.account_deployment_data ?? [], 'account_deployment_data'),
      proofFacts: felts(tx.proof_facts ?? [], 'proof_facts'),
    }
  }
  const classHash = felt(tx.class_hash, 'class_hash')
  const contractAddressSalt = felt(tx.contract_address_salt, 'contract_address_salt')
  const constructorCalldata = felts(tx.constructor_calldata, 'constructor_calldata')
  const address = contractAddress(contractAddressSalt, classHash, constructorCalldata, 0n)
  return { ...common, type, classHash, contractAddressSalt, constructorCalldata, contractAddress: address }
}

// INVOKE_TXN_V1 / DEPLOY_ACCOUNT_TXN_V1 of spec 0.7: no resource bounds, tip or DA modes; `max_fee` in WEI.
function parseV1(tx: RpcTransaction, type: 'INVOKE' | 'DEPLOY_ACCOUNT', version: bigint): Transaction {
  const zero = { maxAmount: 0n, maxPricePerUnit: 0n }
  const common: TxCommon = {
    version,
    signature: felts(tx.signature ?? [], 'signature'),
    nonce: felt(tx.nonce, 'nonce'),
    resourceBounds: { l1Gas: zero, l2Gas: zero, l1DataGas: zero },
    tip: 0n,
    paymasterData: [],
    nonceDataAvailabilityMode: 0,
    feeDataAvailabilityMode: 0,
    legacyFee: { kind: 'MAX_FEE', maxFee: felt(tx.max_fee, 'max_fee') },
  }
  if (type === 'INVOKE') {
    return {
      ...common,
      type,
      senderAddress: felt(tx.sender_address, 'sender_address'),
      calldata: felts(tx.calldata, 'calldata'),
      accountDeploymentData: [],
      proofFacts: [],
    }
  }
  const classHash = felt(tx.class_hash, 'class_hash')
  const contractAddressSalt = felt(tx.contract_address_salt, 'contract_address_salt')
  const constructorCalldata = felts(tx.constructor_calldata, 'constructor_calldata')
  const address = contractAddress(contractAddressSalt, classHash, constructorCalldata, 0n)
  return { ...common, type, classHash, contractAddressSalt, constructorCalldata, contractAddress: address }
}

const L1_GAS = 0x4c315f474153n // 'L1_GAS'
const L2_GAS = 0x4c325f474153n // 'L2_GAS'
const L1_DATA = 0x4c315f44415441n // 'L1_DATA'
const INVOKE_PREFIX = 0x696e766f6b65n // 'invoke'
const DEPLOY_ACCOUNT_PREFIX = 0x6465706c6f795f6163636f756e74n // 'deploy_account'
const encodeBound = (name: bigint, b: ResourceBound) =>
  (name << 192n) + (b.maxAmount << 128n) + b.maxPricePerUnit

// Clients send the same tip and bounds again and again (a wallet's defaults, one estimate reused): the
// hash of the fee fields is three permutations, worth remembering for the last few combinations.
const feeFieldsHashes = memo<string, Felt>(64)

function feeFieldsHash(tx: Transaction): Felt {
  const rb = tx.resourceBounds
  const fields = [tx.tip, encodeBound(L1_GAS, rb.l1Gas), encodeBound(L2_GAS, rb.l2Gas)]
  // A V3 of spec 0.7 hashes the two bounds it has (SNIP-8 before Starknet 0.13.4 added L1 data gas).
  if (tx.legacyFee?.kind !== 'L1_GAS') fields.push(encodeBound(L1_DATA, rb.l1DataGas))
  return feeFieldsHashes(fields.join(':'), () => poseidonHashMany(fields))
}

/**
 * The transaction hash exactly as Starknet computes it for V3 (SNIP-8 layout, Poseidon). Same
 * result as starknet.js's `hash.calculateInvokeTransactionHash` / `calculateDeployAccountTransactionHash`
 * (transaction.test.ts checks it), with the faster Poseidon of ./poseidon.
 * @example transactionHash(parseTransaction(json), 0x534e5f5345504f4c4941n)
 */
export function transactionHash(tx: Transaction, chainId: Felt): Felt {
  if (tx.legacyFee?.kind === 'MAX_FEE') return v1TransactionHash(tx, tx.legacyFee.maxFee, chainId)
  const feeFields = feeFieldsHash(tx)
  const da = (BigInt(tx.nonceDataAvailabilityMode) << 32n) + BigInt(tx.feeDataAvailabilityMode)
  const common = (prefix: bigint, address: Felt) => [
    prefix,
    tx.version,
    address,
    feeFields,
    poseidonHashMany(tx.paymasterData),
    chainId,
    tx.nonce,
    da,
  ]
  if (tx.type === 'INVOKE') {
    return poseidonHashMany([
      ...common(INVOKE_PREFIX, tx.senderAddress),
      poseidonHashMany(tx.accountDeploymentData),
      poseidonHashMany(tx.calldata),
      ...(tx.proofFacts.length ? [poseidonHashMany(tx.proofFacts)] : []),
    ])
  }
  return poseidonHashMany([
    ...common(DEPLOY_ACCOUNT_PREFIX, tx.contractAddress),
    poseidonHashMany(tx.constructorCalldata),
    tx.classHash,
    tx.contractAddressSalt,
  ])
}

/**
 * The hash of a V1 transaction as Starknet computes it (Pedersen hash-on-elements): `[prefix, version, address,
 * 0, h(calldata), max_fee, chainId, nonce]`, where a deploy account's "calldata" is its class hash, salt and
 * constructor calldata. Same result as starknet.js v6's `hash.calculateInvokeTransactionHash` /
 * `calculateDeployAccountTransactionHash` for version 1 (e2e/tests/compat/starknetLegacy.test.ts checks it).
 */
function v1TransactionHash(tx: Transaction, maxFee: bigint, chainId: Felt): Felt {
  const [prefix, address, data] =
    tx.type === 'INVOKE'
      ? [INVOKE_PREFIX, tx.senderAddress, tx.calldata]
      : [
          DEPLOY_ACCOUNT_PREFIX,
          tx.contractAddress,
          [tx.classHash, tx.contractAddressSalt, ...tx.constructorCalldata],
        ]
  return hashOnElements([prefix, tx.version, address, 0n, hashOnElements(data), maxFee, chainId, tx.nonce])
}

const L1_HANDLER_PREFIX = 0x6c315f68616e646c6572n // 'l1_handler'

/**
 * The hash of an L1_HANDLER transaction as Starknet computes it (Pedersen, the pre-V3 layout): hash-on-elements
 * of `['l1_handler', 0, contract, selector, h(calldata), 0 (no L2 fee), chainId, nonce]`. Same result as
 * starknet.js's `hash.calculateL2MessageTxHash` (transactionL1Handler.test.ts checks it).
 * @example l1HandlerTransactionHash({ type: 'L1_HANDLER', version: 0n, nonce, contractAddress, entryPointSelector, calldata }, chainId)
 */
export function l1HandlerTransactionHash(tx: L1HandlerTx, chainId: Felt): Felt {
  return hashOnElements([
    L1_HANDLER_PREFIX,
    tx.version,
    tx.contractAddress,
    tx.entryPointSelector,
    hashOnElements(tx.calldata),
    0n,
    chainId,
    tx.nonce,
  ])
}

/**
 * The L1 -> L2 message hash the L1 core contract keeps (the receipt's `message_hash`): keccak-256 of the
 * 32-byte words `from_address, to_address, nonce, selector, payload length, ...payload`, as 0x and 64 hex
 * digits. Same result as starknet.js's `hash.getL2MessageHash`.
 * @example l1ToL2MessageHash(tx) // '0x9e65…7590'
 */
export function l1ToL2MessageHash(tx: L1HandlerTx): string {
  const [from = 0n, ...payload] = tx.calldata
  return starknetHash.solidityUint256PackedKeccak256([
    from,
    tx.contractAddress,
    tx.nonce,
    tx.entryPointSelector,
    payload.length,
    ...payload,
  ])
}

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

/** The transaction in the RPC's TXN JSON form (what getTransactionByHash returns, without the hash). */
export function toRpcTransaction(tx: ChainTransaction): RpcTransaction {
  if (tx.type === 'L1_HANDLER') {
    return {
      type: 'L1_HANDLER',
      version: '0x0',
      nonce: toHex(tx.nonce),
      contract_address: toHex(tx.contractAddress),
      entry_point_selector: toHex(tx.entryPointSelector),
      calldata: tx.calldata.map(toHex),
    }
  }
  if (tx.legacyFee?.kind === 'MAX_FEE') return v1RpcTransaction(tx, tx.legacyFee.maxFee)
  const rb = tx.resourceBounds
  const b = (x: ResourceBound) => ({
    max_amount: toHex(x.maxAmount),
    max_price_per_unit: toHex(x.maxPricePerUnit),
  })
  const da = (m: 0 | 1) => (m === 0 ? 'L1' : 'L2')
  const common = {
    version: toHex(tx.version),
    signature: tx.signature.map(toHex),
    nonce: toHex(tx.nonce),
    resource_bounds: { l1_gas: b(rb.l1Gas), l1_data_gas: b(rb.l1DataGas), l2_gas: b(rb.l2Gas) },
    tip: toHex(tx.tip),
    paymaster_data: tx.paymasterData.map(toHex),
    nonce_data_availability_mode: da(tx.nonceDataAvailabilityMode),
    fee_data_availability_mode: da(tx.feeDataAvailabilityMode),
  }
  if (tx.type === 'INVOKE') {
    return {
      type: 'INVOKE',
      sender_address: toHex(tx.senderAddress),
      calldata: tx.calldata.map(toHex),
      ...common,
      account_deployment_data: tx.accountDeploymentData.map(toHex),
      ...(tx.proofFacts.length ? { proof_facts: tx.proofFacts.map(toHex) } : {}),
    }
  }
  return {
    type: 'DEPLOY_ACCOUNT',
    class_hash: toHex(tx.classHash),
    contract_address_salt: toHex(tx.contractAddressSalt),
    constructor_calldata: tx.constructorCalldata.map(toHex),
    ...common,
  }
}

// INVOKE_TXN_V1 / DEPLOY_ACCOUNT_TXN_V1.
function v1RpcTransaction(tx: Transaction, maxFee: bigint): RpcTransaction {
  const common = {
    max_fee: toHex(maxFee),
    version: toHex(tx.version),
    signature: tx.signature.map(toHex),
    nonce: toHex(tx.nonce),
  }
  if (tx.type === 'INVOKE') {
    return {
      type: 'INVOKE',
      sender_address: toHex(tx.senderAddress),
      calldata: tx.calldata.map(toHex),
      ...common,
    }
  }
  return {
    type: 'DEPLOY_ACCOUNT',
    ...common,
    contract_address_salt: toHex(tx.contractAddressSalt),
    constructor_calldata: tx.constructorCalldata.map(toHex),
    class_hash: toHex(tx.classHash),
  }
}

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
