// L1 -> L2 messaging over the RPC: starknet_estimateMessageFee, starknet_getMessagesStatus, and
// devnet_postmanSendMessageToL2, which runs the L1_HANDLER transaction of a message no L1 sent (there is none).
import { isRpcHexFelt } from '@webwallet/protocol/constants'
import type { BlockId, Chain } from '../chain/chain'
import { RpcCode, RpcError } from '../chain/errors'
import { selectorKey, toHex } from '../chain/felt'
import type { JsonObject, TxRecord } from '../chain/records'
import { getContractClass } from '../chain/registry'
import { runL1Handler } from '../chain/runL1Handler'
import type { L1HandlerTx } from '../chain/transaction'
import { l1HandlerTransactionHash } from '../chain/transactionHash'
import { feeEstimateJson } from './format'
import type { Method, Params } from './method'
import { blockId, felt, invalidParams } from './params'

// ETH_ADDRESS: 0x and at most 40 hex digits, so any value of 160 bits and nothing wider.
function l1Address(v: unknown, name: string): bigint {
  if (typeof v === 'string' && /^0x[0-9a-fA-F]{1,40}$/.test(v)) return BigInt(v)
  throw invalidParams(`${name}: expected an L1 address (160 bits, 0x-hex), got ${JSON.stringify(v)}`)
}

// L1_TXN_HASH: an Ethereum transaction hash, 256 bits (wider than a felt): a felt's hex form, 0x and at most 64
// hex digits, without the field's bound.
function l1TransactionHash(v: unknown, name: string): bigint {
  if (isRpcHexFelt(v)) return BigInt(v)
  throw invalidParams(`${name}: expected an L1 transaction hash (256 bits, 0x-hex), got ${JSON.stringify(v)}`)
}

function payloadOf(v: unknown): bigint[] {
  if (!Array.isArray(v)) throw invalidParams('payload must be an array of felts')
  return v.map((x) => felt(x, 'payload'))
}

/**
 * The L1_HANDLER transaction of a message whose target has that handler in block `id`: 20 when nothing is
 * deployed at `to`, 40 when its class has no L1 handler of the selector (as nodes answer estimateMessageFee).
 */
function l1HandlerTx(
  c: Chain,
  id: BlockId,
  m: { from: bigint; to: bigint; selector: bigint; payload: bigint[]; nonce: bigint },
): L1HandlerTx {
  const classHash = c.stateAt(id).getClassHash(m.to)
  if (classHash === 0n) throw new RpcError(RpcCode.CONTRACT_NOT_FOUND)
  if (!getContractClass(classHash)?.l1Handlers?.[selectorKey(m.selector)]) {
    throw new RpcError(RpcCode.CONTRACT_ERROR, {
      revert_error: `Entry point ${toHex(m.selector)} not found in contract with class hash ${toHex(classHash)} (L1_HANDLER).`,
    })
  }
  return {
    type: 'L1_HANDLER',
    version: 0n,
    nonce: m.nonce,
    contractAddress: m.to,
    entryPointSelector: m.selector,
    calldata: [m.from, ...m.payload],
  }
}

/**
 * MESSAGE_FEE_ESTIMATE of the L1_HANDLER transaction a message would cause: the transaction runs on a throwaway
 * layer over the block's state, as the chain runs it (no validation, no nonce, no fee transfer: the message pays
 * on L1). A handler that fails answers 40. Spec 0.9 and 0.10 answer the same shape; 0.9 does not list error 20,
 * but nodes answer it for an undeployed `to_address` on both, as here.
 */
function estimateMessageFee(c: Chain, p: Params): JsonObject {
  const m = (p.message ?? {}) as Params
  const from = l1Address(m.from_address, 'from_address')
  const to = felt(m.to_address, 'to_address')
  const selector = felt(m.entry_point_selector, 'entry_point_selector')
  const payload = payloadOf(m.payload)
  const id = blockId(p.block_id)
  const tx = l1HandlerTx(c, id, { from, to, selector, payload, nonce: 0n })
  const hash = l1HandlerTransactionHash(tx, c.chainId)
  const outcome = runL1Handler(c.stateAt(id).child(), tx, hash, {
    chainId: c.chainId,
    block: c.pendingBlockInfo(),
  })
  if (outcome.reverted)
    throw new RpcError(RpcCode.CONTRACT_ERROR, { revert_error: outcome.revertReason ?? '' })
  return feeEstimateJson(outcome.usage, c.gasPrices, 'WEI')
}

