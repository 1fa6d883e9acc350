#!/usr/bin/env node
// The wallet-sim command. Installed from the package, it runs the built CLI bundle (dist/bin/cli.mjs) with
// plain node.
// In this repository (the sources and scripts/ are next to it) it runs the sources instead, bundled by
// esbuild with @webwallet/protocol's sources and the npm dependencies (a few seconds, only when a source,
// package.json or the installed packages are newer than the bundle), so development never needs a build of
// protocol first.
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const checkout = existsSync(join(root, 'scripts', 'bundleCli.mjs')) && existsSync(join(root, 'src', 'cli.ts'))

function newestSource(dir) {
  if (!existsSync(dir)) return 0
  if (!statSync(dir).isDirectory()) return statSync(dir).mtimeMs
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs)
  }
  return newest
}

if (!checkout) {
  // The package's CLI as one bundle with its npm dependencies (about 40% less startup than loading some 300
  // files of express, starknet.js, zod and ws module by module); the module-by-module build if it is missing.
  const bundled = join(root, 'dist', 'bin', 'cli.mjs')
  await import(existsSync(bundled) ? pathToFileURL(bundled).href : '../dist/cli.js')
} else {
  const bundle = join(root, 'dist', 'bin', 'cli.mjs')
  // The bundle holds the npm dependencies too: an install (npm's lock file in node_modules) rebuilds it.
  const sources = [
    join(root, 'src'),
    join(root, '..', 'protocol', 'src'),
    join(root, 'package.json'),
    join(root, '..', 'node_modules', '.package-lock.json'),
  ]
  if (!existsSync(bundle) || statSync(bundle).mtimeMs < Math.max(...sources.map(newestSource))) {
    const { bundleCli } = await import('../scripts/bundleCli.mjs')
    await bundleCli()
  }
  // A checkout started before any build (`npm ci && npx wallet-sim`): build the wallet UI once, with a
  // message (not for `--help`, which starts nothing).
  const help = process.argv.slice(2).some((arg) => arg === '--help' || arg === '-h')
  if (!help) {
    const { ensureUi } = await import('../scripts/buildUi.mjs')
    try {
      ensureUi()
    } catch (error) {
      console.error(`wallet-sim: the wallet UI could not be built (${error.message}); its pages answer 503.`)
    }
  }
  await import(bundle)
}
