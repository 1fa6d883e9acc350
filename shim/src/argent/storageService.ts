// invisible-sdk 1.0.0's `storageService`: the page's localStorage with the SDK's key and value rules
// (INVALID_STORAGE_KEY, INVALID_STORAGE_VALUE), read when used (importing the entry in Node does not need it).
import { createStorage } from '../storage/storage'
import type { IStorageService } from './types'

const page = () => globalThis.localStorage
const checked = createStorage({
  backend: {
    getItem: (key) => page().getItem(key),
    setItem: (key, value) => page().setItem(key, value),
    removeItem: (key) => page().removeItem(key),
  },
})

/**
 * The page's localStorage as invisible-sdk's `IStorageService`. The SDK itself stores through its `storage`
 * option; this is for an app's own values.
 *
 * @example
 * storageService.set('my_key', 'value'); storageService.get('my_key') // 'value'
 */
export const storageService: IStorageService = {
  get: (key) => checked.get(key) ?? null,
  set: (key, value) => checked.set(key, value),
  remove: (key) => checked.remove(key),
  getAllKeys: () => Object.keys(page()),
  clear: () => page().clear(),
}
