#!/usr/bin/env node
// Runs the wallet-sim CLI from its bundle (`npm run build -w @webwallet/wallet-sim` writes it; it starts in
// about half the time of the TypeScript sources). A bundle older than a source is rebuilt first; where that
// cannot be done (no esbuild, read-only install) the sources run through tsx.
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const bundle = join(root, 'dist', 'bin', 'cli.mjs')
const sources = [join(root, 'src'), join(root, '..', 'protocol', 'src')]

function newestSource(dir) {
  if (!existsSync(dir)) return 0
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs)
  }
  return newest
}

let fresh = existsSync(bundle) && statSync(bundle).mtimeMs >= Math.max(...sources.map(newestSource))
if (!fresh) {
  // A checkout whose sources changed since the last build: rebuild the bundle (about half a second, once)
  // when esbuild is installed and the folder is writable, else run the sources through tsx.
  try {
    const { bundleCli } = await import('../scripts/bundle-cli.mjs')
    await bundleCli()
    fresh = true
  } catch {
    fresh = false
  }
}
// A checkout started before any build (`npm ci && npx wallet-sim`): build the wallet UI once, with a message
// (not for `--help`, which starts nothing).
const buildUi = join(root, 'scripts', 'build-ui.mjs')
const help = process.argv.slice(2).some((arg) => arg === '--help' || arg === '-h')
if (existsSync(buildUi) && !help) {
  const { ensureUi } = await import('../scripts/build-ui.mjs')
  try {
    ensureUi()
  } catch (error) {
    console.error(`wallet-sim: the wallet UI could not be built (${error.message}); its pages answer 503.`)
  }
}
if (fresh) {
  await import(bundle)
} else {
  const { register } = await import('tsx/esm/api')
  register()
  await import('../src/cli.ts')
}
