// A plain Node ESM script (Node 20: ws for the WebSocket) using the connector's WebSocket transport against
// `npx wallet-sim --approve auto --email …`, all from the tarballs; its JSDoc types are checked by
// TypeScript 5 with NodeNext resolution, which reads our exports map and .d.ts as a Node project does.
import { beforeAll, expect, inject, test } from 'vitest'
import { createApp } from './support/apps'
import { run } from './support/run'
import { startWalletSim } from './support/walletSim'

let dir: string
beforeAll(async () => {
  dir = await createApp(inject('consumerRoot'), inject('tarballs'), {
    fixture: 'node',
    dependencies: ['starknet', 'ws', 'react'],
    devDependencies: ['typescript', '@types/node', '@types/ws', '@types/react'],
  })
})

test('the script connects over WebSocket, gets a session and runs a call the chain accepts', async () => {
  await using sim = await startWalletSim(dir, ['--approve', 'auto', '--email', 'script@example.com'])
  const out = await run('node', ['main.mjs', sim.url], dir)
  const result = JSON.parse(out.trim().split('\n').at(-1) ?? '{}')
  expect(result).toMatchObject({ address: expect.stringMatching(/^0x[0-9a-f]{64}$/), status: 'SUCCEEDED' })
  const receipt = await sim.rpc<{ execution_status: string }>('starknet_getTransactionReceipt', {
    transaction_hash: result.transaction_hash,
  })
  expect(receipt.execution_status).toBe('SUCCEEDED')
})

test('every entry of the three packages loads in Node', async () => {
  const exported: Record<string, string[]> = JSON.parse(await run('node', ['subpaths.mjs'], dir))
  expect(Object.keys(exported)).toHaveLength(12)
  for (const [entry, names] of Object.entries(exported)) expect(names.length, entry).toBeGreaterThan(0)
  expect(exported.shim).toContain('WebWallet')
  expect(exported.argent).toContain('ArgentWebWallet')
  expect(exported.argentGift).toContain('createDeposit')
  expect(exported.connector).toContain('createConnector')
  expect(exported.walletSim).toContain('CONTRACTS')
})

test('its types check under NodeNext resolution (exports map, .d.ts, .js specifiers)', async () => {
  // Library files are checked too (skipLibCheck off), so a broken import in our .d.ts shows; starknet.js's
  // own declarations have an error of their own (WalletAccountV6's static side), which is not ours.
  const output = await run('npx', ['--no-install', 'tsc', '-p', 'tsconfig.json'], dir).catch(
    (error: Error) => error.message,
  )
  const errors = output.split('\n').filter((line) => /^\S+\(\d+,\d+\): error TS/.test(line))
  expect(errors.filter((line) => !line.startsWith('node_modules/starknet/'))).toEqual([])
})
