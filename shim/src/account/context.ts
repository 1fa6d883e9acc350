import type { Call as StarknetCall } from 'starknet'
import type { ActiveSession } from '../session/signature'
import type { SendLog } from './lostAnswer'
import type { Rpc } from './rpc'

/** What every account operation needs; built once per session account. */
export interface AccountContext {
  readonly rpc: Rpc
  readonly session: ActiveSession
  readonly address: string
  /** The session's chain id (felt hex): cached, never asked of the node. */
  readonly chainId: string
  readonly network: 'mainnet' | 'sepolia'
  /** The provider's cloud API; the cosigner is under `/cosigner`. */
  readonly cosignerBaseUrl: string
  readonly fetch: typeof fetch
  readonly now: () => number
  /** One execute's record of what it sent (so a time limit after sending is told apart from one before). */
  readonly sendLog?: SendLog | undefined
  /**
   * The balances the paymaster route picks its gas token by, one per token address asked (default: the
   * chain's `balanceOf`); the Argent entry's `executeWithPaymaster` reads a token service's instead.
   */
  readonly gasTokenBalances?: ((tokens: readonly string[]) => Promise<readonly bigint[]>) | undefined
}

/** A call as host apps write it: starknet.js's own `Call` (calldata a list, nested lists, arguments by name). */
export type Call = StarknetCall

/** A call with its calldata converted to felt hex strings. */
export interface CompiledCall {
  readonly contractAddress: string
  readonly entrypoint: string
  readonly calldata: string[]
}
