// One file-name case (the house style), enforced by Biome's useFilenamingConvention in biome.jsonc: the rule refuses
// kebab-case and snake_case names with the repository's own config, allows what the house writes, and each of
// its exceptions still names a file that needs one.
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, dirname, join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { ROOT } from '../../support/readmeBlocks'

const CONFIG = join(ROOT, 'biome.jsonc')
const BIOME = join(ROOT, 'node_modules', '.bin', 'biome')
const RULE = 'lint/style/useFilenamingConvention'

/** The files to lint, by name, with their content. */
const FILES: Record<string, string> = {
  'some-file.ts': 'export const a = 1\n',
  'some_file.ts': 'export const a = 1\n',
  'Some-File.tsx': 'export function SomeFile() {\n  return null\n}\n',
  'some-file.test.ts': "import { test } from 'vitest'\n\ntest('x', () => {})\n",
  'some-script.mjs': 'export const a = 1\n',
  'someFile.ts': 'export const a = 1\n',
  'someScript.mjs': 'export const a = 1\n',
  'Widget.tsx': 'export function Widget() {\n  return null\n}\n',
  'Gadget.tsx': 'export function Widget() {\n  return null\n}\n',
  'Widget.test.tsx': "import { test } from 'vitest'\n\ntest('x', () => {})\n",
  'vitest.config.ts': 'export default {}\n',
}

let dir: string
let refused: Set<string>
beforeAll(() => {
  // Outside the repository, so a run of `biome check .` beside this test never sees these names.
  dir = mkdtempSync(join(tmpdir(), 'fileNames-'))
  for (const [name, text] of Object.entries(FILES)) writeFileSync(join(dir, name), text)
  const run = spawnSync(BIOME, ['lint', `--config-path=${CONFIG}`, '--reporter=json', dir], {
    encoding: 'utf8',
  })
  const report = JSON.parse(run.stdout) as {
    diagnostics: { category: string; location: { path: string } }[]
  }
  refused = new Set(
    report.diagnostics.filter((d) => d.category === RULE).map((d) => basename(d.location.path)),
  )
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

test.each([
  'some-file.ts',
  'some_file.ts',
  'Some-File.tsx',
  'some-file.test.ts',
  'some-script.mjs',
  'Gadget.tsx',
])('refuses %s', (name) => {
  expect(refused).toContain(name)
})

test.each(['someFile.ts', 'someScript.mjs', 'Widget.tsx', 'Widget.test.tsx', 'vitest.config.ts'])(
  'allows %s',
  (name) => {
    expect(refused).not.toContain(name)
  },
)

/** biome.jsonc without its line comments (none of its strings holds `//`). */
const config = () =>
  JSON.parse(readFileSync(CONFIG, 'utf8').replace(/^\s*\/\/.*$/gm, '')) as {
    overrides: { includes: string[]; linter?: { rules?: { style?: Record<string, unknown> } } }[]
  }

test('each exception names a file that exists and would be refused without it', () => {
  const off = config().overrides.filter((o) => o.linter?.rules?.style?.useFilenamingConvention === 'off')
  const paths = off.flatMap((o) => o.includes)
  expect(paths.length).toBeGreaterThan(0)
  const copies = mkdtempSync(join(tmpdir(), 'fileNames-exceptions-'))
  try {
    for (const path of paths) {
      expect(existsSync(join(ROOT, path)), path).toBe(true)
      mkdirSync(join(copies, dirname(path)), { recursive: true })
      writeFileSync(join(copies, path), readFileSync(join(ROOT, path)))
    }
    // The same files outside the repository, where the override's paths do not reach them.
    const run = spawnSync(BIOME, ['lint', `--config-path=${CONFIG}`, '--reporter=json', copies], {
      encoding: 'utf8',
    })
    const report = JSON.parse(run.stdout) as {
      diagnostics: { category: string; location: { path: string } }[]
    }
    const flagged = report.diagnostics.filter((d) => d.category === RULE).map((d) => d.location.path)
    for (const path of paths) expect(flagged, path).toContain(join(copies, path))
  } finally {
    rmSync(copies, { recursive: true, force: true })
  }
})

test('a PascalCase test is named after a PascalCase source file of the house', () => {
  const files = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n')
  const sources = new Set(
    files.filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f)).map((f) => basename(f).split('.')[0]),
  )
  const pascalTests = files.filter((f) => /^[A-Z][^.]*\.test\.tsx?$/.test(basename(f)))
  expect(pascalTests.length).toBeGreaterThan(0)
  for (const test of pascalTests) expect(sources, test).toContain(basename(test).split('.')[0])
})
