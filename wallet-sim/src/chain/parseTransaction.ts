// Reads a broadcast transaction (BROADCASTED_TXN JSON) into its parsed form, refusing what a Starknet 0.14
// node refuses: a DECLARE (no Cairo to compile), versions other than 3 (and 1 on the 0.7 endpoint).
import type { Felt, ResourceBound } from './contract'
import { RpcCode, RpcError } from './errors'
import { contractAddress, parseFelt } from './felt'
import {
  QUERY_VERSION_1,
  QUERY_VERSION_3,
  RPC_0_7_TRANSACTION,
  type RpcTransaction,
  type Transaction,
  TX_VERSION_1,
  TX_VERSION_3,
  type TxCommon,
} from './transaction'

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
