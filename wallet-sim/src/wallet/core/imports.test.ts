// The wallet core and its page mode are bundled by the wallet page: the core imports only
// @webwallet/protocol (any entry) and its own files; the page mode also the core, zod/mini and the tRPC
// server's envelope handling. Neither imports the server (node:, express, the chain, WalletService).
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { specifiers } from '../../../ui/src/imports.test'

const CORE = dirname(fileURLToPath(import.meta.url))
const PAGE = join(dirname(CORE), 'page')
/** The packages the page mode may import besides @webwallet/protocol. */
const PAGE_PACKAGES = ['zod/mini', '@trpc/server', '@trpc/server/unstable-core-do-not-import']

/**
 * Why `specifier`, imported by `file`, is not allowed in the folder `home` (undefined when it is): a package
 * other than @webwallet/protocol and `packages`, or a relative path that leaves `home` for anywhere but
 * `siblings`.
 */
export function importProblem(
  file: string,
  specifier: string,
  home = CORE,
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
