// docs/errors.md, the error reference, kept equal to the registry: one row per code of ERROR_CLASSES, under the
// heading of the module that declares it, with the message as the class builds it and a "what to do" that is
// not empty. `WRITE_ERROR_REFERENCE=1 npx vitest run --project protocol src/errorReference` rewrites the codes
// and messages (a new code gets an empty "what to do", which then fails until someone writes it).
import { readFileSync, writeFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import * as calldata from './errors/calldata'
import * as chain from './errors/chain'
import * as connector from './errors/connector'
import * as lifecycle from './errors/lifecycle'
import * as probes from './errors/probes'
import { ERROR_CLASSES } from './errors/registry'
import * as sdk from './errors/sdk'
import * as services from './errors/services'
import * as validation from './errors/validation'

const DOC = new URL('../../docs/errors.md', import.meta.url)
const GROUPS: [string, Record<string, unknown>][] = [
  ['The connector and its transports', connector],
  ['The session SDK', sdk],
  ['Paymaster, backend and names', services],
  ['The chain', chain],
  ['Stored sessions', lifecycle],
  ['Calldata', calldata],
  ['Validation', validation],
  ['Interface probes', probes],
]

// Reads any field as a placeholder named after it, so a parameterised message shows its parts.
const PLACEHOLDERS = new Proxy({} as Record<string, unknown>, {
  get: (_target, key) => (typeof key === 'string' ? `‹${key}›` : undefined),
  has: () => true,
})
const messageOf = (code: string) => {
  const error = ERROR_CLASSES.get(code)?.fromData(PLACEHOLDERS, '‹message›')
  return `\`${(error?.message ?? '').replaceAll('NaN', '‹number›').replaceAll('|', '\\|')}\``
}

/** The rows of the reference as the file has them: code → [message cell, what-to-do cell, group]. */
function rowsOf(text: string): Map<string, { message: string; todo: string; group: string }> {
  const rows = new Map<string, { message: string; todo: string; group: string }>()
  let group = ''
  for (const line of text.split('\n')) {
    if (line.startsWith('## ')) group = line.slice(3)
    const row = /^\| `([A-Z0-9_]+)` \| (.*?) \| (.*?) \|$/.exec(line)
    if (row) rows.set(row[1] ?? '', { message: row[2] ?? '', todo: row[3] ?? '', group })
  }
  return rows
}

/** The reference rewritten from the registry, keeping each code's "what to do". */
function rewritten(text: string): string {
  const rows = rowsOf(text)
  const head = text.slice(0, text.indexOf('\n## ') + 1)
  const sections = GROUPS.map(([title, module]) => {
    const codes = [...ERROR_CLASSES].filter(([, cls]) => Object.values(module).includes(cls)).map(([c]) => c)
    const lines = codes.map((code) => `| \`${code}\` | ${messageOf(code)} | ${rows.get(code)?.todo ?? ''} |`)
    return [`## ${title}`, '', '| Code | Message | What to do |', '|---|---|---|', ...lines, ''].join('\n')
  })
  return `${head}${sections.join('\n')}`
}

describe('docs/errors.md', () => {
  const text = readFileSync(DOC, 'utf8')
  if (process.env.WRITE_ERROR_REFERENCE) writeFileSync(DOC, rewritten(text))
  const rows = rowsOf(text)

  it('has one row per code of the registry, under the heading of the module that declares it', () => {
    expect(text).toBe(rewritten(text))
    expect([...rows.keys()].sort()).toEqual([...ERROR_CLASSES.keys()].sort())
  })

  it('says what to do about every code', () => {
    const empty = [...rows].filter(([, row]) => row.todo.trim().length < 20).map(([code]) => code)
    expect(empty).toEqual([])
  })
})
