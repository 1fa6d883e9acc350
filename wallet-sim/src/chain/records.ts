// JSON-safe records of blocks and transactions (felts as hex strings): what the chain stores, what
// `snapshot()` writes, and what the RPC layer formats per spec version.
import type { Felt } from './contract'
import type { Invocation } from './execute'
import { toHex } from './felt'
import type { GasPrices } from './gas'
import { toRpcTransaction } from './rpcTransaction'
import type { State, StateDiff } from './state'
import type { RpcTransaction } from './transaction'
import { l1ToL2MessageHash } from './transactionHash'
import type { TxOutcome } from './txOutcome'

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json }
export type JsonObject = { [key: string]: Json }

/** Gas prices as the RPC writes them: `{price_in_fri, price_in_wei}` per resource. */
export interface GasPricesJson {
  l1_gas_price: { price_in_fri: string; price_in_wei: string }
  l2_gas_price: { price_in_fri: string; price_in_wei: string }
  l1_data_gas_price: { price_in_fri: string; price_in_wei: string }
}

export interface BlockRecord {
  number: number
  hash: string
  parentHash: string
  newRoot: string
  timestamp: number
  sequencerAddress: string
  gasPrices: GasPricesJson
  txHashes: string[]
  stateDiff: JsonObject
}

export interface TxRecord {
  hash: string
  /** The TXN JSON (without `transaction_hash`). */
  transaction: RpcTransaction
  /** Receipt fields that do not depend on the block (no block_hash / block_number / finality). */
  receipt: JsonObject
  trace: JsonObject
  /** null while the transaction sits in the pre_confirmed block. */
  blockNumber: number | null
  index: number
  /** L1_HANDLER transactions: what the L1 side of the message claimed (there is no L1 here to ask). */
  l1Message?: L1MessageInfo
}

/** The L1 facts of an L1 -> L2 message that no L2 field holds (devnet_postmanSendMessageToL2 gives them). */
export interface L1MessageInfo {
  /** The fee the message paid on L1, in WEI (a u128, as hex). */
  paidFeeOnL1: string
  /** The L1 transaction that sent the message, when given: starknet_getMessagesStatus answers for it. */
  l1TransactionHash?: string
}

export const gasPricesJson = (p: GasPrices): GasPricesJson => ({
  l1_gas_price: { price_in_fri: toHex(p.l1Gas.fri), price_in_wei: toHex(p.l1Gas.wei) },
  l2_gas_price: { price_in_fri: toHex(p.l2Gas.fri), price_in_wei: toHex(p.l2Gas.wei) },
  l1_data_gas_price: { price_in_fri: toHex(p.l1DataGas.fri), price_in_wei: toHex(p.l1DataGas.wei) },
})

/** STATE_DIFF JSON. `known` tells a deployment (new address) from a class replacement. */
export function stateDiffJson(
  diff: StateDiff,
  wasDeployed: (address: Felt) => boolean = () => false,
): JsonObject {
  const storage_diffs: Json[] = []
  for (const [address, m] of diff.storage) {
    storage_diffs.push({
      address: toHex(address),
      storage_entries: [...m].map(([key, value]) => ({ key: toHex(key), value: toHex(value) })),
    })
  }
  const deployed: Json[] = []
  const replaced: Json[] = []
  for (const [address, classHash] of diff.classHashes) {
    const entry = { address: toHex(address), class_hash: toHex(classHash) }
    if (wasDeployed(address)) replaced.push({ contract_address: entry.address, class_hash: entry.class_hash })
    else deployed.push(entry)
  }
  return {
    storage_diffs,
    deprecated_declared_classes: [],
    declared_classes: [],
    deployed_contracts: deployed,
    replaced_classes: replaced,
    nonces: [...diff.nonces].map(([a, n]) => ({ contract_address: toHex(a), nonce: toHex(n) })),
  }
}

/** FUNCTION_INVOCATION JSON (spec 0.9 / 0.10 trace API). */
export function invocationJson(inv: Invocation): JsonObject {
  return {
    contract_address: toHex(inv.contractAddress),
    entry_point_selector: toHex(inv.selector),
    calldata: inv.calldata.map(toHex),
    caller_address: toHex(inv.callerAddress),
    class_hash: toHex(inv.classHash),
    entry_point_type: inv.entryPointType,
    call_type: 'CALL',
    result: inv.result.map(toHex),
    calls: inv.calls.map(invocationJson),
    events: inv.events.map((e) => ({ order: e.order, keys: e.keys.map(toHex), data: e.data.map(toHex) })),
    messages: [],
    execution_resources: { l1_gas: 0, l2_gas: Number(inv.l2Gas) },
    is_reverted: inv.isReverted,
  }
}

