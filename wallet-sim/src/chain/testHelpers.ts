// Test helpers: build and sign V3 transactions for the predeployed owner-key accounts.
import { ec } from 'starknet'
import type { Call, Felt } from './contract'
import { encodeCalls } from './contracts/calls'
import { toHex } from './felt'
import { DEFAULT_GAS_PRICES } from './gas'
import { parseTransaction } from './parseTransaction'
import type { RpcTransaction } from './transaction'
import { transactionHash } from './transactionHash'

/** Resource bounds generous enough for any test transaction at the default prices. */
export const GENEROUS_BOUNDS = {
  l1_gas: { max_amount: '0x0', max_price_per_unit: toHex(DEFAULT_GAS_PRICES.l1Gas.fri * 2n) },
  l2_gas: { max_amount: toHex(20_000_000n), max_price_per_unit: toHex(DEFAULT_GAS_PRICES.l2Gas.fri * 2n) },
  l1_data_gas: {
    max_amount: toHex(2_000n),
    max_price_per_unit: toHex(DEFAULT_GAS_PRICES.l1DataGas.fri * 2n),
  },
}

/**
 * A signed V3 invoke of `calls` from an owner-key account.
 * @example chain.addTransaction(signedInvoke({ sender, privateKey, nonce: 0n, calls, chainId: chain.chainId }))
 */
export function signedInvoke(args: {
  sender: Felt
  privateKey: Felt
  nonce: Felt
  calls: Call[]
  chainId: Felt
  resourceBounds?: RpcTransaction
  version?: bigint
}): RpcTransaction {
  const json: RpcTransaction = {
    type: 'INVOKE',
    version: toHex(args.version ?? 3n),
    sender_address: toHex(args.sender),
    calldata: encodeCalls(args.calls).map(toHex),
    nonce: toHex(args.nonce),
    resource_bounds: args.resourceBounds ?? GENEROUS_BOUNDS,
    tip: '0x0',
    paymaster_data: [],
    account_deployment_data: [],
    nonce_data_availability_mode: 'L1',
    fee_data_availability_mode: 'L1',
    signature: [],
  }
  const hash = transactionHash(parseTransaction(json), args.chainId)
  const sig = ec.starkCurve.sign(toHex(hash), toHex(args.privateKey))
  return { ...json, signature: [toHex(sig.r), toHex(sig.s)] }
}
