// The wallet page imports no server source: what both sides must share (schemas, the allow-list rules, the
// coded errors) lives in @webwallet/protocol, and the parts of the simulator the page bundles, the wallet
// core and its page mode (src/wallet/core, src/wallet/page), import only what a page may bundle. A test rather than biome's noRestrictedImports: that rule matches
// the specifier's text, and `../../src/x` is the server from `ui/src/a.ts` but the page itself from
// `ui/src/a/b.ts`; here every relative specifier is resolved from its file before it is judged.
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const UI_SRC = dirname(fileURLToPath(import.meta.url))
const UI_ROOT = dirname(UI_SRC)
const CORE = resolve(UI_ROOT, '../src/wallet/core')
const PAGE = resolve(UI_ROOT, '../src/wallet/page')
/** The packages the page mode may import besides @webwallet/protocol. */
const PAGE_PACKAGES = ['zod/mini', '@trpc/server', '@trpc/server/unstable-core-do-not-import']

/** Every module specifier of a source: static imports and re-exports (types too), dynamic imports. */
export function specifiers(source: string): string[] {
  const found: string[] = []
  const patterns = [
    /\b(?:import|export)\b[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
    // Not the `import` that ends a package name (`…/unstable-core-do-not-import'`).
    /(?<![\w$./-])import\s*\(?\s*['"]([^'"]+)['"]/g,
  ]
  for (const pattern of patterns) for (const match of source.matchAll(pattern)) found.push(match[1]!)
  return found
}

/**
 * Why `specifier`, imported by `file`, reaches outside the page (undefined when it does not): a relative
 * path that leaves `wallet-sim/ui`, or the simulator package by name. A test (never bundled) may also read
 * protocol's shared test fixtures (protocol/src/<area>/testing/), the one copy every workspace's tests use.
 */
export function outsideImport(file: string, specifier: string, uiRoot = UI_ROOT): string | undefined {
  // The wallet core and its page mode are the parts of the simulator the page shares: browser-safe
  // (the last describe of this file holds that).
  if (specifier === '@webwallet/wallet-sim/core' || specifier === '@webwallet/wallet-sim/page')
    return undefined
  if (specifier === '@webwallet/wallet-sim' || specifier.startsWith('@webwallet/wallet-sim/')) {
    return `${specifier} is the simulator's own package`
  }
  if (!specifier.startsWith('.')) return undefined
  const target = relative(uiRoot, resolve(dirname(file), specifier))
  const [up, root, pkg, src, , testing, name] = target.split(sep)
  const fixture = up === '..' && root === '..' && pkg === 'protocol' && src === 'src' && testing === 'testing'
  if (/\.test\.tsx?$/.test(file) && fixture && name !== undefined) return undefined
  return target.startsWith(`..${sep}`) || target === '..'
    ? `${specifier} resolves outside wallet-sim/ui`
    : undefined
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sources(path)
    return /\.tsx?$/.test(entry.name) ? [path] : []
  })
}

describe('the wallet page imports no server source', () => {
  it('finds every kind of import', () => {
    const text = [
      "import { a } from '../../../src/wallet/x'",
      "import type { B } from '../../src/b'",
      "export * from './c'",
      "import './d.css'",
      "const e = await import('../e')",
      'import {\n  f,\n  g,\n} from "@webwallet/protocol"',
      "import { h } from '@trpc/server/unstable-core-do-not-import'",
    ].join('\n')
    expect(specifiers(text).sort()).toEqual(
      [
        '../../../src/wallet/x',
        '../../src/b',
        './c',
        './d.css',
        '../e',
        '@webwallet/protocol',
        '@trpc/server/unstable-core-do-not-import',
      ].sort(),
    )
  })

  it('judges a specifier by where it resolves, not by its text', () => {
    const root = resolve('/repo/wallet-sim/ui')
    expect(outsideImport(`${root}/src/a/b.ts`, '../../src/x', root)).toBeUndefined()
    expect(outsideImport(`${root}/src/a.ts`, '../../src/wallet/x', root)).toMatch(/outside wallet-sim\/ui/)
    expect(outsideImport(`${root}/src/a/b.ts`, '../../../src/wallet/x', root)).toMatch(/outside/)
    expect(outsideImport(`${root}/src/a.ts`, '@webwallet/wallet-sim/testing', root)).toMatch(/own package/)
    expect(outsideImport(`${root}/src/a.ts`, '@webwallet/protocol/wallet', root)).toBeUndefined()
    expect(outsideImport(`${root}/src/a.ts`, '@webwallet/wallet-sim/core', root)).toBeUndefined()
    expect(outsideImport(`${root}/src/a.ts`, '@webwallet/wallet-sim/page', root)).toBeUndefined()
    expect(outsideImport(`${root}/src/a.ts`, '@webwallet/wallet-sim/core/mode', root)).toMatch(/own package/)
    const fixture = '../../../../protocol/src/typedData/testing/messages'
    expect(outsideImport(`${root}/src/a/b.test.tsx`, fixture, root)).toBeUndefined()
    expect(outsideImport(`${root}/src/a/b.tsx`, fixture, root)).toMatch(/outside/)
    expect(
      outsideImport(`${root}/src/a/b.test.tsx`, '../../../../protocol/src/typedData/known', root),
    ).toMatch(/outside/)
    expect(outsideImport(`${root}/src/a/b.test.tsx`, '../../../src/wallet/testing/typedData', root)).toMatch(
      /outside/,
    )
  })

  it('holds for every file under wallet-sim/ui/src', () => {
    // This file is left out: its own examples above are plants.
    const files = sources(UI_SRC).filter((file) => file !== fileURLToPath(import.meta.url))
    expect(files.length).toBeGreaterThan(10)
    const offending = files.flatMap((file) =>
      specifiers(readFileSync(file, 'utf8')).flatMap((specifier) => {
        const why = outsideImport(file, specifier)
        return why === undefined ? [] : [`${relative(UI_ROOT, file)}: ${why}`]
      }),
    )
    expect(offending).toEqual([])
  })
})

