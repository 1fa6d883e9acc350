// Signs V3 invokes for accounts whose keys the simulator holds (the minter behind devnet_mint).
import { sign } from '@scure/starknet'
import type { Call, Felt } from './contract'
import { encodeCalls } from './contracts/calls'
import { toHex } from './felt'
import type { GasPrices } from './gas'
import { parseTransaction } from './parseTransaction'
import type { RpcTransaction } from './transaction'
import { transactionHash } from './transactionHash'

/**
 * A signed V3 invoke (`[r, s]` over the Starknet hash) with bounds of twice the current prices.
 * @example chain.addTransaction(signInvoke({ sender, privateKey, nonce, calls, chainId, prices: chain.gasPrices }))
 */
export function signInvoke(args: {
  sender: Felt
  privateKey: Felt
  nonce: Felt
  calls: readonly Call[]
  chainId: Felt
  prices: GasPrices
}): RpcTransaction {
  const bound = (maxAmount: bigint, price: bigint) => ({
    max_amount: toHex(maxAmount),
    max_price_per_unit: toHex(price * 2n),
  })
  const json: RpcTransaction = {
    type: 'INVOKE',
    version: '0x3',
    sender_address: toHex(args.sender),
    calldata: encodeCalls(args.calls).map(toHex),
    nonce: toHex(args.nonce),
    resource_bounds: {
      l1_gas: bound(0n, args.prices.l1Gas.fri),
      l2_gas: bound(20_000_000n, args.prices.l2Gas.fri),
      l1_data_gas: bound(10_000n, args.prices.l1DataGas.fri),
    },
    tip: '0x0',
    paymaster_data: [],
    account_deployment_data: [],
    nonce_data_availability_mode: 'L1',
    fee_data_availability_mode: 'L1',
    signature: [],
  }
  const hash = transactionHash(parseTransaction(json), args.chainId)
  const sig = sign(toHex(hash), args.privateKey.toString(16).padStart(64, '0'))
  return { ...json, signature: [toHex(sig.r), toHex(sig.s)] }
}
