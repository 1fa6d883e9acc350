import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'

// What a browser bundle of an entry pulls in, as size.mjs builds it (starknet external).
async function bundledModules(entry: string): Promise<string[]> {
  const result = await build({
    entryPoints: [fileURLToPath(new URL(entry, import.meta.url))],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    metafile: true,
    external: ['starknet'],
    logLevel: 'silent',
  })
  const output = Object.values(result.metafile.outputs)[0]
  // A module that is reached but tree-shaken away adds nothing, so it does not count.
  return Object.entries(output?.inputs ?? {})
    .filter(([, input]) => input.bytesInOutput > 0)
    .map(([path]) => path)
}

describe('main entry bundle', () => {
  it('bundles no error class: only the plain code lists and storage texts of errors/', async () => {
    const errorModules = (await bundledModules('./index.ts')).filter((path) => path.includes('src/errors/'))
    expect(errorModules.map((path) => path.replace(/^.*src\/errors\//, '')).sort()).toEqual([
      'codes.ts',
      'storageMessages.ts',
    ])
  })

  it('the errors entry bundles the whole table', async () => {
    const modules = await bundledModules('./errors/index.ts')
    expect(modules.some((path) => path.endsWith('src/errors/base.ts'))).toBe(true)
    expect(modules.some((path) => path.endsWith('src/errors/registry.ts'))).toBe(true)
  })
})

describe('fees entry bundle', () => {
  it('is pure bigint: no zod, nothing but the fee module, its constants and the hex writer', async () => {
    const modules = (await bundledModules('./fees.ts')).map((path) => path.replace(/^.*src\//, ''))
    expect(modules.sort()).toEqual(['constants.ts', 'fees.ts', 'starknet/felt.ts'])
  })
})
