// docs/own-contracts.md runs as written: its declare/deploy/call block (a `ts no-run` block for the
// README tests, which have no devnet) against a started starknet-devnet, the node URL swapped for its own.
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Devnet } from '../support/devnet.ts'
import { blocksOf, ROOT } from '../support/readmeBlocks.ts'
import { freshDevnet } from './shared.ts'

let devnet: Devnet
beforeAll(async () => {
  devnet = await freshDevnet()
})
afterAll(() => devnet?.stop())

it('declares, deploys and calls the example contract, printing 12n', async () => {
  const block = blocksOf('docs/own-contracts.md').find((b) =>
    b.code.includes('account.declare({ contract, casm })'),
  )
  expect(block, 'the README block that declares the counter').toBeDefined()
  expect(block!.code).toContain("'http://127.0.0.1:5050/rpc'")
  // Where `starknet` resolves to the root's v10 (e2e's own is v8, which computes the compiled class hash
  // devnet no longer accepts), run from the root (the artifact paths are relative to it).
  mkdirSync(join(ROOT, 'node_modules', '.cache'), { recursive: true })
  const dir = mkdtempSync(join(ROOT, 'node_modules', '.cache', 'readme-devnet-'))
  try {
    const file = join(dir, 'block.mts') // ESM whatever package scope (top-level await)
    writeFileSync(file, block!.code.replace("'http://127.0.0.1:5050/rpc'", `'${devnet.rpcUrl}'`))
    const child = spawn(process.execPath, ['--import', 'tsx', file], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    let err = '' // starknet.js warns there about the few blocks it samples tips from
    child.stdout.on('data', (d) => (out += d))
    child.stderr.on('data', (d) => (err += d))
    const code = await new Promise((resolve) => child.once('exit', resolve))
    expect(code, err).toBe(0)
    expect(out.trim()).toBe('12n')
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})
