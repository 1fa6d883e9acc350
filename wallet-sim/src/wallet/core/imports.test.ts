// The wallet core is bundled by the wallet page: it imports only @webwallet/protocol (any entry) and its
// own files, never the server (node:, express, the chain, WalletService) nor a third-party package.
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { specifiers } from '../../../ui/src/imports.test'

const CORE = dirname(fileURLToPath(import.meta.url))

/** Why `specifier`, imported by `file`, is not allowed in the core (undefined when it is). */
export function coreImportProblem(file: string, specifier: string, core = CORE): string | undefined {
  if (specifier === '@webwallet/protocol' || specifier.startsWith('@webwallet/protocol/')) return undefined
  if (!specifier.startsWith('.')) return `${specifier} is neither @webwallet/protocol nor the core`
  const target = relative(core, resolve(dirname(file), specifier))
  return target.startsWith(`..${sep}`) || target === '..' ? `${specifier} leaves the core` : undefined
}

describe('the wallet core imports only @webwallet/protocol and itself', () => {
  it('judges each specifier', () => {
    const core = resolve('/repo/wallet-sim/src/wallet/core')
    expect(coreImportProblem(`${core}/a.ts`, './mode', core)).toBeUndefined()
    expect(coreImportProblem(`${core}/a.ts`, '@webwallet/protocol/errors', core)).toBeUndefined()
    expect(coreImportProblem(`${core}/a.ts`, '../WalletService', core)).toMatch(/leaves the core/)
    expect(coreImportProblem(`${core}/a.ts`, 'node:fs', core)).toMatch(/neither/)
    expect(coreImportProblem(`${core}/a.ts`, 'starknet', core)).toMatch(/neither/)
    expect(coreImportProblem(`${core}/a.ts`, '@webwallet/protocolx', core)).toMatch(/neither/)
  })

  it('holds for every source file of the core', () => {
    const files = readdirSync(CORE)
      .filter((name) => /\.tsx?$/.test(name) && !/\.test(-d)?\.tsx?$/.test(name))
      .map((name) => join(CORE, name))
    expect(files.length).toBeGreaterThan(2)
    const offending = files.flatMap((file) =>
      specifiers(readFileSync(file, 'utf8')).flatMap((specifier) => {
        const why = coreImportProblem(file, specifier)
        return why === undefined ? [] : [`${relative(CORE, file)}: ${why}`]
      }),
    )
    expect(offending).toEqual([])
  })
})
