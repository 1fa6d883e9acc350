// A small least-recently-used cache for pure computations repeated per transaction: the session's
// allowed-methods tree and metadata hash here; wallet-sim's node uses it for key tables and hashes.

/**
 * A cache of at most `limit` results: `remember(key, compute)` answers the stored value or computes, stores
 * and answers it, dropping the least recently used entry when full.
 * @example const sessionHashOf = memo<string, bigint>(512); sessionHashOf(key, () => sessionHash(...))
 */
export function memo<K, V>(limit: number): (key: K, compute: () => V) => V {
  const entries = new Map<K, V>()
  return (key, compute) => {
    if (entries.has(key)) {
      const value = entries.get(key) as V
      entries.delete(key)
      entries.set(key, value)
      return value
    }
    const value = compute()
    if (entries.size >= limit) entries.delete(entries.keys().next().value as K)
    entries.set(key, value)
    return value
  }
}
