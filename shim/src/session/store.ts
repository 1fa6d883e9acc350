import { SESSION_STORAGE_KEY, SessionSchema, type Session as StoredSession } from '@webwallet/protocol'
import type { KeyVault } from '../storage/keyVault'
import type { SdkStorage } from '../storage/storage'
import type { ActiveSession } from './signature'

/**
 * Keeps the signed session under the key 'session'. The private key is sealed by the key vault before
 * it is written, and unsealed on load; anything unreadable (bad JSON, wrong shape, a key the vault cannot
 * open) is removed and the load answers undefined.
 *
 * @example
 * const sessions = createSessionStore(createStorage(), createKeyVault())
 * await sessions.save(active)
 * const restored = await sessions.load()
 */
export function createSessionStore(storage: SdkStorage, vault: KeyVault) {
  return {
    async save(active: ActiveSession): Promise<void> {
      const sealed = await vault.seal(active.privateKey)
      storage.setJson(SESSION_STORAGE_KEY, {
        ...active.stored,
        sessionKey: { ...active.stored.sessionKey, privateKey: sealed },
      } satisfies StoredSession)
    },
    async load(): Promise<ActiveSession | undefined> {
      const stored = storage.getJson(SESSION_STORAGE_KEY, SessionSchema)
      if (stored === undefined) return undefined
      try {
        const privateKey = await vault.open(stored.sessionKey.privateKey)
        return { stored: { ...stored, sessionKey: { ...stored.sessionKey, privateKey: '' } }, privateKey }
      } catch {
        storage.remove(SESSION_STORAGE_KEY)
        return undefined
      }
    },
    /** The stored session without unsealing the key (its privateKey field is the sealed text). */
    peek(): StoredSession | undefined {
      return storage.getJson(SESSION_STORAGE_KEY, SessionSchema)
    },
    clear(): void {
      storage.remove(SESSION_STORAGE_KEY)
    },
  }
}

/** The store {@link createSessionStore} returns. */
export type SessionStore = ReturnType<typeof createSessionStore>
