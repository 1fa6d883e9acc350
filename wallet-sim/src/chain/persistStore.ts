// The chain's `--state FILE`: a snapshot (FILE) plus a journal (FILE.journal) through the crash-safe state
// store, compacted when the journal has grown as large as the snapshot. Reads the single-file dumps
// written by earlier versions.
import {
  closeSync,
  existsSync,
  fsyncSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs'
import { dirname } from 'node:path'
import { openStateStore } from '../infra/state/store'
import type { ChainEntry } from './persistJournal'

/** When the journal is folded into a new snapshot. */
export interface CompactionPolicy {
  /** Never below this journal size, in bytes (default 1 MiB). */
  readonly minJournalBytes?: number
  /**
   * Once the journal is this many times the snapshot's size (default 1): the O(chain) rewrite is paid by
   * as many bytes of O(block) appends, so a block costs O(block) on average and loading reads at most
   * about twice the snapshot.
   */
  readonly snapshotRatio?: number
}

/** The saved chain: the last snapshot (a devnet_dump) and the journal entries written after it. */
export interface SavedChain {
  readonly dump: unknown
  readonly entries: readonly ChainEntry[]
}

export interface ChainStore {
  /** What is on disk, or undefined when nothing was saved yet. A torn last journal line is ignored. */
  load(): SavedChain | undefined
  /** Appends `entry`, on disk (fsynced) when this returns; true when it is time to `compact`. */
  append(entry: ChainEntry): boolean
  /** Replaces the snapshot with `dump` (atomically) and empties the journal. */
  compact(dump: unknown): void
  close(): void
}

const MIB = 1024 * 1024

/**
 * Opens (or creates) the chain's state at `file`, first rewriting a plain devnet_dump (the old format) as a snapshot.
 * @example
 * const store = openChainStore('/tmp/state.json')
 * const saved = store.load() // { dump, entries } | undefined
 * if (store.append(blockEntry(chain, block, new Set()))) store.compact(sim.dump())
 */
export function openChainStore(file: string, policy: CompactionPolicy = {}): ChainStore {
  const journalPath = `${file}.journal`
  upgradeSingleFile(file, journalPath)
  const store = openStateStore(file)
  const sizeOf = (path: string) => (existsSync(path) ? statSync(path).size : 0)
  let snapshotBytes = sizeOf(file)
  const due = () =>
    sizeOf(journalPath) >=
    Math.max(policy.minJournalBytes ?? MIB, snapshotBytes * (policy.snapshotRatio ?? 1))
  return {
    load() {
      const loaded = store.load()
      if (loaded === undefined) return undefined
      if (loaded.snapshot === undefined) throw new Error(`${journalPath} has entries but ${file} is missing`)
      return { dump: loaded.snapshot, entries: loaded.entries as ChainEntry[] }
    },
    append(entry) {
      store.append(entry)
      return due()
    },
    compact(dump) {
      store.snapshot(dump)
      snapshotBytes = sizeOf(file)
    },
    close: () => store.close(),
  }
}

/** The store's snapshots start like this; anything else at `file` is a dump of the single-file format. */
const SNAPSHOT_HEAD = '{"version":'

function upgradeSingleFile(file: string, journalPath: string): void {
  if (!existsSync(file) || readHead(file, SNAPSHOT_HEAD.length) === SNAPSHOT_HEAD) return
  const text = readFileSync(file, 'utf8')
  const dump = JSON.parse(text) as { format?: unknown }
  if (dump?.format !== 'wallet-sim/dump@1')
    throw new Error(`${file} is neither a wallet-sim state file nor a devnet_dump`)
  // A journal beside a single-file dump is stale (this version wrote it, an older one the dump): drop it.
  rmSync(journalPath, { force: true })
  const temp = `${file}.upgrade-${process.pid}`
  const fd = openSync(temp, 'w')
  try {
    const bytes = Buffer.from(`${SNAPSHOT_HEAD}1,"seq":0,"state":${text}}`)
    for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at, bytes.length - at)
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
  renameSync(temp, file)
  if (process.platform === 'win32') return
  const dir = openSync(dirname(file), 'r')
  try {
    fsyncSync(dir)
  } finally {
    closeSync(dir)
  }
}

function readHead(file: string, length: number): string {
  const fd = openSync(file, 'r')
  try {
    const buffer = Buffer.alloc(length)
    return buffer.toString('utf8', 0, readSync(fd, buffer, 0, length, 0))
  } finally {
    closeSync(fd)
  }
}
