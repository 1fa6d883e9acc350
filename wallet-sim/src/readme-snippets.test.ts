// Two more README examples run as written: the repository README's in-process start (a starknet.js Account
// on a predeployed account of a started simulator) and this package's README's `loginLimits`. Their imports
// point at this package's entry and at the starknet.js the tests use; lines appended after each block read
// what the example built, before its `await using` closes the simulator.
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

it('runs the repository README in-process example (an Account on a started simulator)', async () => {
  const block = readmeBlock(
    '../../README.md',
    /In tests, start it in-process on a free port:\s+```ts\n([\s\S]*?)```/,
  )
  const module = await runModule<{ address: string; expected: string; nonce: string; chainId: string }>(
    'root-readme',
    `${block}
export const address = account.address
export const expected = sim.accounts[0].address
export const nonce = await account.getNonce()
export const chainId = await provider.getChainId()
`,
  )
  expect(module.address).toBe(module.expected)
  expect(BigInt(module.nonce)).toBe(0n)
  expect(module.chainId).toBe('0x534e5f5345504f4c4941')
}, 60_000)

it("runs the README's loginLimits example (left-out limits keep their defaults)", async () => {
  const block = readmeBlock('../README.md', /## E-mail login[\s\S]*?```ts\n([\s\S]*?)```/)
  expect(block).toContain('loginLimits')
  const module = await runModule<{ limits: unknown }>(
    'login-limits',
    `import { startSim } from '@webwallet/wallet-sim'
${block}
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
