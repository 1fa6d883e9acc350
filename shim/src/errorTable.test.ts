// One truth for error codes (issues 26 and 27): docs/sdk-errors.md's error tables against protocol's registry and
// against the error classes the SDK's sources construct, both ways.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import * as errors from '@webwallet/protocol/errors'
import { describe, expect, it } from 'vitest'

const SRC = new URL('.', import.meta.url).pathname
const DOC = readFileSync(new URL('../../docs/sdk-errors.md', import.meta.url), 'utf8')

/** The codes in the first cell of each row of the table under `heading` (up to the next heading). */
function tableCodes(heading: string): Set<string> {
  const start = DOC.indexOf(`${heading}\n`)
  expect(start, heading).toBeGreaterThan(-1)
  const section = DOC.slice(start + heading.length).split(/\n#{2,4} /)[0] ?? ''
  const rows = section.split('\n').filter((line) => line.startsWith('| `'))
  return new Set(
    rows.flatMap((row) =>
      [...(row.split('|')[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1] ?? ''),
    ),
  )
}

// Every source file of the SDK but tests and test fixtures.
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sources(path)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|testing\.ts$|testCaches\.ts$/.test(entry.name)
      ? [path]
      : []
  })
}

// Plain errors that never leave the SDK: each is caught where it is thrown and becomes a coded error's cause.
const CAUGHT_PLAIN = ["TypeError('Invalid domain')", "TypeError('Empty answer')", "Error('No wrapping key')"]

const thrown = new Set<string>()
const plain: string[] = []
for (const file of sources(SRC)) {
  const text = readFileSync(file, 'utf8')
  for (const [, name, args] of text.matchAll(/\bnew ((?:[A-Z]\w*)?Error)\(([^)]*)\)?/g)) {
    const cls = (errors as Record<string, unknown>)[name ?? ''] as { code?: string } | undefined
    if (typeof cls?.code === 'string') thrown.add(cls.code)
    else if (name !== 'WebWalletError') plain.push(`${name}(${args})`)
  }
  // A WebWalletError built with its code inline.
  for (const [, code] of text.matchAll(/\bcode: '([A-Z][A-Z0-9_]+)'/g)) thrown.add(code ?? '')
}

const sdk = tableCodes('## Errors of the session SDK')
const connector = tableCodes('## Connector errors')
const never = tableCodes('### Codes the SDK never throws')
const documented = new Set([...sdk, ...connector])
const registry = new Set(errors.ERROR_CLASSES.keys())

describe("docs/sdk-errors.md's error tables", () => {
  it('name only codes of the registry (PAYMASTER_CONTRACT_ERROR, HTTP_ERROR: the codes as thrown)', () => {
    expect([...documented, ...never].filter((code) => !registry.has(code))).toEqual([])
  })

  it('list every code of the registry: thrown by the SDK, or never thrown with the reason', () => {
    expect([...registry].filter((code) => !documented.has(code) && !never.has(code))).toEqual([])
  })

  it('list every coded error the sources construct, none of them under "never thrown"', () => {
    expect(thrown.size).toBeGreaterThan(40)
    expect([...thrown].filter((code) => !documented.has(code))).toEqual([])
    expect([...thrown].filter((code) => never.has(code))).toEqual([])
  })

  it('leave no error without a code: the only plain errors are caught where they are thrown', () => {
    expect(plain.sort()).toEqual([...CAUGHT_PLAIN].sort())
  })
})
