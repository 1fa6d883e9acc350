// Builds the hosted wallet UI (ui/ → ui/dist) with Vite in production mode, when it is missing or, with
// `--if-stale`, older than its sources. The published package ships the UI prebuilt; this is for a checkout:
// `npx wallet-sim` after `npm ci` builds it on first start, `npm start` rebuilds it after UI changes.
//   node wallet-sim/scripts/buildUi.mjs [--if-stale] [--out-dir DIR]
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const PACKAGE = fileURLToPath(new URL('..', import.meta.url))
export const UI_CONFIG = join(PACKAGE, 'ui', 'vite.config.ts')
export const UI_DIST = join(PACKAGE, 'ui', 'dist')
/** What the UI is built from: its own sources, the wallet core and page mode it bundles, and protocol's. */
const UI_SOURCES = [
  join(PACKAGE, 'ui', 'src'),
  join(PACKAGE, 'ui', 'index.html'),
  UI_CONFIG,
  join(PACKAGE, 'src', 'wallet', 'core'),
  join(PACKAGE, 'src', 'wallet', 'page'),
]
const PROTOCOL_SOURCES = join(PACKAGE, '..', 'protocol', 'src')

function newestMtime(path) {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = 0
  for (const entry of readdirSync(path)) {
    if (!entry.endsWith('.test.ts') && !entry.endsWith('.test.tsx'))
      newest = Math.max(newest, newestMtime(join(path, entry)))
  }
  return newest
}

/**
 * Why the UI in `outDir` must be built: 'missing', 'stale' (with `ifStale`, a source is newer), or
 * undefined when it is up to date — or when there is nothing to build it from (an installed package).
 * @example uiBuildReason(UI_DIST, { ifStale: true }) // 'stale' after an edit of ui/src
 */
export function uiBuildReason(outDir = UI_DIST, { ifStale = false } = {}) {
  if (!existsSync(UI_CONFIG)) return undefined
  const index = join(outDir, 'index.html')
  if (!existsSync(index)) return 'missing'
  if (!ifStale) return undefined
  const sources = Math.max(...UI_SOURCES.map(newestMtime), newestMtime(PROTOCOL_SOURCES))
  return sources > statSync(index).mtimeMs ? 'stale' : undefined
}

/**
 * Runs `vite build` (production mode) into `outDir`. Throws with Vite's exit status when it fails, or when
 * Vite is not installed (an install without dev dependencies and without the prebuilt UI).
 * @example buildUi(UI_DIST)
 */
export function buildUi(outDir = UI_DIST) {
  let vite
  try {
    vite = join(dirname(createRequire(UI_CONFIG).resolve('vite/package.json')), 'bin', 'vite.js')
  } catch {
    throw new Error('Vite is not installed: install the dev dependencies (npm ci), then start again.')
  }
  const result = spawnSync(
    process.execPath,
    [
      vite,
      'build',
      '--config',
      UI_CONFIG,
      '--mode',
      'production',
      '--outDir',
      resolve(outDir),
      '--emptyOutDir',
    ],
    { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, NODE_ENV: 'production' } },
  )
  if (result.status !== 0) throw new Error(`vite build failed (exit ${result.status ?? result.signal})`)
}

/**
 * Builds the UI when `uiBuildReason` says so, telling the user why the start takes longer. Returns whether
 * it built.
 * @example await ensureUi({ log: console.error })
 */
export function ensureUi({ outDir = UI_DIST, ifStale = false, log = console.error } = {}) {
  const reason = uiBuildReason(outDir, { ifStale })
  if (!reason) return false
  log(
    reason === 'missing'
      ? 'wallet-sim: the wallet UI is not built yet; building it once (vite build, up to a minute)...'
      : 'wallet-sim: the wallet UI sources changed since the last build; rebuilding it (vite build)...',
  )
  buildUi(outDir)
  log(`wallet-sim: wallet UI built in ${outDir}`)
  return true
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const args = process.argv.slice(2)
  const at = args.indexOf('--out-dir')
  try {
    ensureUi({ ifStale: args.includes('--if-stale'), ...(at === -1 ? {} : { outDir: args[at + 1] }) })
  } catch (error) {
    console.error(`wallet-sim: ${error instanceof Error ? error.message : error}`)
    process.exit(1)
  }
}
