// The examples of docs/protocol-package.md (this package's guide), run as written: every line `expression // 'expected'` (or an expression followed by
// a line `// 'expected'`) must give that value. Imports are the package's own entries; the Errors block's
// `e` and `closeDialog` are a USER_REJECTED error and a spy, so its last line must close the dialog.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import * as errors from './errors'
import * as main from './index'
import * as procedures from './procedures'
import * as typedData from './typedData'

const readme = readFileSync(fileURLToPath(new URL('../../docs/protocol-package.md', import.meta.url)), 'utf8')

/** The first ```ts block (`ts no-run` too) under the `## heading`. */
function block(heading: string): string {
  const escaped = heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const code = new RegExp(`## ${escaped}\\n[\\s\\S]*?\`\`\`ts[^\\n]*\\n([\\s\\S]*?)\`\`\``).exec(readme)?.[1]
  if (code === undefined) throw new Error(`No ts block under "## ${heading}" in docs/protocol-package.md`)
  return code
}

/** The JS literal a comment starts with (`'text' (sic)` → `'text'`), or undefined for prose. */
function leadingLiteral(comment: string): string | undefined {
  if (comment.startsWith("'")) {
    const end = comment.indexOf("'", 1)
    return end === -1 ? undefined : comment.slice(0, end + 1)
  }
  if (comment.startsWith('{')) {
    let depth = 0
    for (const [index, char] of [...comment].entries()) {
      if (char === '{') depth++
      if (char === '}' && --depth === 0) return comment.slice(0, index + 1)
    }
    return undefined
  }
  return /^(true|false|-?\d+)\b/.exec(comment)?.[1]
}

interface Check {
  readonly line: string
  readonly actual: unknown
  readonly expected: unknown
}

/** Runs a block with the package's exports in scope; each documented value becomes a check. */
function run(code: string, scope: Record<string, unknown>): Check[] {
  const body: string[] = []
  let previous: { index: number; expression: string } | undefined
  for (const raw of code.split('\n')) {
    const line = raw.trim()
    if (line === '' || line.startsWith('import ')) continue
    const onlyComment = /^\/\/ (.*)$/.exec(line)
    if (onlyComment && previous) {
      const literal = leadingLiteral(onlyComment[1] ?? '')
      if (literal)
        body[previous.index] =
          `check(${JSON.stringify(previous.expression)}, ${previous.expression}, ${literal})`
      previous = undefined
      continue
    }
    const [, statement = line, comment = ''] = /^(.*?) \/\/ (.*)$/.exec(line) ?? []
    const literal = leadingLiteral(comment)
    const declaration = /^const (\w+) = (.*)$/.exec(statement)
    if (literal && declaration) {
      body.push(`${statement}; check(${JSON.stringify(statement)}, ${declaration[1]}, ${literal})`)
    } else if (literal) {
      body.push(`check(${JSON.stringify(statement)}, ${statement}, ${literal})`)
    } else {
      previous = { index: body.length, expression: statement }
      body.push(statement)
    }
  }
  const checks: Check[] = []
  const check = (line: string, actual: unknown, expected: unknown) => checks.push({ line, actual, expected })
  const names = Object.keys(scope)
  new Function(...names, 'check', body.join('\n'))(...names.map((name) => scope[name]), check)
  return checks
}

const scope = { ...main, ...errors, ...procedures, z }

describe('docs/protocol-package.md examples', () => {
  it('Schemas and rules', () => {
    const checks = run(block('Schemas and rules'), scope)
    expect(checks).toHaveLength(4)
    for (const { line, actual, expected } of checks) expect(actual, line).toEqual(expected)
  })

  it('Errors', () => {
    let closed = false
    const checks = run(block('Errors'), {
      ...scope,
      e: new errors.UserRejectedError(),
      closeDialog: () => {
        closed = true
      },
    })
    expect(checks).toHaveLength(4)
    for (const { line, actual, expected } of checks) expect(actual, line).toEqual(expected)
    expect(closed).toBe(true)
  })

  it('Typed data', () => {
    const checks = run(block('Typed data'), { ...scope, ...typedData })
    expect(checks).toHaveLength(3)
    for (const { line, actual, expected } of checks) expect(actual, line).toEqual(expected)
  })

  it('Generic schema messages', () => {
    const checks = run(block('Generic schema messages'), scope)
    expect(checks).toHaveLength(4)
    for (const { line, actual, expected } of checks) expect(actual, line).toEqual(expected)
  })
})
