// Restoring the stored session when the page loads, once per wallet instance. React StrictMode (npm start,
// dev mode) mounts the App twice and runs its effects twice: two restores racing on one stored session would
// each clear or re-adopt what the other read (a vanished chain's session dropped silently, or kept as a dead
// "Connected" one). Both runs share this one restore and read its single answer. A session of a chain that
// is gone (wallet-sim restarted without --state, devnet_restart) is the SDK's to notice: connect() drops it
// and throws SESSION_INVALID, shown with its code.
import type { SessionAccount, WebWallet } from '@webwallet/shim'
import { syncChainClock } from './clock'
import { unreachable } from './connectivity'
import type { ShownError } from './ErrorNote'
import { describeError } from './errors'

export interface Restored {
  /** The stored session's account; undefined when there was none, or it was dropped. */
  readonly account?: SessionAccount | undefined
  /** Why there is no session although one was stored, or why restoring failed. */
  readonly error?: ShownError | undefined
  /** False when wallet-sim's node did not answer (a restored session is then shown as connection lost). */
  readonly reachable: boolean
}

const restores = new WeakMap<WebWallet, Promise<Restored>>()

/**
 * The stored session of `wallet`, without any wallet round trip: the same promise for every call with the
 * same wallet. A session of a chain that is gone (wallet-sim restarted without --state) is dropped, and said so.
 * @example const { account, error } = await restoreSession(wallet)
 */
export function restoreSession(wallet: WebWallet): Promise<Restored> {
  let restore = restores.get(wallet)
  if (!restore) {
    restore = restoreOnce(wallet)
    restores.set(wallet, restore)
  }
  return restore
}

async function restoreOnce(wallet: WebWallet): Promise<Restored> {
  let reachable = true
  try {
    reachable = await syncChainClock()
    const result = await wallet.connect()
    if (!result) return { reachable }
    // The session is kept (an unreachable node is no new chain), and the user is told what is missing.
    const down = reachable ? undefined : await unreachable()
    return { account: result.account, reachable, ...(down ? { error: { message: down } } : {}) }
  } catch (e) {
    return { error: describeError(e), reachable }
  }
}
