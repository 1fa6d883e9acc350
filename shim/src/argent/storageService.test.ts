// invisible-sdk 1.0.0's storageService on our entry: the page's localStorage (read at each call, so importing
// the entry in Node needs none) under the SDK's key and value rules, as coded errors.
import { isWebWalletError } from '@webwallet/protocol/errors'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { storageService } from './index'

const store = new Map<string, string>()
const page = {
  getItem: (k: string) => store.get(k) ?? null,
  setItem: (k: string, v: string) => void store.set(k, v),
  removeItem: (k: string) => void store.delete(k),
  clear: () => store.clear(),
}
beforeEach(() => {
  store.clear()
  // Object.keys(localStorage) lists a page's keys: this stand-in lists the stored ones the same way.
  Object.defineProperty(globalThis, 'localStorage', {
    configurable: true,
    value: new Proxy(page, {
      ownKeys: () => [...store.keys()],
      getOwnPropertyDescriptor: () => ({ enumerable: true, configurable: true }),
    }),
  })
})
afterEach(() => {
  Reflect.deleteProperty(globalThis, 'localStorage')
})

describe('storageService', () => {
  it("reads, writes and lists the page's localStorage", () => {
    expect(storageService.get('game_state')).toBeNull()
    storageService.set('game_state', '{"level":2}')
    storageService.set('other-key', 'x')
    expect(storageService.get('game_state')).toBe('{"level":2}')
    expect(storageService.getAllKeys().sort()).toEqual(['game_state', 'other-key'])
    storageService.remove('game_state')
    expect(storageService.get('game_state')).toBeNull()
    storageService.clear()
    expect(storageService.getAllKeys()).toEqual([])
  })

  it('refuses a bad key or an oversized value, coded, and writes nothing', () => {
    for (const key of ['', 'a b', 'é', 'x'.repeat(129)]) {
      expect(() => storageService.set(key, 'v')).toThrow(
        expect.objectContaining({ code: 'INVALID_STORAGE_KEY' }),
      )
      expect(() => storageService.get(key)).toThrow(expect.objectContaining({ code: 'INVALID_STORAGE_KEY' }))
    }
    let error: unknown
    try {
      storageService.set('big', 'x'.repeat(4097))
    } catch (e) {
      error = e
    }
    expect(isWebWalletError(error, 'INVALID_STORAGE_VALUE')).toBe(true)
    storageService.set('big', 'x'.repeat(4096))
    expect(store.size).toBe(1)
  })
})
