// Issue 26 item 3 on wallet-sim's chain: the SDK probes the real (simulated) Argent 0.4 account before an
// outside execution; the same journey runs on starknet-devnet's Argent 0.4.0 (e2e/devnet/probes.test.ts).
import { type RunningSim, startSim } from '@webwallet/wallet-sim'
import { Account, RpcProvider } from 'starknet'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { PROBES_EXPECTED, probeJourney } from '../../support/probes'

let sim: RunningSim
beforeAll(async () => {
  sim = await startSim({ seed: 26, approve: 'auto', email: 'probes@example.com' })
})
afterAll(async () => {
  await sim?.close()
})

it('probes the account before each outside execution, and the account answers as Argent 0.4.0', async () => {
  const dev = sim.accounts[0]!
  // e2e's starknet is v8, which speaks JSON-RPC 0.9.
  const provider = new RpcProvider({ nodeUrl: `${sim.url}/rpc/v0_9` })
  const relayer = new Account({ provider, address: dev.address, signer: dev.private_key })
  const record = await probeJourney(sim, async (call) => {
    const { transaction_hash } = await relayer.execute(call)
    const receipt = await provider.waitForTransaction(transaction_hash, { retryInterval: 100 })
    if (!receipt.isSuccess()) throw new Error(`relay failed: ${JSON.stringify(receipt.value)}`)
  })
  expect(record).toEqual(PROBES_EXPECTED)
})
