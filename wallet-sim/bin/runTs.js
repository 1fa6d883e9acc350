#!/usr/bin/env node
// Runs a TypeScript file of this package: `node bin/runTs.js bench/index.ts [args]`.
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { register } from 'tsx/esm/api'

const file = process.argv[2]
if (!file) {
  console.error('usage: runTs.js FILE.ts [args]')
  process.exit(2)
}
register()
process.argv.splice(2, 1)
await import(pathToFileURL(resolve(file)).href)
