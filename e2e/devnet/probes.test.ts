// Issue 26 item 3 on starknet-devnet-rs: the SDK probes the real Argent 0.4.0 account (deployed by the
// paymaster on the first call) before an outside execution, and its answers are the ones wallet-sim's
// simulated account gives (the same journey: e2e/tests/sdk/probes.test.ts).
import { type RunningSim, startSim } from '@webwallet/wallet-sim'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Devnet } from '../support/devnet.ts'
import { PROBES_EXPECTED, probeJourney } from '../support/probes.ts'
import { Account, RpcProvider } from '../support/starknet10.ts'
import { predeployedAccounts, succeeded } from './counter.ts'
import { freshDevnet } from './shared.ts'

let devnet: Devnet
let sim: RunningSim
beforeAll(async () => {
  devnet = await freshDevnet()
  sim = await startSim({ node: devnet.rpcUrl, approve: 'auto', email: 'probes@example.com' })
})
afterAll(async () => {
  await sim?.close()
  await devnet?.stop()
})

it('probes the real Argent 0.4.0 account before each outside execution; it answers as wallet-sim does', async () => {
  const provider = new RpcProvider({ nodeUrl: devnet.rpcUrl })
  const [dev] = await predeployedAccounts(devnet.rpcUrl)
  const relayer = new Account({ provider, address: dev!.address, signer: dev!.private_key })
  const record = await probeJourney(sim, async (call) => {
    await succeeded(provider, (await relayer.execute(call)).transaction_hash)
  })
  expect(record).toEqual(PROBES_EXPECTED)
})
