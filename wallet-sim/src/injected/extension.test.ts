// `wallet-sim extension <dir>`: the files it writes (a Manifest V3 main-world content script for local hosts
// only, no permissions), the patterns it refuses (every site), and the command line's parsing. Loading it in
// Chromium: e2e/tests/compat/injectedExtension.test.ts.
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkMatches, ExtensionUsageError, parseExtensionArgs, writeExtension } from './extension'

describe('writeExtension', () => {
  it('writes a permissionless MV3 extension that injects into local hosts, in the main world, at document_start', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'wallet-sim-ext-')), 'ext')
    const files = writeExtension(dir, { as: 'braavos', url: 'http://127.0.0.1:4000/ignored' })
    expect(files.map((f) => f.slice(dir.length + 1))).toEqual(['manifest.json', 'injected.js', 'README.txt'])
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'))
    expect(manifest).toMatchObject({
      manifest_version: 3,
      content_scripts: [
        {
          matches: ['http://localhost/*', 'http://127.0.0.1/*'],
          js: ['injected.js'],
          run_at: 'document_start',
          world: 'MAIN',
        },
      ],
    })
    expect(Object.keys(manifest)).not.toContain('permissions')
    expect(Object.keys(manifest)).not.toContain('host_permissions')
    const script = readFileSync(join(dir, 'injected.js'), 'utf8')
    expect(script).toContain('"walletOrigin":"http://127.0.0.1:4000"')
    expect(script).toContain('"id":"braavos"')
    expect(() => new Function(script)).not.toThrow()
  })

  it('refuses patterns that reach every site, or no site', () => {
    for (const pattern of [
      '<all_urls>',
      '*://*/*',
      'http://*/*',
      'https://*',
      'file:///*',
      'ws://localhost/*',
    ])
      expect(() => checkMatches([pattern])).toThrow(ExtensionUsageError)
    expect(() => checkMatches([])).toThrow(ExtensionUsageError)
    expect(checkMatches(['https://*.example.dev/*', 'http://localhost:5173/*'])).toHaveLength(2)
  })
})

describe('parseExtensionArgs', () => {
  it('reads the directory and the options, and refuses what it does not know', () => {
    expect(
      parseExtensionArgs([
        'ext',
        '--as',
        'argentX',
        '--match',
        'http://localhost/*',
        '--match',
        'http://dev.local/*',
      ]),
    ).toEqual({
      dir: 'ext',
      options: { as: 'argentX', matches: ['http://localhost/*', 'http://dev.local/*'] },
    })
    for (const args of [
      [],
      ['a', 'b'],
      ['ext', '--as', 'metamask'],
      ['ext', '--url', 'localhost:3005'],
      ['ext', '--nope'],
    ])
      expect(() => parseExtensionArgs(args)).toThrow(ExtensionUsageError)
  })
})
