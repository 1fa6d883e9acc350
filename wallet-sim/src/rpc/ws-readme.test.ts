// The README's WebSocket API example, run as written: its imports point at this package's entry and at the
// starknet.js the tests use; it must end (its notifications arrive) and throw nothing.
import './ws-test-global' // first: Node 20 has no global WebSocket, which WebSocketChannel looks for
import { readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { expect, it } from 'vitest'

const readme = readFileSync(fileURLToPath(new URL('../../README.md', import.meta.url)), 'utf8')

it('runs the README WebSocket API example (starknet.js v10 WebSocketChannel)', async () => {
  const block = /## WebSocket API[\s\S]*?```ts\n([\s\S]*?)```/.exec(readme)?.[1]
  expect(block).toContain('new WebSocketChannel')
  const code = block!
    .replace(
      "from '@webwallet/wallet-sim'",
      `from ${JSON.stringify(fileURLToPath(new URL('../index.ts', import.meta.url)))}`,
    )
    .replace("from 'starknet'", `from ${JSON.stringify(fileURLToPath(import.meta.resolve('starknet')))}`)
  const file = join(tmpdir(), `wallet-sim-ws-readme-${process.pid}.ts`)
  writeFileSync(file, `${code}\nexport const done = true\n`)
  const module = (await import(pathToFileURL(file).href)) as { done: boolean }
  expect(module.done).toBe(true)
}, 60_000)
