import { describe, expect, it } from 'vitest'
import { createKeyVault, indexedDbKeyStore } from './keyVault'

/**
 * The slice of IndexedDB the key store uses, with its asynchronous callbacks and a structured-clone-like
 * store (values kept by reference, as a CryptoKey survives structured cloning unchanged).
 */
function fakeIndexedDb() {
  const databases = new Map<string, Map<string, Map<IDBValidKey, unknown>>>()
  const request = <T>(run: () => T) => {
    const req: Record<string, unknown> = {}
    queueMicrotask(() => {
      req.result = run()
      ;(req.onsuccess as (() => void) | undefined)?.()
    })
    return req as unknown as IDBRequest<T>
  }
  const factory = {
    open(name: string) {
      const req: Record<string, unknown> = {}
      queueMicrotask(() => {
        const existing = databases.get(name)
        const stores = existing ?? new Map<string, Map<IDBValidKey, unknown>>()
        const db = {
          createObjectStore: (store: string) => stores.set(store, new Map()),
          transaction: (store: string) => ({
            objectStore: () => {
              const map = stores.get(store)
              if (!map) throw new Error(`no store ${store}`)
              return {
                get: (key: IDBValidKey) => request(() => map.get(key)),
                put: (value: unknown, key: IDBValidKey) => request(() => map.set(key, value) && key),
              }
            },
          }),
          close: () => {},
        }
        req.result = db
        if (!existing) {
          databases.set(name, stores)
          ;(req.onupgradeneeded as (() => void) | undefined)?.()
        }
        ;(req.onsuccess as (() => void) | undefined)?.()
      })
      return req
    },
  }
  return { factory: factory as unknown as IDBFactory, databases }
}

describe('indexedDbKeyStore', () => {
  it('keeps the non-extractable wrapping key in IndexedDB so a reloaded page can unseal', async () => {
    const { factory, databases } = fakeIndexedDb()
    const sealed = await createKeyVault({ store: indexedDbKeyStore(factory) }).seal('0xsecret')
    const stored = databases.get('webwallet-sdk')?.get('keys')?.get('session-key-wrap') as CryptoKey
    expect(stored.extractable).toBe(false)
    expect(stored.algorithm).toMatchObject({ name: 'AES-GCM', length: 256 })
    // A new vault over the same database: what a page reload does.
    expect(await createKeyVault({ store: indexedDbKeyStore(factory) }).open(sealed)).toBe('0xsecret')
  })

  it('cannot unseal after the database was cleared', async () => {
    const { factory, databases } = fakeIndexedDb()
    const sealed = await createKeyVault({ store: indexedDbKeyStore(factory) }).seal('0xsecret')
    databases.clear()
    await expect(createKeyVault({ store: indexedDbKeyStore(factory) }).open(sealed)).rejects.toThrow()
  })
})
