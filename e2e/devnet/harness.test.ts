// The harness itself: devnet starts on a free port with the Argent 0.4.0 class predeclared and seeded
// accounts, two run side by side, and stop really ends the process. The project's shared devnet (setup.ts) is
// one `startDevnet()` started: the first test reads it rather than paying for another start.
import { describe, expect, it } from 'vitest'
import { startDevnet } from '../support/devnet.ts'
import { sharedDevnet } from './shared.ts'

const ARGENT_0_4_0 = '0x36078334509b514626504edc9fb252328d1a240e4e948bef8d0c08dff45927f'

async function rpc<T>(url: string, method: string, params: unknown = []): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await response.json()) as { result?: T; error?: { message: string } }
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result as T
}

describe('startDevnet', () => {
  it('serves JSON-RPC 0.10 with the Argent 0.4.0 class predeclared and the seed-0 accounts', async () => {
    const devnet = sharedDevnet()
    expect(devnet.rpcUrl).toBe(`${devnet.url}/rpc`)
    expect(devnet.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(await rpc<string>(devnet.rpcUrl, 'starknet_specVersion')).toMatch(/^0\.10\./)
    const argent = await rpc<{ sierra_program: string[] }>(devnet.rpcUrl, 'starknet_getClass', {
      block_id: 'latest',
      class_hash: ARGENT_0_4_0,
    })
    expect(argent.sierra_program.length).toBeGreaterThan(0)
    const accounts = await rpc<{ address: string }[]>(devnet.rpcUrl, 'devnet_getPredeployedAccounts')
    expect(accounts).toHaveLength(10)
    expect(accounts.slice(0, 2).map((a) => a.address)).toEqual([
      '0x64b48806902a367c8598f4f95c305e8c1a1acba5f082d294a43793113115691',
      '0x78662e7352d062084b0010068b99288486c2d8b914f6e2a55ce945f8792c8b1',
    ])
  })

  it('runs two on distinct ports, and stop ends the process', async () => {
    // Beside the shared one, which keeps running.
    const a = await startDevnet({ accounts: 1, seed: 7 })
    const b = sharedDevnet()
    try {
      expect(a.url).not.toBe(b.url)
      const [first] = await rpc<{ address: string }[]>(a.rpcUrl, 'devnet_getPredeployedAccounts')
      expect(first?.address).not.toBe('0x64b48806902a367c8598f4f95c305e8c1a1acba5f082d294a43793113115691')
    } finally {
      await a.stop()
    }
    expect(() => process.kill(a.pid, 0)).toThrow()
    await expect(fetch(a.rpcUrl)).rejects.toThrow()
    await a.stop() // idempotent
    expect(await rpc<string>(b.rpcUrl, 'starknet_specVersion')).toMatch(/^0\.10\./)
  })

  it('names how to install when the binary is missing', async () => {
    const saved = process.env.STARKNET_DEVNET
    process.env.STARKNET_DEVNET = '/nonexistent/starknet-devnet'
    try {
      await expect(startDevnet()).rejects.toThrow(/cargo install starknet-devnet --locked --version 0\.10\.1/)
    } finally {
      if (saved === undefined) delete process.env.STARKNET_DEVNET
      else process.env.STARKNET_DEVNET = saved
    }
  })
})
