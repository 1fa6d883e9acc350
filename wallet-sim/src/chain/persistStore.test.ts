import { appendFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { BlockEntry } from './persistJournal'
import { openChainStore } from './persistStore'

const tempFile = () => join(mkdtempSync(join(tmpdir(), 'wallet-sim-persist-')), 'state.json')
const dump = { format: 'wallet-sim/dump@1', accounts: [], minter: {}, chain: { blocks: 1 } }
const entry = (number: number): BlockEntry => ({
  kind: 'block',
  block: { number } as BlockEntry['block'],
  txs: [],
  timeOffset: 0,
})

describe('openChainStore', () => {
  it('gives nothing for a new file, then the snapshot and the entries appended after it', () => {
    const file = tempFile()
    const store = openChainStore(file)
    expect(store.load()).toBeUndefined()
    store.compact(dump)
    store.append(entry(1))
    store.append(entry(2))
    expect(openChainStore(file).load()).toEqual({ dump, entries: [entry(1), entry(2)] })
  })

  it('ignores a torn last journal line and appends after it', () => {
    const file = tempFile()
    const store = openChainStore(file)
    store.compact(dump)
    store.append(entry(1))
    store.close()
    appendFileSync(`${file}.journal`, '{"seq":2,"entry":{"kind":"blo')
    const reopened = openChainStore(file)
    expect(reopened.load()?.entries).toEqual([entry(1)])
    reopened.append(entry(2))
    expect(openChainStore(file).load()?.entries).toEqual([entry(1), entry(2)])
  })

  it('says when to compact: once the journal is as big as the snapshot (and the floor)', () => {
    const file = tempFile()
    const store = openChainStore(file, { minJournalBytes: 0 })
    store.compact({ ...dump, padding: 'x'.repeat(1000) })
    const dues: boolean[] = []
    for (let n = 1; n <= 20; n++) dues.push(store.append(entry(n)))
    const first = dues.indexOf(true)
    expect(first).toBeGreaterThan(0)
    expect(dues.slice(first).every(Boolean)).toBe(true)
    expect(readFileSync(`${file}.journal`, 'utf8').split('\n').length - 1).toBe(20)
    store.compact(dump)
    expect(readFileSync(`${file}.journal`, 'utf8')).toBe('')
    expect(openChainStore(file).load()).toEqual({ dump, entries: [] })
    expect(openChainStore(tempFile()).append(entry(1))).toBe(false)
  })

  it('reads a single-file dump of earlier versions and drops a stale journal beside it', () => {
    const file = tempFile()
    writeFileSync(file, JSON.stringify(dump, null, 2))
    writeFileSync(`${file}.journal`, `${JSON.stringify({ seq: 1, entry: entry(5) })}\n`)
    const store = openChainStore(file)
    expect(store.load()).toEqual({ dump, entries: [] })
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ version: 1, seq: 0, state: dump })
    store.append(entry(1))
    expect(openChainStore(file).load()).toEqual({ dump, entries: [entry(1)] })
  })

  it('refuses a file that is neither', () => {
    const file = tempFile()
    writeFileSync(file, '{"hello":1}')
    expect(() => openChainStore(file)).toThrow(/neither a wallet-sim state file nor a devnet_dump/)
    expect(existsSync(`${file}.journal`)).toBe(false)
  })
})
