// Issue 23, item 5 (d): in `--node` mode one signed outside execution sent ten times at once used to be
// relayed ten times, nine reverting at the relayer's cost: the dry run ran outside the relayer's serial
// section, so all ten passed it before the first was sent. Here wallet-sim runs `--node` in front of another
// wallet-sim's JSON-RPC (a node with real round trips, as starknet-devnet is; e2e/devnet/relayOnce.test.ts
// runs the same against starknet-devnet-rs): ten copies, on the AVNU route and on SNIP-29, are one relayed
// transaction and nine refusals, and the relayer's nonce moves by one. The honest first execution (which
// deploys the account) is relayed as before.
import { type RunningSim, startSim } from '@webwallet/wallet-sim'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { nonceOf, ownAccount, sendDuplicates } from './duplicates'

let node: RunningSim
let sim: RunningSim
beforeAll(async () => {
  node = await startSim({ seed: 25 })
  sim = await startSim({ node: node.rpcUrl })
}, 60_000)
afterAll(async () => {
  await sim?.close()
  await node?.close()
})

describe('ten concurrent copies of one signed outside execution, through --node', () => {
  it('honest: the account is deployed by a relayed execution, from the relayer of this instance', async () => {
    const relayer = sim.walletSim.relayer.address
    const before = await nonceOf(sim, relayer)
    await ownAccount(sim, 'relay-once-honest')
    expect(await nonceOf(sim, relayer)).toBe(before + 1n)
  })

  it.each(['avnu', 'snip29'] as const)(
    'on %s: relayed once, nine refused before the relayer pays',
    async (route) => {
      const account = await ownAccount(sim, `relay-once-${route}`)
      expect(await sendDuplicates(sim, account, route)).toEqual({
        relayed: 1,
        refusedUnsent: 9,
        relayerNonceMoved: 1n,
        transfersRan: 1n,
      })
    },
  )
})
