// The changeset rule (CONTRIBUTING.md, "Changesets"): a change to the shipped source of a published package
// comes with a changeset that names that package. `node scripts/changesets.mjs` checks the work since the
// branch left main (or, on main itself, since the newest release tag); with neither, it only checks that
// every changeset parses. e2e/tests/scripts/changesets.test.ts runs it in `npm test`.
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/** The published packages, by name, and their folders. */
export const PUBLISHED = {
  '@webwallet/protocol': 'protocol',
  '@webwallet/shim': 'shim',
  '@webwallet/wallet-sim': 'wallet-sim',
}

const BUMPS = new Set(['major', 'minor', 'patch', 'none'])
// What `npm pack` leaves out of src/ (the pack test's list): a change there ships nothing.
const NOT_SHIPPED =
  /\.test(-d)?\.tsx?$|__snapshots__|fixture|[tT]esting|test-?[hH]elpers|test-?[vV]alues|testCaches/

/**
 * The published package whose shipped source `path` is (a path from the repository root), if any.
 * @example packageOfSource('shim/src/index.ts') // '@webwallet/shim'
 */
export function packageOfSource(path) {
  for (const [name, folder] of Object.entries(PUBLISHED))
    if (path.startsWith(`${folder}/src/`) && !NOT_SHIPPED.test(path)) return name
  return undefined
}

/**
 * A changeset's releases and summary; throws an Error naming `file` when it is not a valid changeset of ours.
 * @example parseChangeset(readFileSync(file, 'utf8'), file).releases // [{ name: '@webwallet/shim', type: 'patch' }]
 */
export function parseChangeset(text, file) {
  const match = /^---\r?\n([\s\S]*?)\r?\n?---\r?\n([\s\S]*)$/.exec(text)
  if (!match) throw new Error(`${file}: no front matter (--- lines naming the packages and their bumps)`)
  const releases = []
  for (const line of (match[1] ?? '').split(/\r?\n/).filter((l) => l.trim())) {
    const release = /^\s*(["']?)(@?[\w./-]+)\1\s*:\s*(\w+)\s*$/.exec(line)
    if (!release) throw new Error(`${file}: "${line}" is not "package": bump`)
    const [, , name = '', type = ''] = release
    if (!(name in PUBLISHED))
      throw new Error(`${file}: ${name} is not a published package of this repository`)
    if (!BUMPS.has(type)) throw new Error(`${file}: ${type} is not a bump (major, minor, patch or none)`)
    if (releases.some((r) => r.name === name)) throw new Error(`${file}: ${name} is named twice`)
    releases.push({ name, type })
  }
  const summary = (match[2] ?? '').trim()
  if (!summary) throw new Error(`${file}: no summary (the text for the CHANGELOG)`)
  return { releases, summary }
}

const git = (cwd, args) =>
  execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()
const tryGit = (cwd, args) => {
  try {
    return git(cwd, args)
  } catch {
    return undefined
  }
}

/**
 * What the work is measured from: CHANGESET_BASE when set; on a branch, where it left main; on main (or in a
 * clone with no main), the newest release tag; else nothing (only the parse is checked).
 */
export function findBase(cwd, env = process.env) {
  if (env.CHANGESET_BASE) return { base: env.CHANGESET_BASE, why: 'CHANGESET_BASE' }
  const onMainLine = tryGit(cwd, ['merge-base', '--is-ancestor', 'HEAD', 'main']) !== undefined
  if (tryGit(cwd, ['rev-parse', '--verify', '-q', 'main^{commit}']) && !onMainLine) {
    const base = tryGit(cwd, ['merge-base', 'HEAD', 'main'])
    if (base) return { base, why: 'where this branch left main' }
  }
  const tag = tryGit(cwd, ['describe', '--tags', '--abbrev=0', '--match', '@webwallet/*'])
  if (tag) return { base: tag, why: `the release tag ${tag}` }
  return { base: undefined, why: 'on main with no release tag yet: only the changesets are parsed' }
}

/** Files changed since `base`: committed, staged, unstaged and untracked. */
function changedSince(cwd, base) {
  const changed = git(cwd, ['diff', '--name-only', base]).split('\n')
  const untracked = git(cwd, ['ls-files', '--others', '--exclude-standard']).split('\n')
  return [...new Set([...changed, ...untracked])].filter(Boolean)
}

/**
 * The check: every changeset parses, and each published package whose shipped source changed since the base
 * is named by a changeset added or edited since then. `problems` is empty when the rule holds.
 */
export function checkChangesets(cwd, env = process.env) {
  const problems = []
  const parsed = new Map()
  const dir = join(cwd, '.changeset')
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.md') && f !== 'README.md')) {
    try {
      parsed.set(
        `.changeset/${file}`,
        parseChangeset(readFileSync(join(dir, file), 'utf8'), `.changeset/${file}`),
      )
    } catch (error) {
      problems.push(error instanceof Error ? error.message : String(error))
    }
  }
  const { base, why } = findBase(cwd, env)
  const changedPackages = new Map()
  if (base !== undefined) {
    const changed = changedSince(cwd, base)
    for (const path of changed) {
      const name = packageOfSource(path)
      if (name) changedPackages.set(name, [...(changedPackages.get(name) ?? []), path])
    }
    const named = new Set(
      changed.flatMap((path) => parsed.get(path)?.releases.map((release) => release.name) ?? []),
    )
    for (const [name, files] of changedPackages)
      if (!named.has(name))
        problems.push(
          `${name} changed since ${why} (${files.slice(0, 3).join(', ')}${files.length > 3 ? ', …' : ''}) ` +
            'with no changeset naming it: run `npx changeset` and commit the file it writes.',
        )
  }
  return { base, why, changesets: [...parsed.keys()], changedPackages, problems }
}

if (process.argv[1] && import.meta.url === `file://${process.argv[1]}`) {
  const result = checkChangesets(process.cwd())
  console.log(`changesets: ${result.changesets.length} pending; measured from ${result.why}`)
  for (const problem of result.problems) console.error(`✖ ${problem}`)
  process.exit(result.problems.length ? 1 : 0)
}
