// Texts of the storage errors, apart from their classes: plain functions, so the storage schemas
// (main entry) report the same text as an issue without bundling any error class.

/**
 * Message of an invalid local-storage key. The spec's '...' is the key, JSON-quoted.
 *
 * @example
 * storageKeyMessage('a b') // 'Invalid key "a b" must be 1-128 characters long and contain only A-Z, a-z, 0-9, _ and -.'
 */
export function storageKeyMessage(key: string): string {
  return `Invalid key ${JSON.stringify(key)} must be 1-128 characters long and contain only A-Z, a-z, 0-9, _ and -.`
}

/** Message of a too-long local-storage value; the prefix names its length (values can be large). */
export function storageValueMessage(length: number): string {
  return `Invalid value (${length} characters) must be 0-4096 characters long.`
}
