// What the repository's source scans share: the files git tracks (and new ones not ignored), and which of a set
// of named patterns a text writes.
import { execFileSync } from 'node:child_process'
import { existsSync, statSync } from 'node:fs'
import { join } from 'node:path'

export const ROOT = join(import.meta.dirname, '..', '..', '..')

/**
 * The repository's files under `paths` (all by default) whose name passes `keep`, that exist as files.
 *
 * @example trackedFiles((f) => f.endsWith('.ts'), ['shim/src/'])
 */
export function trackedFiles(keep: (file: string) => boolean, paths: readonly string[] = []): string[] {
  return execFileSync('git', ['ls-files', '-co', '--exclude-standard', ...paths], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((f) => f !== '' && keep(f))
    .filter((f) => existsSync(join(ROOT, f)) && statSync(join(ROOT, f)).isFile())
}

/**
 * The names of the `patterns` that `text` matches, in the patterns' order.
 *
 * @example namesMatching({ hex: /0x/ }, 'a 0x1') // ['hex']
 */
export function namesMatching(patterns: Readonly<Record<string, RegExp>>, text: string): string[] {
  return Object.entries(patterns)
    .filter(([, pattern]) => pattern.test(text))
    .map(([name]) => name)
}
