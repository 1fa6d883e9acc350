// Where the non-extractable P-256 session keys live between page loads: IndexedDB stores a CryptoKey as
// it is (structured clone keeps it non-extractable), so a reload signs with the same key and no script
// can ever read its private bytes. One key at a time: a new session's key replaces the last one.

/** Keeps session CryptoKeys by id. */
export interface P256KeyStore {
  /** The key stored under `id`, or undefined (site data cleared, another device). */
  get(id: string): Promise<CryptoKey | undefined>
  /** Stores `key` under `id`, dropping any other. */
  put(id: string, key: CryptoKey): Promise<void>
}

/**
 * Keys in memory only: lost with the page (Node, tests, private modes).
 * @example p256SessionKey({ store: memoryP256KeyStore() })
 */
export function memoryP256KeyStore(): P256KeyStore {
  const keys = new Map<string, CryptoKey>()
  return {
    get: async (id) => keys.get(id),
    put: async (id, key) => {
      keys.clear()
      keys.set(id, key)
    },
  }
}

const DB_NAME = 'webwallet-sdk-p256'
const STORE = 'keys'

/**
 * Keys in IndexedDB (database 'webwallet-sdk-p256').
 * @example p256SessionKey({ store: indexedDbP256KeyStore(indexedDB) })
 */
export function indexedDbP256KeyStore(factory: IDBFactory): P256KeyStore {
  const run = <T>(mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest<T> | undefined) =>
    new Promise<T>((resolve, reject) => {
      const opening = factory.open(DB_NAME, 1)
      opening.onupgradeneeded = () => opening.result.createObjectStore(STORE)
      opening.onerror = () => reject(opening.error)
      opening.onsuccess = () => {
        const db = opening.result
        const tx = db.transaction(STORE, mode)
        const request = act(tx.objectStore(STORE))
        tx.oncomplete = () => {
          db.close()
          resolve(request?.result as T)
        }
        tx.onerror = () => {
          db.close()
          reject(tx.error)
        }
      }
    })
  return {
    get: (id) => run<CryptoKey | undefined>('readonly', (store) => store.get(id)),
    put: async (id, key) => {
      await run('readwrite', (store) => {
        store.clear()
        return store.put(key, id)
      })
    },
  }
}
