// The README's starknet.js example, run as written: its imports point at this package's entry and at the
// starknet.js the tests use; any error (a refused or reverted transfer included) fails the test.
import { readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { expect, it } from 'vitest'

const readme = readFileSync(fileURLToPath(new URL('../README.md', import.meta.url)), 'utf8')

it('runs the README example (starknet.js v10 transfer on a started simulator)', async () => {
  const block = /## Example \(starknet\.js v10\)\s+```ts\n([\s\S]*?)```/.exec(readme)?.[1]
  expect(block).toBeDefined()
  const code = block!
    .replace(
      "from '@webwallet/wallet-sim'",
      `from ${JSON.stringify(fileURLToPath(new URL('./index.ts', import.meta.url)))}`,
    )
    .replace("from 'starknet'", `from ${JSON.stringify(fileURLToPath(import.meta.resolve('starknet')))}`)
  const file = join(tmpdir(), `wallet-sim-readme-${process.pid}.ts`)
  writeFileSync(file, `${code}\nexport const done = true\n`)
  const module = (await import(pathToFileURL(file).href)) as { done: boolean }
  expect(module.done).toBe(true)
}, 60_000)
