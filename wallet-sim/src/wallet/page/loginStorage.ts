// The login token lives in the wallet origin's localStorage, validated on every read: a value that does
// not match the schema (old format, tampering) counts as logged out.
import * as z from 'zod/mini'

export const LOGIN_STORAGE_KEY = 'wallet-sim:login'

export const StoredLoginSchema = z.object({
  token: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
  email: z.string(),
})
export type StoredLogin = z.infer<typeof StoredLoginSchema>

/**
 * Reads and writes the stored login.
 *
 * @example
 * const storage = loginStorage(window.localStorage)
 * storage.read()?.token
 */
export function loginStorage(store: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>) {
  return {
    read(): StoredLogin | undefined {
      try {
        const parsed = StoredLoginSchema.safeParse(JSON.parse(store.getItem(LOGIN_STORAGE_KEY) ?? 'null'))
        return parsed.success ? parsed.data : undefined
      } catch {
        return undefined
      }
    },
    write(login: StoredLogin): void {
      store.setItem(LOGIN_STORAGE_KEY, JSON.stringify(StoredLoginSchema.parse(login)))
    },
    clear(): void {
      store.removeItem(LOGIN_STORAGE_KEY)
    },
  }
}

export type LoginStorage = ReturnType<typeof loginStorage>

/**
 * The wallet origin's localStorage, or an in-memory store where the browser denies storage to a
 * third-party iframe (blocked third-party storage): then the login lasts as long as the page.
 *
 * @example
 * loginStorage(browserStorage(window))
 */
export function browserStorage(win: {
  readonly localStorage: Storage
}): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  try {
    const storage = win.localStorage
    storage.getItem(LOGIN_STORAGE_KEY)
    return storage
  } catch {
    const memory = new Map<string, string>()
    return {
      getItem: (key) => memory.get(key) ?? null,
      setItem: (key, value) => void memory.set(key, value),
      removeItem: (key) => void memory.delete(key),
    }
  }
}
