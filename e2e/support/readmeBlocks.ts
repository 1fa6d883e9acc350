// The fenced code blocks of every README in the repository (and of CONTRIBUTING.md and docs/*.md), with
// where they start, for the README tests
// (e2e/tests/readme/blocks.test.ts says what each kind of block must do).
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'

export const ROOT = join(import.meta.dirname, '..', '..')

/**
 * What a block is, from its fence's info string (```ts, ```ts no-run, ```tsx browser, ```jsx browser, ```sh…):
 * `node` runs on Node, `browser` is bundled and loaded in Chromium, `typecheck` is a fragment (type-checked if
 * ts/tsx, parsed if js/jsx), `invalid` fails with its `problem`, `other` is not checked.
 */
export type BlockKind = 'node' | 'typecheck' | 'browser' | 'sh' | 'json' | 'other' | 'invalid'

export interface Block {
  /** The README, relative to the repository root (`shim/README.md`). */
  readonly file: string
  /** The line of the opening fence (1-based); the code starts on the next line. */
  readonly line: number
  /** `ts`, `tsx`, `js`, `mjs`, `sh`… */
  readonly lang: string
  readonly flags: readonly string[]
  readonly kind: BlockKind
  readonly code: string
  /** Why the fence is `invalid` (an unknown flag, a tsx or jsx block that does not say where it runs). */
  readonly problem?: string
}

const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.git', 'artifacts', 'coverage', 'results', '.cache'])

/**
 * Every document whose blocks are checked, sorted: each README.md below `root` (build output, dependencies and
 * test artifacts left out), CONTRIBUTING.md and the Markdown pages under docs/.
 */
export function findReadmes(root = ROOT): string[] {
  const found: string[] = []
  const walk = (dir: string, wanted: (name: string) => boolean) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name) && !entry.name.startsWith('.')) walk(join(dir, entry.name), wanted)
      } else if (wanted(entry.name)) found.push(relative(root, join(dir, entry.name)))
    }
  }
  walk(root, (name) => name === 'README.md')
  if (existsSync(join(root, 'docs')))
    walk(join(root, 'docs'), (name) => name.endsWith('.md') && name !== 'README.md')
  if (existsSync(join(root, 'CONTRIBUTING.md'))) found.push('CONTRIBUTING.md')
  return found.sort()
}

/**
 * The documents that hold checked blocks today, which {@link findReadmes} must keep finding: the READMEs, and
 * the guides under docs/ that the READMEs' long sections moved to (a block moved there keeps running).
 */
export const DOCUMENTED_FILES: readonly string[] = [
  'README.md',
  'shim/README.md',
  'wallet-sim/README.md',
  'protocol/README.md',
  'CONTRIBUTING.md',
  'docs/getting-started.md',
  'docs/sdk.md',
  'docs/session-account.md',
  'docs/session-lifecycle.md',
  'docs/connector.md',
  'docs/react.md',
  'docs/sdk-errors.md',
  'docs/simulator.md',
  'docs/wallet-sim-cli.md',
  'docs/chain.md',
  'docs/wallet.md',
  'docs/playwright.md',
  'docs/protocol-package.md',
  'docs/own-contracts.md',
  'docs/sessions.md',
  'docs/gasless.md',
  'docs/production.md',
  'docs/testing.md',
  'docs/migrating.md',
]

const SCRIPT_LANGS = new Set(['ts', 'tsx', 'js', 'jsx', 'mjs', 'typescript', 'javascript'])
/** JSX needs a page: these must say `browser` or `no-run`. */
const JSX_LANGS = new Set(['tsx', 'jsx'])
const SHELL_LANGS = new Set(['sh', 'bash', 'shell', 'console'])

/**
 * The kind a fence's info string gives: script blocks run in Node unless marked `browser` or `no-run`;
 * a `tsx` or `jsx` block must say which (JSX needs a page). Unknown flags make the block `invalid`, so typos fail.
 * @example kindOf('jsx', ['browser']) // { kind: 'browser' }
 * @example kindOf('jsx', []) // { kind: 'invalid', problem: 'a jsx block must be `jsx browser` or `jsx no-run`' }
 */
export function kindOf(lang: string, flags: readonly string[]): { kind: BlockKind; problem?: string } {
  const unknown = flags.find((flag) => flag !== 'browser' && flag !== 'no-run')
  if (unknown) return { kind: 'invalid', problem: `unknown fence flag "${unknown}" (browser, no-run)` }
  if (SCRIPT_LANGS.has(lang)) {
    if (flags.includes('no-run')) return { kind: 'typecheck' }
    if (flags.includes('browser')) return { kind: 'browser' }
    if (JSX_LANGS.has(lang))
      return { kind: 'invalid', problem: `a ${lang} block must be \`${lang} browser\` or \`${lang} no-run\`` }
    return { kind: 'node' }
  }
  if (flags.length) return { kind: 'invalid', problem: 'fence flags apply to script blocks only' }
  if (SHELL_LANGS.has(lang)) return { kind: 'sh' }
  if (lang === 'json') return { kind: 'json' }
  return { kind: 'other' }
}

/**
 * The fenced blocks of one README.
 * @example blocksOf('shim/README.md')[0] // { file: 'shim/README.md', line: 14, lang: 'ts', kind: 'node', … }
 */
export function blocksOf(file: string, root = ROOT): Block[] {
  const lines = readFileSync(join(root, file), 'utf8').split('\n')
  const blocks: Block[] = []
  for (let index = 0; index < lines.length; index++) {
    const open = /^(\s*)(```+|~~~+)\s*(.*)$/.exec(lines[index]!)
    if (!open) continue
    const [, indent = '', fence = '```', info = ''] = open
    const [lang = '', ...flags] = info.trim().split(/\s+/).filter(Boolean)
    const start = index
    const body: string[] = []
    for (index++; index < lines.length && !lines[index]!.trimStart().startsWith(fence); index++) {
      body.push(lines[index]!.startsWith(indent) ? lines[index]!.slice(indent.length) : lines[index]!)
    }
    blocks.push({ file, line: start + 1, lang, flags, ...kindOf(lang, flags), code: `${body.join('\n')}\n` })
  }
  return blocks
}
