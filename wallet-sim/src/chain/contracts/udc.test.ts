import { LEGACY_UDC_ENTRYPOINT, UDC_ENTRYPOINT, UDC_ADDRESS as UDC_HEX } from '@webwallet/protocol'
import { constants } from 'starknet'
import { describe, expect, it } from 'vitest'
import { createPaymasterCore } from '../../services/paymaster/core'
import { contractAddress, selectorOf } from '../felt'
import { Simulator } from '../simulator'
import { LEGACY_UDC_ADDRESS, UDC_ADDRESS } from './udc'

// One universal deployer (issue 26): protocol names the one real Starknet uses, the simulator deploys there
// and its paymaster deploys accounts through it, with its entry point.
describe('the universal deployer', () => {
  it("is Starknet's current UDC, as starknet.js v8/v10 names it, and the legacy one beside it", () => {
    expect(BigInt(UDC_HEX)).toBe(BigInt(constants.UDC.ADDRESS))
    expect(UDC_ENTRYPOINT).toBe(constants.UDC.ENTRYPOINT)
    expect(LEGACY_UDC_ADDRESS).toBe(BigInt(constants.LegacyUDC.ADDRESS))
    expect(LEGACY_UDC_ENTRYPOINT).toBe(constants.LegacyUDC.ENTRYPOINT)
    expect(UDC_ADDRESS).toBe(BigInt(UDC_HEX))
  })

  it('is deployed at genesis, and the paymaster deploys an account through it with its entry point', async () => {
    const sim = new Simulator({ accounts: 1 })
    expect(sim.chain.pending.getClassHash(UDC_ADDRESS)).not.toBe(0n)
    const core = createPaymasterCore({
      chain: { classHashAt: async () => 0n },
      relayer: { address: '0x1', privateKey: '0x2' },
    } as never)
    const deployment = { classHash: 0x1234n, salt: 0x5n, calldata: [0x6n, 0x0n] }
    const user = contractAddress(deployment.salt, deployment.classHash, deployment.calldata, 0n)
    const [call] = await core.deploymentCalls(user, deployment)
    expect(call?.to).toBe(UDC_ADDRESS)
    expect(call?.selector).toBe(selectorOf(UDC_ENTRYPOINT))
  })
})
