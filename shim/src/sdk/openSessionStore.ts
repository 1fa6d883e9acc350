// Where a WebWallet keeps its session: the app's storage (localStorage by default) for the signed session, the
// key vault (IndexedDB and WebCrypto, or the app's key store) for its key.
import type { Session as StoredSession } from '@webwallet/protocol'
import { sessionAllowedMethods } from '../session/request'
import { createSessionStore, type SessionStore } from '../session/store'
import { createKeyVault } from '../storage/keyVault'
import { createStorage, type SdkStorage } from '../storage/storage'
import { feeTokenTransfers, type WebWalletOptions } from './options'

/**
 * The session store of `options` over `storage` (see {@link openStorage}); `discarded` hears why a stored session could not be used (it was removed),
 * `carryPlainKey` takes a stored session whose key is in the clear (a Stark key only).
 *
 * @example
 * const sessions = openSessionStore(options, openStorage(options), (reason) => console.warn(reason))
 */
export function openSessionStore(
  options: WebWalletOptions,
  storage: SdkStorage,
  discarded: (reason: string) => void,
  carryPlainKey?: (stored: StoredSession) => string | undefined,
): SessionStore {
  return createSessionStore(
    storage,
    createKeyVault(options.keyStore ? { store: options.keyStore } : {}),
    discarded,
    // A session too large for one value is stored with its methods' root only; they are recomputed from these
    // options on load (the 4,096-character rule), with and without the fee-token transfers.
    () =>
      [feeTokenTransfers(options), !feeTokenTransfers(options)].map((transfers) =>
        sessionAllowedMethods(options.appName, options.sessionParams.allowedMethods, {
          feeTokenTransfers: transfers,
        }),
      ),
    // A Stark key only: another key kind cannot sign with a key stored in the clear.
    options.sessionKey ? undefined : carryPlainKey,
  )
}

/**
 * The app's storage (localStorage by default); a stored value that is no session is left alone, said once.
 *
 * @example
 * const storage = openStorage({ ...options, storage: memoryStorage() })
 */
export function openStorage(options: WebWalletOptions): SdkStorage {
  let warnedOnce = 0
  return createStorage({
    ...(options.storage ? { backend: options.storage } : {}),
    // A value that is no session may be the app's own: it stays, and a new session is not stored over it.
    onCorrupt: (_key, reason) =>
      warnedOnce++ ||
      console.warn(
        `localStorage 'session' holds no session of this SDK (${reason}): left untouched; sessions stay in memory.`,
      ),
  })
}
