import { expect, it } from 'vitest'
import { browserStorage, LOGIN_STORAGE_KEY, loginStorage } from './loginStorage'

const memory = () => {
  const map = new Map<string, string>()
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  }
}

it('keeps a valid login across reads (a reload) and treats anything else as logged out', () => {
  const store = memory()
  const storage = loginStorage(store)
  expect(storage.read()).toBeUndefined()
  storage.write({ token: 'a'.repeat(64), email: 'ann@example.com' })
  expect(loginStorage(store).read()).toEqual({ token: 'a'.repeat(64), email: 'ann@example.com' })
  store.map.set(LOGIN_STORAGE_KEY, JSON.stringify({ token: 'not-hex', email: 'ann@example.com' }))
  expect(storage.read()).toBeUndefined()
  store.map.set(LOGIN_STORAGE_KEY, '{broken')
  expect(storage.read()).toBeUndefined()
  expect(() => storage.write({ token: 'short', email: 'x' })).toThrow()
  storage.write({ token: 'b'.repeat(64), email: 'ann@example.com' })
  storage.clear()
  expect(storage.read()).toBeUndefined()
})

it('falls back to memory where the browser denies storage to a third-party iframe', () => {
  const denied = {
    get localStorage(): Storage {
      throw new DOMException('Access is denied for this document.', 'SecurityError')
    },
  }
  const storage = loginStorage(browserStorage(denied))
  storage.write({ token: 'c'.repeat(64), email: 'ann@example.com' })
  expect(storage.read()?.token).toBe('c'.repeat(64))
})
