// @vitest-environment happy-dom
import { SessionSchema } from '@webwallet/protocol'
import { InvalidStorageKeyError, InvalidStorageValueError } from '@webwallet/protocol/errors'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createStorage, memoryStorage } from './storage'

beforeEach(() => {
  localStorage.clear()
})

describe('createStorage', () => {
  it('uses localStorage by default', () => {
    createStorage().set('session', 'x')
    expect(localStorage.getItem('session')).toBe('x')
  })

  it.each(['', 'a b', 'é', 'a'.repeat(129), 'x.y'])('refuses the key %j with the exact message', (key) => {
    const storage = createStorage({ backend: memoryStorage() })
    expect(() => storage.set(key, 'v')).toThrow(InvalidStorageKeyError)
    expect(() => storage.get(key)).toThrow(
      `Invalid key ${JSON.stringify(key)} must be 1-128 characters long and contain only A-Z, a-z, 0-9, _ and -.`,
    )
  })

  it('accepts 128-character keys and 4096-character values, refuses 4097', () => {
    const storage = createStorage({ backend: memoryStorage() })
    storage.set('a'.repeat(128), 'v'.repeat(4096))
    expect(storage.get('a'.repeat(128))).toHaveLength(4096)
    expect(() => storage.set('k', 'v'.repeat(4097))).toThrow(InvalidStorageValueError)
    expect(() => storage.set('k', 'v'.repeat(4097))).toThrow('must be 0-4096 characters long.')
  })

  it("leaves corrupted JSON untouched (it may be the app's own) and answers undefined", () => {
    const onCorrupt = vi.fn()
    const backend = memoryStorage()
    backend.setItem('session', '{not json')
    const storage = createStorage({ backend, onCorrupt })
    expect(storage.getJson('session', SessionSchema)).toBeUndefined()
    expect(backend.getItem('session')).toBe('{not json')
    expect(onCorrupt).toHaveBeenCalledWith('session', 'json')
  })

  it('leaves JSON of the wrong shape untouched', () => {
    const backend = memoryStorage()
    backend.setItem('session', JSON.stringify({ address: 5 }))
    const onCorrupt = vi.fn()
    expect(createStorage({ backend, onCorrupt }).getJson('session', SessionSchema)).toBeUndefined()
    expect(backend.getItem('session')).toBe('{"address":5}')
    expect(onCorrupt).toHaveBeenCalledWith('session', 'schema')
  })

  it('survives a backend whose reads throw', () => {
    const backend = {
      getItem: () => {
        throw new Error('SecurityError')
      },
      setItem: () => {},
      removeItem: () => {},
    }
    expect(createStorage({ backend }).get('session')).toBeUndefined()
  })
})