/**
 * starknet_getMessagesStatus (0.9 and 0.10): the L1_HANDLER transactions of the messages an L1 transaction sent,
 * in the order they ran. There is no L1 here, so the only ones known are those devnet_postmanSendMessageToL2
 * was given an `l1_transaction_hash` for; any other hash answers 29.
 */
function getMessagesStatus(c: Chain, p: Params): JsonObject[] {
  const l1Hash = l1TransactionHash(p.transaction_hash, 'transaction_hash')
  const sent: TxRecord[] = []
  for (const rec of c.txs.values()) {
    const claimed = rec.l1Message?.l1TransactionHash
    if (claimed !== undefined && BigInt(claimed) === l1Hash) sent.push(rec)
  }
  if (sent.length === 0) {
    throw new RpcError(
      RpcCode.TXN_HASH_NOT_FOUND,
      'wallet-sim has no L1: no L1 transaction sent messages to it',
    )
  }
  return sent.map((rec) => {
    const execution = rec.receipt.execution_status as string
    return {
      transaction_hash: rec.hash,
      finality_status: c.finalityOf(rec),
      execution_status: execution,
      ...(execution === 'REVERTED' ? { failure_reason: rec.receipt.revert_reason as string } : {}),
    }
  })
}

/** The `starknet_*` messaging methods. */
export const messageMethods: Record<string, Method> = {
  estimateMessageFee: { names: ['message', 'block_id'], run: (c, p) => estimateMessageFee(c, p) },
  getMessagesStatus: { names: ['transaction_hash'], run: (c, p) => getMessagesStatus(c, p) },
}

/** starknet-devnet's MessageToL2 fields (`l1_transaction_hash` optional). */
const MESSAGE_TO_L2_FIELDS = [
  'l2_contract_address',
  'entry_point_selector',
  'l1_contract_address',
  'payload',
  'paid_fee_on_l1',
  'nonce',
  'l1_transaction_hash',
]

/**
 * devnet_postmanSendMessageToL2 as starknet-devnet answers it: the message's L1_HANDLER transaction (calldata
 * `[l1_contract_address, ...payload]`) runs on the pre_confirmed block; a failing handler is REVERTED. Errors:
 * -32602 bad fields or a `paid_fee_on_l1` of 0 (Starknet rejects unpaid messages) or above u128; 20 nothing
 * deployed; 40 no such L1 handler; 59 a message and nonce sent before.
 */
function sendMessageToL2(c: Chain, p: Params): { transaction_hash: string } {
  const unknown = Object.keys(p).find((k) => !MESSAGE_TO_L2_FIELDS.includes(k))
  if (unknown !== undefined)
    throw invalidParams(`unknown field ${unknown}, expected ${MESSAGE_TO_L2_FIELDS.join(', ')}`)
  const to = felt(p.l2_contract_address, 'l2_contract_address')
  const selector = felt(p.entry_point_selector, 'entry_point_selector')
  const from = l1Address(p.l1_contract_address, 'l1_contract_address')
  const payload = payloadOf(p.payload)
  const paidFee = felt(p.paid_fee_on_l1, 'paid_fee_on_l1')
  if (paidFee === 0n || paidFee >= 2n ** 128n)
    throw invalidParams(
      `paid_fee_on_l1: expected a nonzero u128 (the message's fee in WEI; Starknet rejects an unpaid message), got ${JSON.stringify(p.paid_fee_on_l1)}`,
    )
  const nonce = felt(p.nonce, 'nonce')
  const l1Hash =
    p.l1_transaction_hash == null
      ? undefined
      : l1TransactionHash(p.l1_transaction_hash, 'l1_transaction_hash')
  const tx = l1HandlerTx(c, { tag: 'pre_confirmed' }, { from, to, selector, payload, nonce })
  const hash = c.addL1HandlerTransaction(tx, {
    paidFeeOnL1: toHex(paidFee),
    ...(l1Hash === undefined ? {} : { l1TransactionHash: `0x${l1Hash.toString(16).padStart(64, '0')}` }),
  })
  return { transaction_hash: toHex(hash) }
}

/** `devnet_postmanSendMessageToL2` (params by name, or in MessageToL2's field order). */
export const postmanSendMessageToL2: Method = {
  names: MESSAGE_TO_L2_FIELDS,
  run: (c, p) => sendMessageToL2(c, p),
}
