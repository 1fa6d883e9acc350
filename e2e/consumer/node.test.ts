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
    dependencies: ['starknet', 'ws'],
    devDependencies: ['typescript', '@types/node', '@types/ws'],
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

test('its types check under NodeNext resolution (exports map, .d.ts, .js specifiers)', async () => {
  await run('npx', ['--no-install', 'tsc', '-p', 'tsconfig.json'], dir)
})
