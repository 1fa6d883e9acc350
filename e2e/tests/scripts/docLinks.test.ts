// No file of the repository points at a document it does not hold: every Markdown link to a file resolves (and
// its #anchor to a heading of the target), every `something.md` path named in the docs or in a comment of the
// code exists, and nothing cites the original specification's file, which is not part of the repository
// (docs/protocol.md is ours). String literals are left alone: tests write files of their own. A cheap scan of
// the files git tracks, plus new ones not ignored.
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, normalize } from 'node:path'
import { describe, expect, test } from 'vitest'

// The original specification's file name, which the repository must never cite (docs/protocol.md is ours).
const FOREIGN_SPEC = ['SPEC', 'md'].join('.')

const ROOT = join(import.meta.dirname, '..', '..', '..')
// Written by the build, not tracked: wallet-sim's dist/bin and ui/dist hold them once built.
const GENERATED = new Set(['THIRD_PARTY_LICENSES.md'])
const TEXT = /\.(md|ts|tsx|mts|mjs|js|cjs|json|jsonc|ya?ml|cairo|toml|sh)$|(^|\/)(Dockerfile|run)$/

/** The prose of a file: all of a Markdown file; the comments of code (whole comment lines and trailing `//`). */
function proseOf(file: string, text: string): string {
  if (file.endsWith('.md')) return text
  return text
    .split('\n')
    .map((line) => (/^\s*(\/\/|\/?\*|#)/.test(line) ? line : (/\s\/\/\s(.*)$/.exec(line)?.[1] ?? '')))
    .join('\n')
}

const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' })
  .split('\n')
  .filter((f) => f && TEXT.test(f) && !f.startsWith('compat/') && !f.endsWith('package-lock.json'))
  // This file's own examples name missing documents on purpose.
  .filter((f) => f !== 'e2e/tests/scripts/docLinks.test.ts')
  .filter((f) => existsSync(join(ROOT, f)) && statSync(join(ROOT, f)).isFile())

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/<[^>]+>/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-')
}

const anchorCache = new Map<string, Set<string>>()
/** The anchors of a Markdown file's headings (repeated headings get -1, -2 as on GitHub). */
function anchorsOf(path: string): Set<string> {
  let anchors = anchorCache.get(path)
  if (anchors) return anchors
  anchors = new Set()
  let fence = false
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fence = !fence
    const heading = !fence && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1]
    if (heading === undefined || heading === false) continue
    const base = slug(heading.replace(/`/g, ''))
    let anchor = base
    for (let n = 1; anchors.has(anchor); n++) anchor = `${base}-${n}`
    anchors.add(anchor)
  }
  anchorCache.set(path, anchors)
  return anchors
}

// The repository on GitHub: the package READMEs npm shows link into docs/ by this absolute address, which must
// resolve in the repository as a relative link does.
const REPOSITORY_URL = /^https:\/\/github\.com\/webwallet\/webwallet\/(?:blob|tree|raw)\/main\/([^#]*)(#.*)?$/

/** Problems of one file's Markdown links: a missing target file or a missing heading anchor. */
function brokenLinks(file: string, text: string): string[] {
  const problems: string[] = []
  const prose = text.replace(/^\s*(```|~~~)[\s\S]*?^\s*\1/gm, '').replace(/`[^`\n]*`/g, '')
  for (const [, target = ''] of prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    const inRepository = REPOSITORY_URL.exec(target)
    if (/^[a-z]+:/i.test(target) && !inRepository) continue
    const [path = '', anchor] = inRepository
      ? [inRepository[1], inRepository[2]?.slice(1)]
      : target.split('#')
    const resolved = inRepository
      ? join(ROOT, decodeURI(path))
      : path
        ? normalize(join(dirname(join(ROOT, file)), decodeURI(path)))
        : join(ROOT, file)
    if (!existsSync(resolved)) problems.push(`${file}: link to missing ${target}`)
    else if (anchor && resolved.endsWith('.md') && !anchorsOf(resolved).has(anchor))
      problems.push(`${file}: link to ${target}, which has no heading #${anchor}`)
  }
  return problems
}

/** Problems of the `x.md` paths a file names (outside URLs): each must exist from the root or the file's folder. */
function missingDocuments(file: string, text: string): string[] {
  const problems: string[] = []
  const withoutUrls = proseOf(file, text).replace(/[a-z]+:\/\/\S+/gi, '')
  for (const [, path = ''] of withoutUrls.matchAll(/(?<![\w/.*@-])((?:\.\.?\/)*[\w./-]*\w\.md)\b/g)) {
    const name = path.split('/').pop() ?? ''
    if (GENERATED.has(name)) continue
    if (name === FOREIGN_SPEC) {
      problems.push(
        `${file}: cites ${FOREIGN_SPEC}, which is not in the repository (docs/protocol.md is ours)`,
      )
      continue
    }
    const here = join(dirname(join(ROOT, file)), path)
    // A bare name ("each package's CHANGELOG.md") is fine when some file of the repository has it.
    const found = path.includes('/') ? false : files.some((f) => f === name || f.endsWith(`/${name}`))
    if (!found && !existsSync(join(ROOT, path)) && !existsSync(here))
      problems.push(`${file}: names missing ${path}`)
  }
  return problems
}

describe('documents the repository names', () => {
  test('finds the files to scan', () => {
    expect(files).toContain('README.md')
    expect(files).toContain('docs/protocol.md')
    expect(files.length).toBeGreaterThan(500)
  })

  test('every Markdown link resolves, anchors included', () => {
    const problems = files
      .filter((f) => f.endsWith('.md'))
      .flatMap((f) => brokenLinks(f, readFileSync(join(ROOT, f), 'utf8')))
    expect(problems).toEqual([])
  })

  test('every .md path named in a file exists, and none is the original specification', () => {
    const problems = files.flatMap((f) => missingDocuments(f, readFileSync(join(ROOT, f), 'utf8')))
    expect(problems).toEqual([])
  })

  test('the scan catches what it is for', () => {
    expect(missingDocuments('a.ts', `// see ${FOREIGN_SPEC} section 5`)).toHaveLength(1)
    expect(missingDocuments('a.ts', '// see docs/nowhere.md and docs/protocol.md')).toEqual([
      'a.ts: names missing docs/nowhere.md',
    ])
    expect(missingDocuments('a.md', 'see nowhere.md, CHANGELOG.md')).toEqual([
      'a.md: names missing nowhere.md',
    ])
    expect(
      missingDocuments('a.ts', "// https://example.com/x/missing.md, THIRD_PARTY_LICENSES.md\nwrite('x.md')"),
    ).toEqual([])
    expect(
      brokenLinks('README.md', '[a](docs/protocol.md#errors) [b](docs/protocol.md#nope) [c](gone.md)'),
    ).toEqual([
      'README.md: link to docs/protocol.md#nope, which has no heading #nope',
      'README.md: link to missing gone.md',
    ])
    const repository = 'https://github.com/webwallet/webwallet/blob/main'
    expect(
      brokenLinks(
        'shim/README.md',
        `[a](${repository}/docs/react.md#the-hooks) [b](${repository}/docs/react.md#nope) [c](${repository}/docs/gone.md) [d](https://example.com/gone.md)`,
      ),
    ).toEqual([
      `shim/README.md: link to ${repository}/docs/react.md#nope, which has no heading #nope`,
      `shim/README.md: link to missing ${repository}/docs/gone.md`,
    ])
    expect(slug("Coming from Argent's invisible SDK (`@webwallet/shim/argent`)")).toBe(
      'coming-from-argents-invisible-sdk-webwalletshimargent',
    )
  })
})
