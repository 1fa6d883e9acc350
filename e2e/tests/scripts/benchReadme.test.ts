// `npm run bench -- --write-readme` (bench/readme.mjs): a run replaces CONTRIBUTING.md's heading and table and
// nothing else; an `--only` run keeps the other rows from the run the table quotes, read back from its JSON
// copy, and says which rows are from which run.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { partsHeading, quotedRun, withBenchRun } from '../../../bench/readme.mjs'
import { ROOT } from '../../support/readmeBlocks'

const readme = readFileSync(join(ROOT, 'CONTRIBUTING.md'), 'utf8')

test('the table CONTRIBUTING.md quotes is read back from its JSON copy', () => {
  const run = quotedRun(readme, ROOT)
  expect(run.file).toMatch(/^bench\/results\/.+\.json$/)
  expect(readme).toContain(`(\`${run.file}\`)`)
  expect(Object.keys(run.results)).toEqual(expect.arrayContaining(['bundle', 'roundTrips', 'simulator']))
  expect(() => quotedRun('# no benchmarks here', ROOT)).toThrow(/no "Run of/)
})

test('a run replaces the heading and the table only; an --only run says which rows are newer', () => {
  const run = { date: '2026-11-29T03:00:00.000Z', file: 'bench/results/x.json', machine: { cores: 2 } }
  const line = partsHeading(['userTests'], { ...run, load: { min: 0.4, max: 1.2 } })
  expect(line).toBe(
    'The rows of userTests are from a later run of that part alone: 2026-11-29 (`bench/results/x.json`), load\naverage 0.4-1.2 on its 2 cores during it.',
  )
  const table = '| Area | Measure |\n|---|---|\n| Chromium | a row |'
  const written = withBenchRun(readme, `Run of then:\n${line}`, table)
  const before = readme.slice(0, readme.indexOf('## Benchmarks'))
  expect(written.startsWith(before)).toBe(true)
  expect(written).toContain(`${line}\n\n${table}\n`)
  // Once more over its own output: the same document (the heading's second line goes with it).
  expect(withBenchRun(written, `Run of then:\n${line}`, table)).toBe(written)
})
