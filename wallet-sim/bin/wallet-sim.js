#!/usr/bin/env node
// Runs the wallet-sim CLI: the bundle that `npm run build -w @webwallet/wallet-sim` writes when it is newer
// than every source it was built from (it starts faster), otherwise the TypeScript sources through tsx.
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

const fresh = existsSync(bundle) && statSync(bundle).mtimeMs >= Math.max(...sources.map(newestSource))
if (fresh) {
  await import(bundle)
} else {
  const { register } = await import('tsx/esm/api')
  register()
  await import('../src/cli.ts')
}
