// Bundle cost of each browser entry point: esbuild, minified, gzip, starknet.js external (as the issue budgets say).
// `--check` exits non-zero when an entry is over its budget.
import { existsSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'

export const ENTRIES = [
  { name: '@webwallet/protocol', entry: 'protocol/src/index.ts', budgetKb: 15 },
  { name: '@webwallet/protocol/errors', entry: 'protocol/src/errors/index.ts', budgetKb: 5 },
  { name: '@webwallet/shim/connector', entry: 'shim/src/connector/index.ts', budgetKb: 15 },
  // 25 → 27: issue 15's init-option checks, coded errors, compact session storage, abort/timeouts and the node
  // version check (+1.8 KB gzip, zod-free; protocol's zod schemas would have cost ~8.5 KB).
  { name: '@webwallet/shim', entry: 'shim/src/index.ts', budgetKb: 27 },
]

export async function measure(entry, external = ['starknet', 'react', 'react-dom']) {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    treeShaking: true,
    external,
    logLevel: 'silent',
  })
  const code = result.outputFiles[0].contents
  return { minBytes: code.byteLength, gzipBytes: gzipSync(code, { level: 9 }).byteLength }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const check = process.argv.includes('--check')
  let over = false
  const rows = []
  for (const { name, entry, budgetKb } of ENTRIES) {
    if (!existsSync(entry)) {
      rows.push({
        entry: name,
        'min KB': '-',
        'gzip KB': '-',
        'budget KB': budgetKb,
        status: 'not built yet',
      })
      continue
    }
    const { minBytes, gzipBytes } = await measure(entry)
    const gzipKb = gzipBytes / 1024
    const ok = gzipKb <= budgetKb
    over ||= !ok
    rows.push({
      entry: name,
      'min KB': (minBytes / 1024).toFixed(1),
      'gzip KB': gzipKb.toFixed(1),
      'budget KB': budgetKb,
      status: ok ? 'ok' : 'OVER BUDGET',
    })
  }
  console.table(rows)
  if (check && over) {
    console.error('A bundle is over its budget (minified + gzip, starknet external).')
    process.exit(1)
  }
}
