// Which chain a stored session belongs to. wallet-sim restarted without --state (or devnet_restart) is a new
// chain: the session's account, its keys and the session the cosigner knew are gone, and every call would
// fail with a confusing error (a zero balance, an unknown session). The genesis block hash names a chain
// (wallet-sim's includes its start time; a --state chain keeps its own), so the demo records it with the
// session and drops the session when the node answers another one.
import { provider } from './clock'

const KEY = 'webwallet-demo:chain'

/** The genesis block hash of the node the demo talks to; undefined when the node cannot be reached. */
export async function currentChain(): Promise<string | undefined> {
  try {
    const block = await provider.getBlockWithTxHashes(0)
    return 'block_hash' in block ? String(block.block_hash) : undefined
  } catch {
    return undefined
  }
}

/** Records the chain a session was just signed on. */
export function rememberChain(chain: string | undefined): void {
  if (chain) localStorage.setItem(KEY, chain)
}

/** Forgets it, with the session. */
export function forgetChain(): void {
  localStorage.removeItem(KEY)
}

/**
 * Whether a restored session belongs to another chain than the node's: false when either is unknown (an
 * unreachable node is not a new chain; a session from before this check is adopted by the current chain).
 * @example if (await sessionChainVanished()) wallet.clearSession()
 */
export async function sessionChainVanished(): Promise<{ vanished: boolean; chain: string | undefined }> {
  const chain = await currentChain()
  const stored = localStorage.getItem(KEY)
  if (!chain) return { vanished: false, chain }
  if (!stored) {
    rememberChain(chain)
    return { vanished: false, chain }
  }
  return { vanished: stored !== chain, chain }
}

/** What the user is told when a session was dropped for that reason. */
export const VANISHED_CHAIN_MESSAGE =
  "wallet-sim's chain is not the one this session was signed on (restarted without --state, or devnet_restart): " +
  'its account and session no longer exist, so the stored session was dropped. Log in and sign a session again.'
