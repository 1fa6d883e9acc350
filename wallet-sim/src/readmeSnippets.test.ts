// The values of the `loginLimits` example in docs/wallet-sim-cli.md (e2e/tests/readme/blocks.test.ts runs every
// block of the READMEs and guides; this one also checks what it prints). Its imports point at this package's entry and at the
// starknet.js the tests use; a line appended after the block reads the limits it configured.
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { expect, it } from 'vitest'

const entry = JSON.stringify(fileURLToPath(new URL('./index.ts', import.meta.url)))
const starknet = JSON.stringify(fileURLToPath(import.meta.resolve('starknet')))

function readmeBlock(path: string, pattern: RegExp): string {
  const readme = readFileSync(fileURLToPath(new URL(path, import.meta.url)), 'utf8')
  const block = pattern.exec(readme)?.[1]
  if (block === undefined) throw new Error(`${path}: no block matches ${pattern}`)
  return block
}

async function runModule<T>(name: string, code: string): Promise<T> {
  const file = join(tmpdir(), `wallet-sim-${name}-${process.pid}.ts`)
  writeFileSync(
    file,
    code
      .replaceAll("from '@webwallet/wallet-sim'", `from ${entry}`)
      .replaceAll("from 'starknet'", `from ${starknet}`),
  )
  try {
    return (await import(pathToFileURL(file).href)) as T
  } finally {
    rmSync(file, { force: true })
  }
}

it("runs the guide's loginLimits example (left-out limits keep their defaults)", async () => {
  const block = readmeBlock('../../docs/wallet-sim-cli.md', /## E-mail login[\s\S]*?```ts\n([\s\S]*?)```/)
  expect(block).toContain('loginLimits')
  const module = await runModule<{ limits: unknown }>(
    'login-limits',
    `${block}
export const limits = sim.walletSim.login.limits
`,
  )
  expect(module.limits).toEqual({
    tokenTtlMs: 60 * 60 * 1000,
    codeTtlMs: 10 * 60 * 1000,
    codeTries: 5,
    codesPerEmailAndClient: { max: 5, windowMs: 10 * 60 * 1000 },
    codesPerEmail: { max: 3, windowMs: 15 * 60 * 1000 },
    codesPerClient: { max: 30, windowMs: 10 * 60 * 1000 },
  })
}, 60_000)
