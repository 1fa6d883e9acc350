// Packs the three packages of this repository with `npm pack`, as a user would before they are on the
// registry. The packages must be built (`node scripts/build.mjs`, the build step of `npm test`): a dist/
// older than its sources fails here instead of testing yesterday's build.
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { Tarballs } from './apps'
import { run } from './run'

export const ROOT = join(import.meta.dirname, '..', '..', '..')
export const PACKAGES = {
  '@webwallet/protocol': 'protocol',
  '@webwallet/shim': 'shim',
  '@webwallet/wallet-sim': 'wallet-sim',
}

function newest(dir: string): number {
  let latest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs)
  }
  return latest
}

function oldest(dir: string): number {
  let first = Number.POSITIVE_INFINITY
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    first = Math.min(first, entry.isDirectory() ? oldest(path) : statSync(path).mtimeMs)
  }
  return first
}

/** Throws unless every package has a dist/ newer than its sources (and wallet-sim its built UI). */
export function assertBuilt(): void {
  for (const [name, folder] of Object.entries(PACKAGES)) {
    const dist = join(ROOT, folder, 'dist')
    if (!existsSync(join(dist, 'index.js')) || oldest(dist) < newest(join(ROOT, folder, 'src'))) {
      throw new Error(`${name} is not built or older than its sources: run \`node scripts/build.mjs\` first.`)
    }
  }
  if (!existsSync(join(ROOT, 'wallet-sim', 'ui', 'dist', 'index.html'))) {
    throw new Error('The wallet UI is not built: run `node scripts/build.mjs` first.')
  }
}

export interface Packed {
  readonly name: string
  readonly filename: string
  readonly files: readonly { readonly path: string }[]
}

/** `npm pack` of the three packages into `dest` (their build is checked, not redone: no prepack). */
export async function packAll(dest: string): Promise<{ tarballs: Tarballs; packed: Packed[] }> {
  assertBuilt()
  const workspaces = Object.keys(PACKAGES).flatMap((name) => ['-w', name])
  const out = await run(
    'npm',
    ['pack', ...workspaces, '--ignore-scripts', '--json', '--pack-destination', dest],
    ROOT,
  )
  const packed = JSON.parse(out.slice(out.indexOf('['))) as Packed[]
  const tarballs = Object.fromEntries(packed.map((p) => [p.name, join(dest, p.filename)])) as Tarballs
  return { tarballs, packed }
}
