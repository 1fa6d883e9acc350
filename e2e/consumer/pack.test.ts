// `npm pack` gives each package only what a user needs: README, LICENSE, CHANGELOG.md (kept by Changesets),
// package.json, dist/ (JavaScript, source maps, declarations with their maps, the compiled sources they point
// at), wallet-sim's bin and built UI, and the licenses of what wallet-sim bundles.
// Never tests, snapshots, fixtures, test helpers, configs or the development CLI bundle.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, inject, it } from 'vitest'
import { PACKAGES, ROOT } from './support/workspace'

const packed = inject('packed')

describe.each(Object.entries(PACKAGES))('the %s tarball', (name, folder) => {
  const pkg = JSON.parse(readFileSync(join(ROOT, folder, 'package.json'), 'utf8'))
  const files = () => (packed.find((p) => p.name === name)?.files ?? []).map((f) => f.path).sort()

  it('holds README, LICENSE, CHANGELOG, package.json and dist/ (plus the bin and the wallet UI for wallet-sim), nothing else', () => {
    const top = [...new Set(files().map((f) => (f.startsWith('ui/dist/') ? 'ui/dist' : f.split('/')[0])))]
    const expected =
      name === '@webwallet/wallet-sim'
        ? ['CHANGELOG.md', 'LICENSE', 'README.md', 'bin', 'dist', 'package.json', 'ui/dist']
        : ['CHANGELOG.md', 'LICENSE', 'README.md', 'dist', 'package.json']
    expect(top.sort()).toEqual(expected)
    if (name === '@webwallet/wallet-sim') {
      expect(files().filter((f) => f.startsWith('bin/'))).toEqual(['bin/wallet-sim.js'])
      expect(files()).toContain('ui/dist/index.html')
      // The bin's CLI bundle (its npm dependencies inside: the startup issue 25 measures), and the licenses of
      // the packages bundled in it and in the wallet UI (wallet-sim/src/publishedLicenses.test.ts reads them).
      expect(files().filter((f) => f.startsWith('dist/bin/'))).toEqual([
        'dist/bin/THIRD_PARTY_LICENSES.md',
        'dist/bin/cli.mjs',
      ])
      expect(files()).toContain('ui/dist/THIRD_PARTY_LICENSES.md')
      const licenses = readFileSync(join(ROOT, folder, 'dist/bin/THIRD_PARTY_LICENSES.md'), 'utf8')
      for (const bundled of ['express', 'starknet', '@noble/curves', 'ws', 'zod'])
        expect(licenses).toMatch(new RegExp(`^## ${bundled}@[^\\n]+\\n\\nLicense: MIT\\n\\n### LICENSE`, 'm'))
      // The Playwright helper (@webwallet/wallet-sim/playwright and /playwright/core) ships built.
      for (const entry of ['index', 'core', 'control', 'dapp', 'launch'])
        for (const ext of ['.js', '.d.ts']) expect(files()).toContain(`dist/playwright/${entry}${ext}`)
      expect(pkg.peerDependenciesMeta).toMatchObject({
        '@playwright/test': { optional: true },
        'playwright-core': { optional: true },
      })
    }
  })

  it("ships the repository's MIT LICENSE and says so in its package.json, with where it comes from", () => {
    expect(readFileSync(join(ROOT, folder, 'LICENSE'), 'utf8')).toBe(
      readFileSync(join(ROOT, 'LICENSE'), 'utf8'),
    )
    expect(readFileSync(join(ROOT, 'LICENSE'), 'utf8')).toMatch(
      /^MIT License\n\nCopyright \(c\) 2026 the webwallet authors\n/,
    )
    expect(pkg.license).toBe('MIT')
    expect(pkg.repository).toEqual({
      type: 'git',
      url: 'git+https://github.com/webwallet/webwallet.git',
      directory: folder,
    })
    expect(pkg.homepage).toBe(`https://github.com/webwallet/webwallet/tree/main/${folder}#readme`)
    expect(pkg.bugs).toEqual({ url: 'https://github.com/webwallet/webwallet/issues' })
    expect(pkg.keywords).toContain('starknet')
    expect(readFileSync(join(ROOT, folder, 'CHANGELOG.md'), 'utf8')).toMatch(
      new RegExp(`^# ${name}\\n\\n## ${pkg.version.replaceAll('.', '\\.')}\\n`),
    )
  })

  it('has no test, snapshot, fixture or test helper', () => {
    const unwanted = files().filter((f) =>
      /\.test\.tsx?$|__snapshots__|fixture|[tT]esting|test-?[hH]elpers|test-?[vV]alues|testCaches|vitest|tsconfig/.test(
        f,
      ),
    )
    expect(unwanted).toEqual([])
  })

  it('has every file its exports map, types and bin name, each JavaScript file with its source map', () => {
    const listed = new Set(files())
    const targets = Object.values(pkg.exports as Record<string, string | Record<string, string>>).flatMap(
      (t) =>
        typeof t === 'string'
          ? [t]
          : Object.entries(t)
              .filter(([c]) => c !== '@webwallet/source')
              .map(([, p]) => p),
    )
    for (const target of [...targets, pkg.main, pkg.types, ...Object.values(pkg.bin ?? {})]) {
      expect(listed.has(target.replace(/^\.\//, '')), target).toBe(true)
    }
    for (const file of listed) {
      if (file.endsWith('.js') && file.startsWith('dist/')) expect(listed.has(`${file}.map`), file).toBe(true)
      if (file.endsWith('.d.ts')) expect(listed.has(`${file}.map`), file).toBe(true)
    }
  })

  it('ships each compiled source once, under dist/src/, and no other TypeScript source', () => {
    const sources = files().filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts'))
    expect(sources.length).toBeGreaterThan(0)
    expect(sources.filter((f) => !f.startsWith('dist/src/'))).toEqual([])
    const declarations = new Set(files().filter((f) => f.endsWith('.d.ts')))
    for (const source of sources) {
      const declaration = source.replace(/^dist\/src\//, 'dist/').replace(/\.tsx?$/, '.d.ts')
      expect(declarations.has(declaration), source).toBe(true)
    }
  })

  it('declares engines, ESM, and only dependencies its built code imports or its types need', () => {
    expect(pkg.engines.node).toBe('>=20.19.0')
    expect(pkg.type).toBe('module')
    expect(pkg.dependencies?.tsx).toBeUndefined()
    const declared = new Set([
      ...Object.keys(pkg.dependencies ?? {}),
      ...Object.keys(pkg.peerDependencies ?? {}),
    ])
    const imported = new Set<string>()
    for (const file of files().filter((f) => f.endsWith('.js') && f.startsWith('dist/'))) {
      const code = readFileSync(join(ROOT, folder, file), 'utf8')
      for (const [, specifier] of code.matchAll(/(?:^|[\s;])(?:from|import)\s*\(?\s*"([@a-z][\w./@-]*)"/gm)) {
        if (specifier?.startsWith('node:')) continue
        const parts = specifier?.split('/') ?? []
        imported.add(specifier?.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? ''))
      }
    }
    expect([...imported].filter((dependency) => !declared.has(dependency))).toEqual([])
  })
})

describe('licence', () => {
  it('every workspace, the root and every compat/ project say MIT', () => {
    const root = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'))
    const compat = readdirSync(join(ROOT, 'compat')).map((name) => `compat/${name}`)
    const folders = [...new Set(['.', ...root.workspaces, ...compat])]
    const licenses = folders.map(
      (folder) => JSON.parse(readFileSync(join(ROOT, folder, 'package.json'), 'utf8')).license,
    )
    expect(Object.fromEntries(folders.map((f, i) => [f, licenses[i]]))).toEqual(
      Object.fromEntries(folders.map((f) => [f, 'MIT'])),
    )
  })
})

describe('engines', () => {
  it('every workspace and the root declare the Node floor the suite runs on', () => {
    const root = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'))
    const folders: string[] = root.workspaces
    const floors = ['.', ...folders].map(
      (folder) => JSON.parse(readFileSync(join(ROOT, folder, 'package.json'), 'utf8')).engines?.node,
    )
    expect(floors).toEqual(floors.map(() => '>=20.19.0'))
  })
})
