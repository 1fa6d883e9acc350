// `wallet-sim --node` as users start it, in front of starknet-devnet-rs: the banner names the node, its
// predeployed accounts are the ones listed, a new user's account is funded on devnet by devnet_mint, and the
// dev clock moves devnet's.
import { type ChildProcess, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { stripVTControlCharacters } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Devnet } from '../support/devnet'
import { freshDevnet } from './shared'

const CLI = fileURLToPath(new URL('../../wallet-sim/src/cli.ts', import.meta.url))
let devnet: Devnet
let child: ChildProcess | undefined
let banner = ''

async function rpc<T>(method: string, params: unknown = {}): Promise<T> {
  const response = await fetch(devnet.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await response.json()) as { result?: T; error?: { message: string } }
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result as T
}

beforeAll(async () => {
  devnet = await freshDevnet()
  const started = spawn(
    process.execPath,
    ['--conditions=@webwallet/source', '--import', 'tsx', CLI, '--port', '0', '--node', devnet.rpcUrl],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  child = started
  banner = await new Promise<string>((resolve, reject) => {
    let out = ''
    started.stdout?.on('data', (chunk: Buffer) => {
      out += stripVTControlCharacters(chunk.toString())
      if (/^Ready in \d+ ms$/m.test(out)) resolve(out)
    })
    started.once('exit', (code) => reject(new Error(`wallet-sim exited with ${code}: ${out}`)))
  })
}, 300_000)
afterAll(async () => {
  if (child?.pid !== undefined && child.pid > 0 && child.exitCode === null) child.kill('SIGTERM')
  await devnet?.stop()
})

describe('wallet-sim --node starknet-devnet', () => {
  it('names the node in its banner and lists the node’s predeployed accounts', async () => {
    expect(banner).toContain(`node:           ${devnet.rpcUrl} (JSON-RPC 0.10.2, chain id SN_SEPOLIA)`)
    const accounts = await rpc<{ address: string }[]>('devnet_getPredeployedAccounts')
    for (const { address } of accounts) expect(banner).toContain(`0x${BigInt(address).toString(16)}`)
  })

  it('funds a new user on devnet and moves devnet’s clock', async () => {
    const url = /listening on (http:\/\/\S+)/.exec(banner)?.[1]
    const post = (path: string, body: unknown) =>
      fetch(`${url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, unknown> }))
    const created = await post('/dev/accounts', { email: 'cli-node@example.com' })
    expect(created.status).toBe(201)
    const balance = await rpc<{ amount: string }>('devnet_getAccountBalance', {
      address: created.body.address,
      unit: 'FRI',
    })
    expect(balance.amount).toBe('1000000000000000000000')
    const before = (await rpc<{ timestamp: number }>('starknet_getBlockWithTxHashes', { block_id: 'latest' }))
      .timestamp
    const moved = await post('/dev/time', { increase: 7200 })
    expect(moved.body.time).toBeGreaterThanOrEqual(before + 7200)
    const after = (await rpc<{ timestamp: number }>('starknet_getBlockWithTxHashes', { block_id: 'latest' }))
      .timestamp
    expect(after).toBe(moved.body.time)
  })
})
