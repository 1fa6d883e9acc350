// A transaction in the RPC's TXN JSON form, as getTransactionByHash and block reads answer it.
import type { ResourceBound } from './contract'
import { toHex } from './felt'
import type { ChainTransaction, RpcTransaction, Transaction } from './transaction'

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
