// Issue 23, item 5 (d) against starknet-devnet-rs: wallet-sim `--node` with its own relayer (deployed on the
// devnet at start, in no predeployed list), and ten concurrent copies of one signed outside execution, on
// the AVNU route and on SNIP-29, relayed once: the relayer's nonce moves by one.
import { type RunningSim, startSim } from '@webwallet/wallet-sim'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Devnet } from '../support/devnet'
import { postJson, rpcCall } from '../tests/security/attacker'
import { nonceOf, ownAccount, sendDuplicates } from '../tests/security/duplicates'
import { freshDevnet } from './shared'

let devnet: Devnet
let sim: RunningSim
beforeAll(async () => {
  devnet = await freshDevnet()
  sim = await startSim({ node: devnet.rpcUrl })
}, 300_000)
afterAll(async () => {
  await sim?.close()
  await devnet?.stop()
})

describe('the relayer on starknet-devnet-rs', () => {
  it("is wallet-sim's own deployed account, not one of devnet's predeployed ones", async () => {
    const relayer = sim.walletSim.relayer.address
    const listed = (await postJson(devnet.rpcUrl, rpcCall('devnet_getPredeployedAccounts'))).json<{
      result: { address: string }[]
    }>().result
    expect(listed.map((account) => BigInt(account.address))).not.toContain(BigInt(relayer))
    expect(await nonceOf(sim, relayer)).toBe(1n) // its own deploy-account transaction
  })

  it.each(['avnu', 'snip29'] as const)('%s: ten copies of one execution are relayed once', async (route) => {
    const account = await ownAccount(sim, `devnet-relay-once-${route}`)
    expect(await sendDuplicates(sim, account, route)).toEqual({
      relayed: 1,
      refusedUnsent: 9,
      relayerNonceMoved: 1n,
      transfersRan: 1n,
    })
  })
})