const resources = (o: TxOutcome) => ({
  l1_gas: Number(o.usage.l1Gas),
  // As starknet-devnet reports it: the state diff's data gas (the fee also pays for allocated keys).
  l1_data_gas: Number(o.daGas),
  l2_gas: Number(o.usage.l2Gas),
})

/**
 * The block-independent part of a receipt. An L1 handler's has the message hash and no L2 fee (in WEI); a V1
 * (JSON-RPC 0.7) paid in ETH (WEI).
 */
export function receiptJson(o: TxOutcome, contractAddress?: Felt): JsonObject {
  const l1Handler = o.tx.type === 'L1_HANDLER'
  const inWei = l1Handler || o.tx.legacyFee?.kind === 'MAX_FEE'
  return {
    type: o.tx.type,
    transaction_hash: toHex(o.hash),
    actual_fee: { amount: toHex(o.fee), unit: inWei ? 'WEI' : 'FRI' },
    execution_status: o.reverted ? 'REVERTED' : 'SUCCEEDED',
    messages_sent: [],
    ...(o.reverted ? { revert_reason: o.revertReason ?? '' } : {}),
    events: o.events.map((e) => ({
      from_address: toHex(e.fromAddress),
      keys: e.keys.map(toHex),
      data: e.data.map(toHex),
    })),
    execution_resources: resources(o),
    ...(contractAddress !== undefined ? { contract_address: toHex(contractAddress) } : {}),
    ...(o.tx.type === 'L1_HANDLER' ? { message_hash: l1ToL2MessageHash(o.tx) } : {}),
  }
}

/** TRANSACTION_TRACE JSON. */
export function traceJson(o: TxOutcome, stateDiff: JsonObject): JsonObject {
  const common = {
    ...(o.validateInvocation ? { validate_invocation: invocationJson(o.validateInvocation) } : {}),
    ...(o.feeTransferInvocation ? { fee_transfer_invocation: invocationJson(o.feeTransferInvocation) } : {}),
    state_diff: stateDiff,
    execution_resources: resources(o),
  }
  if (o.tx.type === 'L1_HANDLER') {
    return {
      type: 'L1_HANDLER',
      function_invocation: o.executeInvocation
        ? invocationJson(o.executeInvocation)
        : { revert_reason: o.revertReason ?? '' },
      state_diff: stateDiff,
      execution_resources: resources(o),
    }
  }
  if (o.tx.type === 'INVOKE') {
    return {
      type: 'INVOKE',
      execute_invocation: o.executeInvocation
        ? invocationJson(o.executeInvocation)
        : { revert_reason: o.revertReason ?? '' },
      ...common,
    }
  }
  return {
    type: 'DEPLOY_ACCOUNT',
    ...(o.constructorInvocation ? { constructor_invocation: invocationJson(o.constructorInvocation) } : {}),
    ...common,
  }
}

/** The TXN JSON of an outcome's transaction. */
export const transactionJson = (o: TxOutcome): RpcTransaction => toRpcTransaction(o.tx)

type DiffJson = {
  storage_diffs: { address: string; storage_entries: { key: string; value: string }[] }[]
  deployed_contracts: { address: string; class_hash: string }[]
  replaced_classes: { contract_address: string; class_hash: string }[]
  nonces: { contract_address: string; nonce: string }[]
}

/** Replays a STATE_DIFF JSON onto a state layer (historic reads rebuild state this way). */
export function applyDiffJson(state: State, json: JsonObject): void {
  const diff = json as unknown as DiffJson
  for (const d of diff.storage_diffs)
    for (const e of d.storage_entries) state.setStorage(BigInt(d.address), BigInt(e.key), BigInt(e.value))
  for (const d of diff.deployed_contracts) state.setClassHash(BigInt(d.address), BigInt(d.class_hash))
  for (const d of diff.replaced_classes) state.setClassHash(BigInt(d.contract_address), BigInt(d.class_hash))
  for (const n of diff.nonces) state.setNonce(BigInt(n.contract_address), BigInt(n.nonce))
}
