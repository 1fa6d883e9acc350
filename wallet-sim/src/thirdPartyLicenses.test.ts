// scripts/thirdPartyLicenses.mjs: which packages a bundle holds (from esbuild's metafile or Vite's chunks),
// their license texts, and the allow-list that fails the build.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import {
  bundledFiles,
  chunkFiles,
  collectLicenses,
  isAllowedLicense,
  packageRootOf,
  renderLicenses,
  toolFile,
} from '../scripts/thirdPartyLicenses.mjs'

const dir = mkdtempSync(join(tmpdir(), 'wallet-sim-licenses-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function write(path: string, text: string): void {
  mkdirSync(dirname(join(dir, path)), { recursive: true })
  writeFileSync(join(dir, path), text)
}

function fakePackage(root: string, pkg: object, files: Record<string, string> = {}): void {
  write(`${root}/package.json`, JSON.stringify(pkg))
  write(`${root}/index.js`, 'module.exports = 1')
  for (const [name, text] of Object.entries(files)) write(`${root}/${name}`, text)
}

fakePackage(
  'node_modules/@scope/curves',
  { name: '@scope/curves', version: '1.0.0', license: 'MIT' },
  { LICENSE: 'MIT License\nCopyright (c) Scope' },
)
fakePackage(
  'node_modules/b',
  { name: 'b', version: '2.0.0', license: 'ISC' },
  { 'LICENSE.md': 'ISC text of b 2', NOTICE: 'b notice', 'README.md': 'not a license' },
)
fakePackage(
  'node_modules/a',
  { name: 'a', version: '1.0.0', license: '(MIT OR Apache-2.0)' },
  { LICENCE: 'a text' },
)
fakePackage(
  'node_modules/a/node_modules/b',
  { name: 'b', version: '1.0.0', license: 'BSD-3-Clause' },
  { COPYING: 'BSD text of b 1' },
)
// The same version of b installed a second time (not hoisted): listed once.
fakePackage(
  'node_modules/c/node_modules/b',
  { name: 'b', version: '2.0.0', license: 'ISC' },
  { 'LICENSE.md': 'ISC text of b 2' },
)
fakePackage('node_modules/bare', { name: 'bare', version: '0.1.0', license: 'MIT' })
fakePackage('node_modules/old', { name: 'old', version: '0.0.1', licenses: [{ type: 'MIT' }] })
fakePackage('node_modules/shaken', { name: 'shaken', version: '1.0.0', license: 'GPL-3.0' })
fakePackage('node_modules/gpl', { name: 'gpl', version: '3.0.0', license: 'GPL-3.0-only' })
fakePackage('node_modules/@evil/lgpl', { name: '@evil/lgpl', version: '1.0.0', license: 'MIT AND LGPL-2.1' })
write('src/own.ts', 'export {}')

const metafile = (extra: Record<string, { bytesInOutput: number }> = {}) => ({
  inputs: {},
  outputs: {
    'dist/bin/cli.mjs': {
      inputs: {
        'src/own.ts': { bytesInOutput: 10 },
        'node_modules/@scope/curves/index.js': { bytesInOutput: 100 },
        'node_modules/a/index.js': { bytesInOutput: 5 },
        'node_modules/a/node_modules/b/index.js': { bytesInOutput: 5 },
        'node_modules/b/index.js': { bytesInOutput: 5 },
        'node_modules/c/node_modules/b/index.js': { bytesInOutput: 5 },
        'node_modules/bare/index.js': { bytesInOutput: 5 },
        'node_modules/old/index.js': { bytesInOutput: 5 },
        // Tree-shaken to nothing: not in the bundle, so its license does not matter.
        'node_modules/shaken/index.js': { bytesInOutput: 0 },
        ...extra,
      },
    },
  },
})

describe('collectLicenses', () => {
  it('lists every bundled package once, sorted: scoped, nested, legacy field, without a license file', () => {
    const packages = collectLicenses(bundledFiles(metafile(), dir))
    expect(packages.map((p) => `${p.name}@${p.version} ${p.license}`)).toEqual([
      '@scope/curves@1.0.0 MIT',
      'a@1.0.0 (MIT OR Apache-2.0)',
      'b@1.0.0 BSD-3-Clause',
      'b@2.0.0 ISC',
      'bare@0.1.0 MIT',
      'old@0.0.1 MIT',
    ])
    const b2 = packages.find((p) => p.name === 'b' && p.version === '2.0.0')
    expect(b2?.licenseFiles).toEqual([
      { name: 'LICENSE.md', text: 'ISC text of b 2' },
      { name: 'NOTICE', text: 'b notice' },
    ])
    expect(packages.find((p) => p.name === 'a')?.licenseFiles.map((f) => f.name)).toEqual(['LICENCE'])
    expect(packages.find((p) => p.name === 'bare')?.licenseFiles).toEqual([])

    const text = renderLicenses(packages, 'a test bundle')
    expect(text).toContain('The npm packages whose code is bundled in a test bundle')
    expect(text).toContain(
      '## b@1.0.0\n\nLicense: BSD-3-Clause\n\n### COPYING\n\n```text\nBSD text of b 1\n```',
    )
    expect(text).toContain('## bare@0.1.0\n\nLicense: MIT\n\nThe package ships no license file.')
    expect(text).toContain('MIT License\nCopyright (c) Scope')
  })

  it('fails, naming the package and a bundled file of it, on a license outside the allow-list', () => {
    const files = bundledFiles(
      metafile({
        'node_modules/gpl/index.js': { bytesInOutput: 1 },
        'node_modules/@evil/lgpl/index.js': { bytesInOutput: 1 },
      }),
      dir,
    )
    expect(() => collectLicenses(files)).toThrow(
      /license is not allowed \(allowed: MIT, ISC, BSD-3-Clause;[^\n]*\n {2}gpl@3\.0\.0 \(GPL-3\.0-only\), from .*node_modules\/gpl\/index\.js\n {2}@evil\/lgpl@1\.0\.0 \(MIT AND LGPL-2\.1\)/,
    )
    expect(() => collectLicenses(files, { allowed: ['MIT', 'ISC', 'BSD-3-Clause', 'GPL-3.0-only'] })).toThrow(
      /@evil\/lgpl/,
    )
  })

  it('fails on a package with no license field', () => {
    fakePackage('node_modules/nameless', { name: 'nameless', version: '1.0.0' })
    expect(() => collectLicenses([join(dir, 'node_modules/nameless/index.js')])).toThrow(
      /nameless@1\.0\.0 \(no license field\)/,
    )
  })
})

describe('isAllowedLicense', () => {
  it.each([
    ['MIT', true],
    ['(MIT OR GPL-3.0)', true],
    ['GPL-3.0 OR ISC', true],
    ['MIT AND ISC', true],
    ['(MIT AND Zlib)', false],
    ['MIT AND (ISC OR GPL-2.0)', true],
    ['GPL-2.0 WITH Classpath-exception-2.0', false],
    ['Apache-2.0', false],
    ['UNLICENSED', false],
    ['SEE LICENSE IN LICENSE.txt', false],
    ['(MIT', false],
    ['MIT OR', false],
    ['', false],
    [undefined, false],
  ])('%s → %s', (expression, allowed) => {
    expect(isAllowedLicense(expression)).toBe(allowed)
  })
})

describe('the file list', () => {
  it('takes the innermost package root, scoped or not; none for a file of this repository', () => {
    expect(packageRootOf('/r/node_modules/@noble/curves/esm/index.js')).toBe('/r/node_modules/@noble/curves')
    expect(packageRootOf('/r/node_modules/a/node_modules/b/x.js')).toBe('/r/node_modules/a/node_modules/b')
    expect(packageRootOf('/r/wallet-sim/src/cli.ts')).toBeUndefined()
    // firstStart.test.ts builds a copy of this package there, as npx installs below ~/.npm/_npx.
    expect(packageRootOf('/r/node_modules/.cache/first-start-1/ui/src/main.tsx')).toBeUndefined()
  })

  it("reads Vite's chunks: rendered modules only, queries cut, Vite's virtual modules as Vite's", () => {
    const files = chunkFiles({
      'index.html': { type: 'asset' },
      'assets/index.js': {
        type: 'chunk',
        modules: {
          '/r/node_modules/react/index.js?commonjs-es-import': { renderedLength: 10 },
          '/r/node_modules/unused/index.js': { renderedLength: 0 },
          '\0vite/modulepreload-polyfill.js': { renderedLength: 1185 },
          '\0some-plugin/virtual': { renderedLength: 1 },
        },
      },
    })
    expect(files).toEqual(['/r/node_modules/react/index.js', toolFile('vite')])
  })

  it('keeps a license text that holds a code fence inside its block', () => {
    const text = renderLicenses(
      [
        {
          name: 'x',
          version: '1.0.0',
          license: 'MIT',
          licenseFiles: [{ name: 'LICENSE', text: 'a\n```\nb' }],
        },
      ],
      'x',
    )
    expect(text).toContain('````text\na\n```\nb\n````')
  })
})
