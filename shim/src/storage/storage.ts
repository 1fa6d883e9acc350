import { STORAGE_VALUE_MAX_LENGTH } from '@webwallet/protocol/constants'
import { InvalidStorageKeyError, InvalidStorageValueError } from '@webwallet/protocol/errors'

// The key rule of docs/protocol.md, Validation rules (protocol's StorageKeySchema; a regex keeps zod out of the bundle).
const KEY = /^[A-Za-z0-9_-]{1,128}$/

/** The part of the Web Storage API the SDK uses. */
export type StorageBackend = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/** Anything with zod's `safeParse` shape (zod/mini schemas fit, so do the shim's guards). */
export interface Parser<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false }
}

/** Options of {@link createStorage}. */
export interface StorageOptions {
  /** Default: `localStorage` when the page has one, else memory. */
  readonly backend?: StorageBackend
  /** Told when a stored value was unreadable; it is left as it is (it may be another script's). */
  readonly onCorrupt?: (key: string, reason: 'json' | 'schema' | 'read') => void
}

/**
 * The SDK's key/value storage: keys of 1-128 characters of A-Z, a-z, 0-9, _ and -, values at most 4096
 * characters (docs/protocol.md, Validation rules), else it throws. Unreadable data never crashes a read: it
 * answers `undefined` and leaves the entry alone (it may be the app's own).
 *
 * @example
 * storage.setJson('session', session)
 * storage.getJson('session', SessionSchema) // undefined when missing or tampered with
 */
export function createStorage(options: StorageOptions = {}) {
  const backend = options.backend ?? defaultBackend()
  const checkKey = (key: string) => {
    if (!KEY.test(key)) throw new InvalidStorageKeyError(key)
  }
  const corrupt = (key: string, reason: 'json' | 'schema' | 'read') => {
    options.onCorrupt?.(key, reason)
    return undefined
  }
  const get = (key: string): string | undefined => {
    checkKey(key)
    try {
      return backend.getItem(key) ?? undefined
    } catch {
      return corrupt(key, 'read')
    }
  }
  const set = (key: string, value: string): void => {
    checkKey(key)
    if (value.length > STORAGE_VALUE_MAX_LENGTH) throw new InvalidStorageValueError(value.length)
    backend.setItem(key, value)
  }
  return {
    get,
    set,
    remove(key: string): void {
      checkKey(key)
      backend.removeItem(key)
    },
    /** Reads and validates JSON; answers undefined (the entry untouched) when it does not parse. */
    getJson<T>(key: string, schema: Parser<T>): T | undefined {
      const text = get(key)
      if (text === undefined) return undefined
      let value: unknown
      try {
        value = JSON.parse(text)
      } catch {
        return corrupt(key, 'json')
      }
      const parsed = schema.safeParse(value)
      return parsed.success ? parsed.data : corrupt(key, 'schema')
    },
    setJson(key: string, value: unknown): void {
      set(key, JSON.stringify(value))
    },
  }
}

/** The storage {@link createStorage} returns. */
export type SdkStorage = ReturnType<typeof createStorage>

/**
 * A Map-backed Storage for Node and for pages without localStorage.
 *
 * @example
 * createStorage({ backend: memoryStorage() })
 */
export function memoryStorage(): StorageBackend {
  const map = new Map<string, string>()
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, String(value)),
    removeItem: (key) => void map.delete(key),
  }
}

function defaultBackend(): StorageBackend {
  try {
    const local = (globalThis as { localStorage?: Storage }).localStorage
    if (local) return local
  } catch {
    // Access to localStorage throws in some sandboxed iframes.
  }
  return memoryStorage()
}
