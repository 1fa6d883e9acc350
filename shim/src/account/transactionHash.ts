// The INVOKE V3 transaction hash a session signs, computed here rather than by the app's starknet.js: v6
// (JSON-RPC 0.7) leaves the L1 data gas bound out of the hash, which every node since 0.8 includes, so a
// session on an app pinned to starknet.js 6 would sign a hash the account never sees.
import { type FeltLike, poseidonMany, shortString, toHex } from '@webwallet/protocol/session'
import type { ResourceBounds } from './fees'

const INVOKE = shortString('invoke')
const RESOURCE_NAMES = { l1_gas: 'L1_GAS', l2_gas: 'L2_GAS', l1_data_gas: 'L1_DATA' } as const

/** What an INVOKE V3 hash covers (the SDK sends no paymaster data, deployment data or data-availability modes). */
export interface InvokeV3 {
  readonly senderAddress: FeltLike
  readonly calldata: readonly FeltLike[]
  readonly chainId: FeltLike
  readonly nonce: FeltLike
  readonly resourceBounds: ResourceBounds
  readonly tip: FeltLike
}

/**
 * The hash of an INVOKE V3 transaction as Starknet 0.13.4+ computes it (three resource bounds), with empty
 * paymaster and account-deployment data and L1 data-availability modes.
 *
 * @example
 * invokeV3Hash({ senderAddress, calldata, chainId, nonce: 4n, resourceBounds, tip: 0n }) // '0x…'
 */
export function invokeV3Hash(tx: InvokeV3): string {
  const bounds = Object.entries(RESOURCE_NAMES).map(([gas, name]) => {
    const bound = tx.resourceBounds[gas as keyof typeof RESOURCE_NAMES]
    return (shortString(name) << 192n) + (BigInt(bound.max_amount) << 128n) + BigInt(bound.max_price_per_unit)
  })
  return toHex(
    poseidonMany([
      INVOKE,
      3n,
      tx.senderAddress,
      poseidonMany([tx.tip, ...bounds]),
      poseidonMany([]), // paymaster data
      tx.chainId,
      tx.nonce,
      0n, // nonce and fee data-availability modes (L1, L1)
      poseidonMany([]), // account deployment data
      poseidonMany(tx.calldata),
    ]),
  )
}