/**
 * Why `specifier`, imported by `file`, is not allowed in the folder `home` (undefined when it is): a package
 * other than @webwallet/protocol and `packages`, or a relative path that leaves `home` for anywhere but
 * `siblings`.
 */
function importProblem(
  file: string,
  specifier: string,
  home: string,
  options: { packages?: readonly string[]; siblings?: readonly string[] } = {},
): string | undefined {
  if (specifier === '@webwallet/protocol' || specifier.startsWith('@webwallet/protocol/')) return undefined
  if (options.packages?.includes(specifier)) return undefined
  if (!specifier.startsWith('.')) return `${specifier} is neither @webwallet/protocol nor the wallet's own`
  const target = resolve(dirname(file), specifier)
  const inside = (folder: string) => {
    const path = relative(folder, target)
    return !(path.startsWith(`..${sep}`) || path === '..')
  }
  if (inside(home) || (options.siblings ?? []).some(inside)) return undefined
  return `${specifier} leaves ${relative(dirname(home), home)}`
}

function problems(home: string, options: Parameters<typeof importProblem>[3] = {}): string[] {
  const files = readdirSync(home)
    .filter((name) => /\.tsx?$/.test(name) && !/\.test(-d)?\.tsx?$/.test(name))
    .map((name) => join(home, name))
  expect(files.length).toBeGreaterThan(2)
  return files.flatMap((file) =>
    specifiers(readFileSync(file, 'utf8')).flatMap((specifier) => {
      const why = importProblem(file, specifier, home, options)
      return why === undefined ? [] : [`${relative(home, file)}: ${why}`]
    }),
  )
}

describe('the wallet core and page mode import only what the page may bundle', () => {
  it('judges each specifier', () => {
    const core = resolve('/repo/wallet-sim/src/wallet/core')
    const page = resolve('/repo/wallet-sim/src/wallet/page')
    expect(importProblem(`${core}/a.ts`, './mode', core)).toBeUndefined()
    expect(importProblem(`${core}/a.ts`, '@webwallet/protocol/errors', core)).toBeUndefined()
    expect(importProblem(`${core}/a.ts`, '../WalletService', core)).toMatch(/leaves core/)
    expect(importProblem(`${core}/a.ts`, '../page', core)).toMatch(/leaves core/)
    expect(importProblem(`${core}/a.ts`, 'node:fs', core)).toMatch(/neither/)
    expect(importProblem(`${core}/a.ts`, 'starknet', core)).toMatch(/neither/)
    expect(importProblem(`${core}/a.ts`, '@webwallet/protocolx', core)).toMatch(/neither/)
    const pageRules = { packages: PAGE_PACKAGES, siblings: [core] }
    expect(importProblem(`${page}/a.ts`, '../core', page, pageRules)).toBeUndefined()
    expect(importProblem(`${page}/a.ts`, 'zod/mini', page, pageRules)).toBeUndefined()
    expect(importProblem(`${page}/a.ts`, '../ledger', page, pageRules)).toMatch(/leaves page/)
    expect(importProblem(`${page}/a.ts`, 'express', page, pageRules)).toMatch(/neither/)
  })

  it('holds for every source file of the core', () => {
    expect(problems(CORE)).toEqual([])
  })

  it('holds for every source file of the page mode', () => {
    expect(problems(PAGE, { packages: PAGE_PACKAGES, siblings: [CORE] })).toEqual([])
  })
})
