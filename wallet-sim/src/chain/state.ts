// Layered world state: a committed base, then one layer per pending block, transaction and phase.
// A layer reads through to its parent and is either merged into it (commit) or dropped (revert),
// which is how a reverted `__execute__` keeps the nonce bump and the fee but loses its writes.
import type { Felt } from './contract'

// Inner storage maps shared by a layer and its forks (checkpoints): whoever writes one first copies it.
const sharedMaps = new WeakSet<Map<Felt, Felt>>()

/** A JSON-safe state diff, in the shape of the RPC's STATE_DIFF (felts as bigints). */
export interface StateDiff {
  readonly storage: Map<Felt, Map<Felt, Felt>>
  readonly classHashes: Map<Felt, Felt>
  readonly nonces: Map<Felt, Felt>
}

/**
 * One layer of contract state: storage, deployed class hashes and nonces.
 * @example
 * const tx = base.child()
 * tx.setStorage(token, key, 5n)
 * tx.commit() // base now holds the write
 */
export class State implements StateDiff {
  readonly storage = new Map<Felt, Map<Felt, Felt>>()
  readonly classHashes = new Map<Felt, Felt>()
  readonly nonces = new Map<Felt, Felt>()
  /**
   * Storage keys a layer committed into this one really changed (its value differed from this layer's at that
   * moment). A block's state diff lists them even when a later transaction wrote the old value back: devnet's
   * block diff is the union of its transactions' diffs.
   */
  readonly changed = new Map<Felt, Set<Felt>>()

  constructor(readonly parent?: State) {}

  /** A new empty layer on top of this one. */
  child(): State {
    return new State(this)
  }

  getStorage(address: Felt, key: Felt): Felt {
    for (let s: State | undefined = this; s; s = s.parent) {
      const v = s.storage.get(address)?.get(key)
      if (v !== undefined) return v
    }
    return 0n
  }

  setStorage(address: Felt, key: Felt, value: Felt): void {
    let m = this.storage.get(address)
    if (!m || sharedMaps.has(m)) {
      m = new Map(m)
      this.storage.set(address, m)
    }
    m.set(key, value)
  }

  /**
   * A copy of this layer's own writes on top of `parent`, sharing each contract's storage with this layer
   * until one of them writes to it (copy-on-write): O(contracts), not O(storage entries).
   * @example const saved = chain.base.fork() // devnet_snapshot
   */
  fork(parent?: State): State {
    const copy = new State(parent)
    copy.adopt(this)
    return copy
  }

  /** Replaces this layer's own writes with `other`'s, sharing their storage maps copy-on-write (see fork). */
  adopt(other: State): void {
    this.clear()
    for (const [address, m] of other.storage) {
      sharedMaps.add(m)
      this.storage.set(address, m)
    }
    for (const [address, c] of other.classHashes) this.classHashes.set(address, c)
    for (const [address, n] of other.nonces) this.nonces.set(address, n)
    for (const [address, keys] of other.changed) this.changed.set(address, new Set(keys))
  }

  /** The class hash deployed at `address`, 0n when none. */
  getClassHash(address: Felt): Felt {
    for (let s: State | undefined = this; s; s = s.parent) {
      const v = s.classHashes.get(address)
      if (v !== undefined) return v
    }
    return 0n
  }

  setClassHash(address: Felt, classHash: Felt): void {
    this.classHashes.set(address, classHash)
  }

  getNonce(address: Felt): Felt {
    for (let s: State | undefined = this; s; s = s.parent) {
      const v = s.nonces.get(address)
      if (v !== undefined) return v
    }
    return 0n
  }

  setNonce(address: Felt, nonce: Felt): void {
    this.nonces.set(address, nonce)
  }

  /** Folds this layer's writes into its parent and empties it. */
  commit(): void {
    const p = this.parent
    if (!p) throw new Error('cannot commit the base state')
    for (const [address, m] of this.storage)
      for (const [key, value] of m) if (value !== p.getStorage(address, key)) p.markChanged(address, key)
    mergeDiff(p, this)
    this.clear()
  }

  markChanged(address: Felt, key: Felt): void {
    const keys = this.changed.get(address) ?? new Set<Felt>()
    this.changed.set(address, keys.add(key))
  }

  clear(): void {
    this.changed.clear()
    this.storage.clear()
    this.classHashes.clear()
    this.nonces.clear()
  }

  /** Every deployed address visible from this layer (for dumps and tests). */
  allAddresses(): Set<Felt> {
    const out = new Set<Felt>()
    for (let s: State | undefined = this; s; s = s.parent) for (const a of s.classHashes.keys()) out.add(a)
    return out
  }
}

/** Copies every write of `diff` into `target`. */
export function mergeDiff(target: State, diff: StateDiff): void {
  for (const [addr, m] of diff.storage) for (const [k, v] of m) target.setStorage(addr, k, v)
  for (const [addr, c] of diff.classHashes) target.setClassHash(addr, c)
  for (const [addr, n] of diff.nonces) target.setNonce(addr, n)
}

/** A copy of a layer's own writes, detached from the layer. */
export function copyDiff(diff: StateDiff): StateDiff {
  const storage = new Map<Felt, Map<Felt, Felt>>()
  for (const [addr, m] of diff.storage) storage.set(addr, new Map(m))
  return { storage, classHashes: new Map(diff.classHashes), nonces: new Map(diff.nonces) }
}

/**
 * `diff` without the storage writes that left a value as `prior` has it, as blockifier's state diff leaves
 * them out; a key in `changed` stays even so (a block lists what any of its transactions changed, even if a
 * later one wrote the old value back). Class hashes and nonces stay as written.
 * @example realChanges(layer, chain.pending) // a transaction's state diff
 * @example realChanges(chain.pending, chain.base, chain.pending.changed) // the pre_confirmed block's
 */
export function realChanges(
  diff: StateDiff,
  prior: Pick<State, 'getStorage'>,
  changedKeys?: ReadonlyMap<Felt, ReadonlySet<Felt>>,
): StateDiff {
  const storage = new Map<Felt, Map<Felt, Felt>>()
  for (const [address, m] of diff.storage) {
    const changed = new Map<Felt, Felt>()
    const marked = changedKeys?.get(address)
    for (const [key, value] of m)
      if (value !== prior.getStorage(address, key) || marked?.has(key)) changed.set(key, value)
    if (changed.size > 0) storage.set(address, changed)
  }
  return { storage, classHashes: diff.classHashes, nonces: diff.nonces }
}
