import { mkdtempSync, readFileSync, rmSync, truncateSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { expect, it } from 'vitest'
import { openStateStore } from './store'

type Op = { append: number } | { snapshot: true } | { reopen: true } | { load: true }

const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 6, arbitrary: fc.integer().map((n) => ({ append: n })) },
  { weight: 1, arbitrary: fc.constant({ snapshot: true as const }) },
  { weight: 1, arbitrary: fc.constant({ reopen: true as const }) },
  { weight: 1, arbitrary: fc.constant({ load: true as const }) },
)

function withDir<T>(run: (file: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'state-prop-'))
  try {
    return run(join(dir, 'state.json'))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

it('reloads exactly what was stored, across snapshots, reopenings and loads in between', () => {
  fc.assert(
    fc.property(fc.array(op, { maxLength: 30 }), (ops) =>
      withDir((file) => {
        // The model: the snapshot holds the list of all numbers so far; entries are those after it.
        let all: number[] = []
        let snapshotted: number[] | undefined
        const expected = () => {
          const base = snapshotted ?? []
          if (all.length === 0 && snapshotted === undefined) return undefined
          return { ...(snapshotted === undefined ? {} : { snapshot: base }), entries: all.slice(base.length) }
        }
        let store = openStateStore(file)
        for (const step of ops) {
          if ('append' in step) {
            store.append(step.append)
            all = [...all, step.append]
          } else if ('snapshot' in step) {
            store.snapshot(all)
            snapshotted = all
          } else if ('load' in step) {
            expect(store.load()).toEqual(expected())
          } else {
            store.close()
            store = openStateStore(file)
          }
        }
        const loaded = store.load()
        store.close()
        expect(loaded).toEqual(expected())
      }),
    ),
    { numRuns: 60 },
  )
})

it('a journal cut at any byte loads a prefix of the entries', () => {
  fc.assert(
    fc.property(fc.array(fc.string(), { minLength: 1, maxLength: 8 }), fc.nat(), (entries, cut) =>
      withDir((file) => {
        const store = openStateStore(file)
        for (const entry of entries) store.append(entry)
        store.close()
        const size = readFileSync(`${file}.journal`).length
        truncateSync(`${file}.journal`, cut % (size + 1))
        const loaded = openStateStore(file).load()?.entries ?? []
        expect(loaded).toEqual(entries.slice(0, loaded.length))
      }),
    ),
    { numRuns: 100 },
  )
})
