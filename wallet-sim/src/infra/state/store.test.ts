import { spawn } from 'node:child_process'
import {
  appendFileSync,
  chmodSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openStateStore } from './store'

let dir: string
let file: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'state-store-'))
  file = join(dir, 'state.json')
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

describe('openStateStore', () => {
  it('loads nothing from a fresh file, then every appended entry in order', () => {
    const store = openStateStore(file)
    expect(store.load()).toBeUndefined()
    store.append({ a: 1 })
    store.append('two')
    store.close()
    expect(openStateStore(file).load()).toEqual({ entries: [{ a: 1 }, 'two'] })
  })

  it.skipIf(process.platform === 'win32')(
    'keeps the state (private keys) readable by its owner only, also a journal an older version left open to all',
    () => {
      writeFileSync(`${file}.journal`, '')
      chmodSync(`${file}.journal`, 0o644)
      const store = openStateStore(file)
      store.append({ privateKey: '0x1' })
      expect(statSync(`${file}.journal`).mode & 0o777).toBe(0o600)
      store.snapshot({ privateKey: '0x1' })
      expect(statSync(file).mode & 0o777).toBe(0o600)
      store.close()
    },
  )

  it('compacts a snapshot atomically and keeps appending after it', () => {
    const store = openStateStore(file)
    store.append(1)
    store.snapshot({ total: 1 })
    store.append(2)
    store.close()
    expect(readdirSync(dir).sort()).toEqual(['state.json', 'state.json.journal'])
    expect(readFileSync(`${file}.journal`, 'utf8').trim().split('\n')).toHaveLength(1)
    expect(openStateStore(file).load()).toEqual({ snapshot: { total: 1 }, entries: [2] })
  })

  it('ignores and repairs a torn last line, keeping the rest', () => {
    const store = openStateStore(file)
    store.append({ kept: true })
    store.close()
    appendFileSync(`${file}.journal`, '{"seq":2,"entry":{"torn')
    const reopened = openStateStore(file)
    expect(reopened.load()).toEqual({ entries: [{ kept: true }] })
    reopened.append({ after: true })
    reopened.close()
    expect(openStateStore(file).load()).toEqual({ entries: [{ kept: true }, { after: true }] })
  })

  it('skips journal lines already folded into the snapshot (crash between rename and truncate)', () => {
    const store = openStateStore(file)
    store.append('a')
    store.append('b')
    store.close()
    const journal = readFileSync(`${file}.journal`, 'utf8')
    const again = openStateStore(file)
    again.snapshot({ upTo: 'b' })
    again.close()
    writeFileSync(`${file}.journal`, journal) // as if the truncate never happened
    const reopened = openStateStore(file)
    expect(reopened.load()).toEqual({ snapshot: { upTo: 'b' }, entries: [] })
    reopened.append('c')
    expect(reopened.load()).toEqual({ snapshot: { upTo: 'b' }, entries: ['c'] })
  })

  it('opens on the head of the snapshot alone; load() reads the rest', () => {
    const store = openStateStore(file)
    store.append('a')
    store.snapshot({ upTo: 'a' })
    store.close()
    const text = readFileSync(file, 'utf8')
    expect(text.startsWith('{"version":1,"seq":1,')).toBe(true)
    writeFileSync(file, `${text.slice(0, -1)},`) // damaged after the head
    const reopened = openStateStore(file)
    expect(() => reopened.load()).toThrow(SyntaxError)
    reopened.close()
  })

  it('numbers appends after a snapshot written with its keys in another order', () => {
    writeFileSync(file, JSON.stringify({ state: { upTo: 'b' }, seq: 2, version: 1 }, null, 2))
    writeFileSync(`${file}.journal`, '{"seq":1,"entry":"a"}\n{"seq":2,"entry":"b"}\n')
    const store = openStateStore(file)
    store.append('c')
    store.close()
    expect(openStateStore(file).load()).toEqual({ snapshot: { upTo: 'b' }, entries: ['c'] })
  })

  it('refuses a journal damaged in the middle and appends after close', () => {
    writeFileSync(`${file}.journal`, '{"seq":1,"entry":1}\nnot json\n{"seq":3,"entry":3}\n')
    expect(() => openStateStore(file)).toThrow('line 2 is not valid JSON')
    rmSync(`${file}.journal`)
    const store = openStateStore(file)
    store.close()
    expect(() => store.append(1)).toThrow('State store is closed')
  })
})

describe('kill -9', () => {
  it('keeps every acknowledged entry when the writer is killed mid-burst', async () => {
    const fixture = fileURLToPath(new URL('./appendLoop.fixture.ts', import.meta.url))
    const child = spawn(
      process.execPath,
      ['--conditions=@webwallet/source', '--import', 'tsx', fixture, file],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    let stdout = ''
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString()
    })
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.on('exit', (_code, signal) => resolve(signal)),
    )
    // Kill as soon as a few compactions have happened, while the writer is in the middle of its loop.
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString()
        if (stdout.split('\n').length > 320) {
          child.kill('SIGKILL')
          resolve()
        }
      })
      child.on('exit', () => reject(new Error(`writer exited early: ${stderr}`)))
    })
    expect(await exited).toBe('SIGKILL')

    const acknowledged = stdout
      .split('\n')
      .filter((line) => /^\d+$/.test(line))
      .map(Number)
    const highest = acknowledged.at(-1) ?? 0
    expect(highest).toBeGreaterThan(300)

    const loaded = openStateStore(file).load()
    const base = (loaded?.snapshot as { last: number } | undefined)?.last ?? 0
    const numbers = (loaded?.entries ?? []).map((entry) => (entry as { n: number }).n)
    // The snapshot plus the journal form an unbroken run 1..k that covers every acknowledged number.
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => base + 1 + i))
    expect(base + numbers.length).toBeGreaterThanOrEqual(highest)
  }, 30_000)
})
