// Functions a reader can hold: no function of the repository's source (tests aside) has a body over 80 lines;
// a longer one is split along its jobs. Biome's own rule measures (lint/complexity/noExcessiveLinesPerFunction,
// with the repository's file set and a limit of 80), run here because the lint of the whole tree also covers
// tests, whose long bodies are tables of cases.
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ROOT } from '../../support/readmeBlocks'

const MAX_LINES = 80
const RULE = 'lint/complexity/noExcessiveLinesPerFunction'

/**
 * The name of the function that starts at `column` (1-based) of `line`: a declaration's or method's own
 * name, else the variable or property an arrow or function expression is assigned to.
 */
export function functionName(line: string, column: number): string {
  const from = line.slice(column - 1)
  const before = line.slice(0, column - 1)
  const own =
    /^(?:export\s+)?(?:default\s+)?(?:async\s+)?function\s*\*?\s*([\w$]+)/.exec(from) ??
    /^(?:(?:public|private|protected|static|async|get|set)\s+)*#?([\w$]+)\s*[(<]/.exec(from)
  if (own?.[1] && !['async', 'function', 'get', 'set', 'static'].includes(own[1])) return own[1]
  const assigned =
    /(?:const|let|var)\s+([\w$]+)(?:\s*:[^=]+)?\s*=\s*$/.exec(before) ?? /([\w$]+)\s*:\s*$/.exec(before)
  return assigned?.[1] ?? `(anonymous, line ${line.trim().slice(0, 40)})`
}

let found: Record<string, string[]>
let dir: string
// What the measure finds in a file of its own with one function just over the limit (the list above only
// shrinks, so the repository's own long functions cannot prove the measure works).
let probe: Record<string, string[]>

/** Biome's functions over the limit under `cwd`, by file, with the biome.json in `configDir`. */
function longFunctions(cwd: string, configDir: string): Record<string, string[]> {
  const run = spawnSync(
    join(ROOT, 'node_modules', '.bin', 'biome'),
    ['lint', `--config-path=${configDir}`, '--reporter=json', '--max-diagnostics=none', '.'],
    { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  )
  const report = JSON.parse(run.stdout) as {
    diagnostics: { category: string; location: { path: string; start: { line: number; column: number } } }[]
  }
  const byFile: Record<string, string[]> = {}
  for (const { category, location } of report.diagnostics) {
    if (category !== RULE) continue
    const line = readFileSync(join(cwd, location.path), 'utf8').split('\n')[location.start.line - 1] ?? ''
    byFile[location.path] = [...(byFile[location.path] ?? []), functionName(line, location.start.column)]
  }
  return byFile
}

beforeAll(() => {
  const repo = JSON.parse(readFileSync(join(ROOT, 'biome.jsonc'), 'utf8').replace(/^\s*\/\/.*$/gm, '')) as {
    files: { includes: string[] }
  }
  // The repository's files, its tests aside, and the one rule with its limit.
  const config = {
    files: {
      includes: [...repo.files.includes, '!**/*.test.ts', '!**/*.test.tsx', '!**/*.test-d.ts', '!compat'],
    },
    formatter: { enabled: false },
    assist: { enabled: false },
    linter: {
      rules: {
        recommended: false,
        complexity: { noExcessiveLinesPerFunction: { level: 'error', options: { maxLines: MAX_LINES } } },
      },
    },
  }
  dir = mkdtempSync(join(tmpdir(), 'functionLength-'))
  writeFileSync(join(dir, 'biome.json'), JSON.stringify(config))
  found = longFunctions(ROOT, dir)
  const body = Array.from({ length: MAX_LINES }, (_, i) => `  const v${i} = ${i}`).join('\n')
  mkdirSync(join(dir, 'probe'))
  writeFileSync(join(dir, 'probe', 'long.ts'), `export function longOne() {\n${body}\n  return 0\n}\n`)
  const probeConfig = { ...config, files: { includes: ['**/*.ts'] } }
  mkdirSync(join(dir, 'probeConfig'))
  writeFileSync(join(dir, 'probeConfig', 'biome.json'), JSON.stringify(probeConfig))
  probe = longFunctions(join(dir, 'probe'), join(dir, 'probeConfig'))
}, 120_000)
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe(`no function over ${MAX_LINES} lines`, () => {
  test('names a function by its declaration or what it is assigned to', () => {
    expect(functionName('export async function runTransaction(state: State) {', 8)).toBe('runTransaction')
    expect(functionName('  async provision(): Promise<ProvisionedAccount> {', 3)).toBe('provision')
    expect(functionName('const usageOf = (layers: StateDiff[]) =>', 17)).toBe('usageOf')
    expect(functionName('  buildExecution: async (calls) => {', 19)).toBe('buildExecution')
  })

  test('finds a function just over the limit (the measure works)', () => {
    expect(probe).toEqual({ 'long.ts': ['longOne'] })
  })

  test('no function of the source is over the limit (split it along its jobs)', () => {
    expect(found).toEqual({})
  })
})
