// scripts/changesets.mjs, the changeset rule of `npm test` (CONTRIBUTING.md, "Changesets"): on a branch, a
// change to a published package's shipped source since main needs a changeset naming the package; on main,
// the same since the newest release tag, or with no tag only the parse. Checked on small git repositories
// made here, then on this repository as it stands.
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { checkChangesets, packageOfSource, parseChangeset } from '../../../scripts/changesets.mjs'

const ROOT = join(import.meta.dirname, '..', '..', '..')
const NO_BASE = { CHANGESET_BASE: '' }
const made: string[] = []
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true })
})

/** A git repository on main with one commit: a changeset folder and a source file of the shim. */
function repository() {
  const dir = mkdtempSync(join(tmpdir(), 'changesets-'))
  made.push(dir)
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: dir, stdio: 'ignore' })
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), text)
  }
  git('init', '-q', '-b', 'main')
  write('.changeset/README.md', '# Changesets\n')
  write('shim/src/index.ts', 'export const a = 1\n')
  git('add', '.')
  git('commit', '-q', '-m', 'first')
  return { dir, git, write }
}

const SHIM_PATCH = '---\n"@webwallet/shim": patch\n---\n\nFixes the thing.\n'

describe('a changeset', () => {
  test('names published packages with a bump, and a summary', () => {
    expect(parseChangeset(SHIM_PATCH, 'a.md')).toEqual({
      releases: [{ name: '@webwallet/shim', type: 'patch' }],
      summary: 'Fixes the thing.',
    })
    expect(
      parseChangeset("---\n'@webwallet/protocol': minor\n@webwallet/wallet-sim: none\n---\nX\n", 'b.md'),
    ).toMatchObject({ releases: [{ type: 'minor' }, { type: 'none' }] })
  })

  test.each([
    ['no front matter', 'Fixes the thing.\n', /no front matter/],
    ['a private package', '---\n"demo": patch\n---\n\nX\n', /demo is not a published package/],
    ['a bump that is not one', '---\n"@webwallet/shim": small\n---\n\nX\n', /small is not a bump/],
    ['a line that is not a release', '---\n- "@webwallet/shim"\n---\n\nX\n', /is not "package": bump/],
    ['no summary', '---\n"@webwallet/shim": patch\n---\n\n', /no summary/],
    ['a package twice', '---\n"@webwallet/shim": patch\n"@webwallet/shim": minor\n---\nX\n', /named twice/],
  ])('is refused with %s', (_, text, error) => {
    expect(() => parseChangeset(text, 'c.md')).toThrow(error)
  })

  test("is needed for shipped source only: not the package's tests, snapshots or test helpers", () => {
    expect(packageOfSource('shim/src/sdk/WebWallet.ts')).toBe('@webwallet/shim')
    expect(packageOfSource('wallet-sim/src/app.ts')).toBe('@webwallet/wallet-sim')
    for (const path of [
      'shim/src/sdk/WebWallet.test.ts',
      'protocol/src/__snapshots__/exports.test.ts.snap',
      'shim/src/messenger/testing/fakeSocket.ts',
      'shim/README.md',
      'demo/src/App.tsx',
      'e2e/tests/sdk/x.ts',
    ])
      expect(packageOfSource(path), path).toBeUndefined()
  })
})

describe('the rule', () => {
  test('on a branch: a source change since main needs a changeset naming its package', () => {
    const { dir, git, write } = repository()
    git('checkout', '-q', '-b', 'work')
    write('shim/src/index.ts', 'export const a = 2\n')
    write('shim/src/index.test.ts', 'test\n')
    git('commit', '-qam', 'change')
    const missing = checkChangesets(dir, NO_BASE)
    expect(missing.why).toBe('where this branch left main')
    expect(missing.problems).toEqual([
      expect.stringMatching(/^@webwallet\/shim changed since .*shim\/src\/index\.ts\)/),
    ])
    // A changeset for another package does not cover it; one naming it does, committed or not.
    write('.changeset/other.md', '---\n"@webwallet/protocol": patch\n---\n\nOther.\n')
    expect(checkChangesets(dir, NO_BASE).problems).toHaveLength(1)
    write('.changeset/fix.md', SHIM_PATCH)
    expect(checkChangesets(dir, NO_BASE).problems).toEqual([])
  })

  test('a changeset already on main does not cover new work on a branch', () => {
    const { dir, git, write } = repository()
    write('.changeset/old.md', SHIM_PATCH)
    git('add', '.')
    git('commit', '-qm', 'old changeset')
    git('checkout', '-q', '-b', 'work')
    write('shim/src/index.ts', 'export const a = 3\n')
    git('commit', '-qam', 'change')
    expect(checkChangesets(dir, NO_BASE).problems).toHaveLength(1)
  })

  test('on main: since the newest release tag, or only the parse when there is none', () => {
    const { dir, git, write } = repository()
    write('shim/src/index.ts', 'export const a = 4\n')
    git('commit', '-qam', 'untagged work')
    const parseOnly = checkChangesets(dir, NO_BASE)
    expect(parseOnly).toMatchObject({ base: undefined, problems: [] })
    write('.changeset/bad.md', 'no front matter\n')
    expect(checkChangesets(dir, NO_BASE).problems).toEqual([
      expect.stringMatching(/bad\.md: no front matter/),
    ])
    rmSync(join(dir, '.changeset/bad.md'))
    git('tag', '@webwallet/shim@1.0.0-alpha.15')
    write('shim/src/index.ts', 'export const a = 5\n')
    git('commit', '-qam', 'work after the release')
    const tagged = checkChangesets(dir, NO_BASE)
    expect(tagged.why).toBe('the release tag @webwallet/shim@1.0.0-alpha.15')
    expect(tagged.problems).toHaveLength(1)
  })
})

test('this repository keeps the rule', () => {
  const result = checkChangesets(ROOT)
  expect(result.problems).toEqual([])
})
