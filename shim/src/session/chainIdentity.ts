import { isHexFelt } from '@webwallet/protocol/constants'
import { SessionInvalidError } from '@webwallet/protocol/errors'
import type { RpcCall } from '../account/rpc'
import type { SdkStorage } from '../storage/storage'
import { CLOCK_CALL } from './clock'

/**
 * The storage key of the chain a stored session was signed on: the hash of the node's genesis block. A chain
 * id does not tell a restarted devnet (wallet-sim without `--state`, `devnet_restart`) from the one before; its
 * genesis block does (wallet-sim's includes its start time; Sepolia's and mainnet's never change).
 */
export const CHAIN_STORAGE_KEY = 'session-chain'

/** The JSON-RPC call whose answer's `block_hash` names the chain. */
export const GENESIS_CALL = {
  method: 'starknet_getBlockWithTxHashes',
  params: { block_id: { block_number: 0 } },
} as const

/** How long `connect()` waits for the node's answer before it keeps the session unchecked. */
export const CHAIN_CHECK_MS = 5_000

/** The node client part the identity reads with: a batch, stoppable. */
export interface IdentityRpc {
  withSignal(signal: AbortSignal): {
    settle(calls: readonly RpcCall[]): Promise<PromiseSettledResult<unknown>[]>
  }
}

/**
 * Which chain the stored session belongs to, and whether the node still serves it.
 *
 * @example
 * identity.remember(await identity.read()) // after a session was signed
 * await identity.check() // SESSION_INVALID when the node now serves another chain
 */
export function createChainIdentity(
  rpc: IdentityRpc,
  storage: SdkStorage,
  /** Told the latest block read in the same batch: the chain's clock, known before any prompt. */
  observe: (block: unknown) => void = () => {},
) {
  /** The node's genesis block hash; undefined when the node does not answer (no proof of another chain). */
  const read = async (): Promise<string | undefined> => {
    const [genesis, latest] = await rpc
      .withSignal(AbortSignal.timeout(CHAIN_CHECK_MS))
      .settle([GENESIS_CALL, CLOCK_CALL])
      .catch(() => [])
    if (latest?.status === 'fulfilled') observe(latest.value)
    const hash = genesis?.status === 'fulfilled' && (genesis.value as { block_hash?: unknown }).block_hash
    return typeof hash === 'string' ? hash : undefined
  }
  const remember = (genesis: string | undefined) => {
    if (genesis) storage.set(CHAIN_STORAGE_KEY, genesis)
  }
  return {
    read,
    remember,
    forget: () => storage.remove(CHAIN_STORAGE_KEY),
    /**
     * Throws SESSION_INVALID (CHAIN_CHANGED) when the node answers another genesis block than the recorded
     * one. A node that does not answer, or a session recorded before this check existed, passes (the latter is
     * recorded now).
     */
    async check(): Promise<void> {
      const found = await read()
      const expected = storage.get(CHAIN_STORAGE_KEY)
      if (!isHexFelt(found)) return
      // No record (or not ours to read): a session from before this check belongs to the chain it is used on.
      if (!isHexFelt(expected)) return remember(found)
      if (BigInt(expected) !== BigInt(found)) throw new SessionInvalidError('CHAIN_CHANGED', expected, found)
    },
  }
}

/** The identity {@link createChainIdentity} returns. */
export type ChainIdentity = ReturnType<typeof createChainIdentity>
