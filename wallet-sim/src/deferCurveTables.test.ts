// The wallet page's build defers @scure/starknet's Poseidon constants and Pedersen tables to their first use
// (scripts/deferCurveTables.mjs): the deferred module hashes exactly as the library as published, for any
// felts, and the plugin refuses a library whose statements it does not find.
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { deferCurveTables, deferredScure } from '../scripts/deferCurveTables.mjs'

// The copy the wallet page bundles: the one protocol's hashing modules import (wallet-sim has a newer one of
// its own). The library as published (its CommonJS build, which the plugin never touches), its ESM source.
const require = createRequire(new URL('../../protocol/src/session/felt.ts', import.meta.url))
const published = require('@scure/starknet') as typeof import('@scure/starknet')
// lib/index.js (the CommonJS entry) → the package's directory.
const packageDir = dirname(dirname(require.resolve('@scure/starknet')))
const source = readFileSync(join(packageDir, 'lib/esm/index.js'), 'utf8')
// The deferred module, beside a node_modules that resolves its imports as in the package.
const dir = mkdtempSync(join(tmpdir(), 'deferred-scure-'))
symlinkSync(join(packageDir, '../..'), join(dir, 'node_modules'), 'dir')
writeFileSync(join(dir, 'index.mjs'), deferredScure(source).replace(/^\/\/# sourceMappingURL=.*$/m, ''))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const PRIME = 2n ** 251n + 17n * 2n ** 192n + 1n
const felt = fc.bigInt({ min: 0n, max: PRIME - 1n })

describe('deferCurveTables', () => {
  it('hashes as the published library: Pedersen, Poseidon of one, two and many', async () => {
    const deferred = (await import(pathToFileURL(join(dir, 'index.mjs')).href)) as typeof published
    expect(deferred.poseidonSmall.m).toBe(3)
    fc.assert(
      fc.property(felt, felt, fc.array(felt, { maxLength: 5 }), (a, b, many) => {
        expect(deferred.pedersen(a, b)).toBe(published.pedersen(a, b))
        expect(deferred.poseidonHash(a, b)).toBe(published.poseidonHash(a, b))
        expect(deferred.poseidonHashSingle(a)).toBe(published.poseidonHashSingle(a))
        expect(deferred.poseidonHashMany(many)).toBe(published.poseidonHashMany(many))
      }),
      { numRuns: 50 },
    )
  })

  it('transforms only the library, and refuses one whose statements changed', () => {
    const plugin = deferCurveTables() as { transform(code: string, id: string): string | undefined }
    expect(plugin.transform(source, '/x/node_modules/@scure/starknet/lib/esm/index.js')).toBe(
      deferredScure(source),
    )
    expect(plugin.transform(source, '/x/src/other.js')).toBeUndefined()
    expect(() => deferredScure(source.replace('roundsPartial: 83', 'roundsPartial: 84'))).toThrow(
      /@scure\/starknet changed/,
    )
  })
})
