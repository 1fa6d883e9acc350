// Wraps the session private key with AES-GCM before it reaches localStorage. The wrapping key is a
// non-extractable CryptoKey kept in IndexedDB: script on the page can use it but never read its bytes, and
// a copy of localStorage alone is useless. Where IndexedDB is missing (Node, some private modes) the key
// lives in memory only, so a stored session cannot be restored after a reload: the safe failure.
import { bytesToHex, hexToBytes } from '@webwallet/protocol/constants'
import { ValidationError } from '@webwallet/protocol/errors'

const DB_NAME = 'webwallet-sdk'
const STORE = 'keys'
const KEY_ID = 'session-key-wrap'
const PREFIX = 'aesgcm:'

/** Where the wrapping key is kept. */
export interface KeyStore {
  get(): Promise<CryptoKey | undefined>
  put(key: CryptoKey): Promise<void>
}

/**
 * A key store in memory: the key is lost with the page.
 *
 * @example
 * createKeyVault({ store: memoryKeyStore() })
 */
export function memoryKeyStore(): KeyStore {
  let key: CryptoKey | undefined
  return {
    get: async () => key,
    put: async (next) => {
      key = next
    },
  }
}

/**
 * A key store in IndexedDB (structured clone keeps a CryptoKey non-extractable).
 *
 * @example
 * indexedDbKeyStore(indexedDB)
 */
export function indexedDbKeyStore(factory: IDBFactory): KeyStore {
  const open = () =>
    new Promise<IDBDatabase>((resolve, reject) => {
      const request = factory.open(DB_NAME, 1)
      request.onupgradeneeded = () => request.result.createObjectStore(STORE)
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error)
    })
  const run = async <T>(mode: IDBTransactionMode, fn: (store: IDBObjectStore) => IDBRequest): Promise<T> => {
    const db = await open()
    try {
      return await new Promise<T>((resolve, reject) => {
        const request = fn(db.transaction(STORE, mode).objectStore(STORE))
        request.onsuccess = () => resolve(request.result as T)
        request.onerror = () => reject(request.error)
      })
    } finally {
      db.close()
    }
  }
  return {
    get: async () => (await run<CryptoKey | undefined>('readonly', (s) => s.get(KEY_ID))) ?? undefined,
    put: async (key) => {
      await run('readwrite', (s) => s.put(key, KEY_ID))
    },
  }
}

/** Options of {@link createKeyVault}. */
export interface KeyVaultOptions {
  /** Default: IndexedDB when available, else memory. */
  readonly store?: KeyStore
  readonly crypto?: Crypto
}

/**
 * Seals secrets with a non-extractable AES-GCM-256 key (`aesgcm:<iv hex>:<ciphertext hex>`); tampering rejects.
 *
 * @example
 * const vault = createKeyVault()
 * await vault.open(await vault.seal(privateKey)) // privateKey; store the sealed text, never the key
 */
export function createKeyVault(options: KeyVaultOptions = {}) {
  const webCrypto = options.crypto ?? globalThis.crypto
  const store = options.store ?? defaultStore()
  let pending: Promise<CryptoKey> | undefined
  const wrappingKey = (create: boolean): Promise<CryptoKey> => {
    pending ??= (async () => {
      const existing = await store.get().catch(() => undefined)
      if (existing) return existing
      if (!create) throw new Error('No wrapping key')
      const key = await webCrypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
        'encrypt',
        'decrypt',
      ])
      await store.put(key).catch(() => {})
      return key
    })()
    const current = pending
    // A failed lookup must not stick: the next seal creates the key.
    current.catch(() => {
      if (pending === current) pending = undefined
    })
    return current
  }
  return {
    async seal(secret: string): Promise<string> {
      const key = await wrappingKey(true)
      const iv = webCrypto.getRandomValues(new Uint8Array(12))
      const data = await webCrypto.subtle.encrypt(
        { name: 'AES-GCM', iv },
        key,
        new TextEncoder().encode(secret),
      )
      return `${PREFIX}${bytesToHex(iv)}:${bytesToHex(new Uint8Array(data))}`
    },
    /** VALIDATION 'Not a sealed secret' for anything it cannot open (the reason as cause). */
    async open(sealed: string): Promise<string> {
      try {
        // The pattern lets only hex digits through; no match is no bytes, which AES-GCM refuses (the cause).
        const [, iv = '', data = ''] = /^aesgcm:((?:[\da-f]{2})+):((?:[\da-f]{2})+)$/.exec(sealed) ?? []
        const key = await wrappingKey(false)
        // Hex digits only, so hexToBytes gives bytes, in a fresh ArrayBuffer as WebCrypto's BufferSource asks.
        const plain = await webCrypto.subtle.decrypt(
          { name: 'AES-GCM', iv: hexToBytes(iv) as Uint8Array<ArrayBuffer> },
          key,
          hexToBytes(data) as Uint8Array<ArrayBuffer>,
        )
        return new TextDecoder().decode(plain)
      } catch (cause) {
        throw new ValidationError([{ path: [], message: 'Not a sealed secret' }], { cause })
      }
    },
  }
}

/** The vault {@link createKeyVault} returns. */
export type KeyVault = ReturnType<typeof createKeyVault>

function defaultStore(): KeyStore {
  const factory = (globalThis as { indexedDB?: IDBFactory }).indexedDB
  return factory ? indexedDbKeyStore(factory) : memoryKeyStore()
}
