// The one way wallet-sim's services reach a chain: reads, measuring a transaction, submitting one, receipts,
// the chain's clock and dev funding. Two implementations: the built-in chain in process (builtin.ts, fast:
// no serialisation) and any Starknet JSON-RPC 0.9/0.10 node (remote.ts, `--node URL`).

import { boundsToHex, boundsWithMargin, feeOf } from '@webwallet/protocol/fees'
import type { Call, Felt } from '../chain/contract'
import type { GasUsage } from '../chain/gas'
import type { PredeployedAccount } from '../chain/genesis'
import type { RpcTransaction } from '../chain/transaction'

/** Gas prices per unit in FRI (STRK), as a V3 transaction's resource bounds name them. */
export interface FriPrices {
  readonly l1Gas: bigint
  readonly l2Gas: bigint
  readonly l1DataGas: bigint
}

/** What a transaction would use and whether it would revert (validation and fee charge skipped). */
export interface Measured {
  readonly usage: GasUsage
  readonly reverted: boolean
  readonly revertReason?: string
}

/** The parts of a receipt the services read. */
export interface ReceiptView {
  readonly status: 'SUCCEEDED' | 'REVERTED'
  readonly revertReason?: string
  /** The actual fee and its unit (`FRI` for V3 transactions). */
  readonly actualFee: { readonly amount: bigint; readonly unit: string }
}

/** The block a read sees: the latest committed block, or the one being built. */
export type ReadBlock = 'latest' | 'pre_confirmed'

/**
 * The one way the services reach a chain: reads, simulation to price a transaction, sends, receipts and the
 * clock, over the built-in chain (`builtinAccess`) or a real node (`connectNode`).
 * @example const nonce = await access.nonceOf(address)
 */
export interface ChainAccess {
  /** `builtin`: wallet-sim's own chain; `node`: an external JSON-RPC node (`--node URL`). */
  readonly kind: 'builtin' | 'node'
  /** The chain id felt (read once when the node was connected). */
  chainId(): Felt
  /**
   * The chain's clock in seconds, as the next transaction sees it (`get_block_timestamp`): the pre_confirmed
   * block's timestamp (the built-in chain's open block, the node's pre_confirmed block). Expiry is decided on
   * it, not on the wall clock: with a block time the open block runs transactions with an older timestamp.
   */
  now(): Promise<number>
  /**
   * The chain's clock in ms without a round trip, for dates the services stamp (user creation, portfolio
   * fixtures): exact on the built-in chain; on a node the wall clock moved by the time travel seen so far.
   */
  clockMs(): number
  /** The class hash at `address`, 0n when nothing is deployed there (pre_confirmed state). */
  classHashAt(address: Felt): Promise<Felt>
  nonceOf(address: Felt): Promise<Felt>
  /** An ERC-20 balance (u256) in base units. */
  balanceOf(token: Felt, address: Felt): Promise<bigint>
  /** `starknet_call`; throws RpcError 20, 21, 40 like the node. */
  call(call: Call, block?: ReadBlock): Promise<Felt[]>
  gasPrices(): Promise<FriPrices>
  /**
   * Runs V3 transactions in sequence without validation or fee charge on the pre_confirmed state; throws
   * RpcError 41 for one the node rejects.
   */
  measure(txs: readonly RpcTransaction[]): Promise<Measured[]>
  /** Submits a signed INVOKE or DEPLOY_ACCOUNT; throws the node's RpcError when it is refused. */
  submit(tx: RpcTransaction, type: 'INVOKE' | 'DEPLOY_ACCOUNT'): Promise<Felt>
  /** The receipt, waiting for it after a submit; undefined when the chain does not know the hash. */
  receipt(hash: Felt): Promise<ReceiptView | undefined>
  /** Dev funding: mints `amount` of `token` to `address` (devnet_mint on a node; refused where absent). */
  mint(address: Felt, token: Felt, amount: bigint): Promise<void>
  /** Time travel (devnet_setTime / devnet_increaseTime); refused where the node has no such method. */
  setTime(seconds: number): Promise<void>
  increaseTime(seconds: number): Promise<void>
  /** The funded accounts the node predeploys (devnet_getPredeployedAccounts); [] where it has none. */
  predeployedAccounts(): readonly PredeployedAccount[]
}

/** A dev power the chain behind wallet-sim does not have (e.g. time travel on a public node). */
export class UnsupportedByNode extends Error {
  override readonly name = 'UnsupportedByNode'
}

// GasUsage and FriPrices name resources in camelCase; protocol's fee module names them as the wire does.
const perResource = (value: GasUsage | FriPrices) => ({
  l1_gas: value.l1Gas,
  l2_gas: value.l2Gas,
  l1_data_gas: value.l1DataGas,
})

/** V3 resource bounds (wire hex) for `usage` at `prices`, both with the protocol's 50% margin (protocol's fee rule). */
export function boundsFor(usage: GasUsage, prices: FriPrices) {
  return boundsToHex(boundsWithMargin(perResource(usage), perResource(prices)))
}

/** The fee of `usage` at `prices`, in FRI. */
export function feeAt(usage: GasUsage, prices: FriPrices): bigint {
  return feeOf(perResource(usage), perResource(prices))
}
