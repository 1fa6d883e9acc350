import {
  closeSync,
  existsSync,
  fchmodSync,
  fsyncSync,
  ftruncateSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  writeSync,
} from 'node:fs'
import { dirname } from 'node:path'

/** What `load()` finds: the last snapshot (if any) and the journal entries appended after it, in order. */
export interface LoadedState {
  snapshot?: unknown
  entries: unknown[]
}

/** A crash-safe store: an fsynced append-only journal, compacted into atomically replaced snapshots. */
export interface StateStore {
  /** The state on disk, or undefined when nothing was ever stored. A torn trailing journal line is ignored. */
  load(): LoadedState | undefined
  /** Append one JSON-serialisable entry; when it returns, the entry is on disk (fsync). */
  append(entry: unknown): void
  /** Replace everything stored with `state` (atomically), then empty the journal. */
  snapshot(state: unknown): void
  close(): void
}

interface SnapshotFile {
  version: 1
  /** Sequence number of the last journal entry folded into this state. */
  seq: number
  state: unknown
}

interface JournalLine {
  seq: number
  entry: unknown
}

/**
 * Opens (or creates) the store at `file`, its journal in `${file}.journal`; one process at a time (no lock).
 * Crash safety: an append is acknowledged after fsync (kill -9 loses nothing acknowledged); a snapshot goes to a
 * temp file, fsynced, renamed over `file`, the directory fsynced, before the journal is truncated, and journal
 * lines carry sequence numbers, so lines already in the snapshot are skipped on load.
 *
 * @example
 * const store = openStateStore('/tmp/sim.json')
 * const loaded = store.load() // { snapshot?, entries } | undefined
 * store.append({ type: 'userCreated', email: 'a@b.c' })
 * store.snapshot({ users: [...] })
 * store.close()
 */
export function openStateStore(file: string): StateStore {
  const journalPath = `${file}.journal`
  // The journal as read while opening, for the first load(); dropped once the journal changes.
  let opened: JournalLine[] | undefined = openJournal(journalPath)
  // O_APPEND: every write lands at the current end, also right after a truncate. Owner-only (the state holds
  // the users' and the instance's private keys): created so, and tightened when an older version left it wider.
  let fd: number | undefined = openSync(journalPath, 'a', OWNER_ONLY)
  ownerOnly(fd)
  let seq = Math.max(snapshotSeq(file), opened.at(-1)?.seq ?? 0)

  const openFd = (): number => {
    if (fd === undefined) throw new Error('State store is closed')
    return fd
  }

  return {
    load() {
      const lines = opened ?? readJournal(journalPath)
      opened = undefined
      return readState(file, lines)
    },
    append(entry) {
      const journal = openFd()
      opened = undefined
      const line: JournalLine = { seq: seq + 1, entry }
      writeAll(journal, `${JSON.stringify(line)}\n`)
      fsyncSync(journal)
      seq += 1
    },
    snapshot(state) {
      const journal = openFd()
      opened = undefined
      // Keys in this order: the file starts with its sequence number (SNAPSHOT_HEAD).
      const body: SnapshotFile = { version: 1, seq, state }
      const temp = `${file}.tmp-${process.pid}`
      const tempFd = openSync(temp, 'w', OWNER_ONLY)
      ownerOnly(tempFd)
      try {
        writeAll(tempFd, JSON.stringify(body))
        fsyncSync(tempFd)
      } finally {
        closeSync(tempFd)
      }
      renameSync(temp, file)
      fsyncDirectory(dirname(file))
      ftruncateSync(journal, 0)
      fsyncSync(journal)
    },
    close() {
      if (fd !== undefined) closeSync(fd)
      fd = undefined
    },
  }
}

/** Read and write for the file's owner only: what the store writes holds private keys. */
const OWNER_ONLY = 0o600

/** Narrows an open file to {@link OWNER_ONLY} (a no-op where the platform has no POSIX modes). */
function ownerOnly(fd: number): void {
  if (process.platform !== 'win32') fchmodSync(fd, OWNER_ONLY)
}

function writeAll(fd: number, text: string): void {
  const bytes = Buffer.from(text, 'utf8')
  let offset = 0
  while (offset < bytes.length) offset += writeSync(fd, bytes, offset, bytes.length - offset)
}

function fsyncDirectory(directory: string): void {
  // Makes the rename durable. Windows cannot open directories for fsync; there the rename is already durable.
  if (process.platform === 'win32') return
  const dirFd = openSync(directory, 'r')
  try {
    fsyncSync(dirFd)
  } finally {
    closeSync(dirFd)
  }
}

/** How every snapshot this store (and the chain's single-file upgrade) writes begins. */
const SNAPSHOT_HEAD = /^\{"version":1,"seq":(\d+)[,}]/

/** The snapshot's sequence number, read from its first bytes; a snapshot written otherwise is parsed whole. */
function snapshotSeq(file: string): number {
  if (!existsSync(file)) return 0
  const fd = openSync(file, 'r')
  let head: string
  try {
    const buffer = Buffer.alloc(64)
    head = buffer.toString('utf8', 0, readSync(fd, buffer, 0, buffer.length, 0))
  } finally {
    closeSync(fd)
  }
  const digits = SNAPSHOT_HEAD.exec(head)?.[1]
  return digits === undefined ? (readSnapshot(file)?.seq ?? 0) : Number(digits)
}

function readSnapshot(file: string): SnapshotFile | undefined {
  if (!existsSync(file)) return undefined
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<SnapshotFile>
  if (parsed.version !== 1 || typeof parsed.seq !== 'number')
    throw new Error(`${file} is not a state snapshot`)
  return { version: 1, seq: parsed.seq, state: parsed.state }
}

/** Reads the journal, cutting a torn trailing line off (so the next append starts on a fresh line). */
function openJournal(journalPath: string): JournalLine[] {
  if (!existsSync(journalPath)) return []
  const bytes = readFileSync(journalPath)
  const end = bytes.lastIndexOf(0x0a) + 1
  if (end < bytes.length) {
    const fd = openSync(journalPath, 'r+')
    try {
      ftruncateSync(fd, end)
      fsyncSync(fd)
    } finally {
      closeSync(fd)
    }
  }
  return parseJournal(bytes.toString('utf8', 0, end), journalPath)
}

function readJournal(journalPath: string): JournalLine[] {
  return existsSync(journalPath) ? parseJournal(readFileSync(journalPath, 'utf8'), journalPath) : []
}

/** Complete journal lines, parsed; the text after the last newline (a torn write) is not a line. */
function parseJournal(text: string, journalPath: string): JournalLine[] {
  const complete = text.slice(0, text.lastIndexOf('\n') + 1)
  return complete
    .split('\n')
    .slice(0, -1)
    .map((line, index) => {
      try {
        return JSON.parse(line) as JournalLine
      } catch {
        // A complete line was fsynced whole; a bad one means the file was damaged, not torn by a crash.
        throw new Error(`${journalPath}: line ${index + 1} is not valid JSON`)
      }
    })
}

function readState(file: string, lines: JournalLine[]): LoadedState | undefined {
  const snapshot = readSnapshot(file)
  if (snapshot === undefined && lines.length === 0) return undefined
  const after = snapshot?.seq ?? 0
  const entries = lines.filter((line) => line.seq > after).map((line) => line.entry)
  return snapshot === undefined ? { entries } : { snapshot: snapshot.state, entries }
}
