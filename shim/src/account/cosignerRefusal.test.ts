// A cosigner refusal of the session itself is final: the paymaster route would meet the same refusal at
// signSessionEFO, so the SDK asks the paymaster nothing and answers the coded error at once. A refusal of
// this transaction only (its fee, its form) still moves the calls to the paymaster.
import { describe, expect, it } from 'vitest'
import { SessionAccount } from './SessionAccount'
import {
  ACCOUNT,
  argentCalls,
  createWorld,
  ESTIMATE,
  GAME,
  paymasterTypedData,
  STRK,
  testContext,
  testPaymaster,
  type World,
} from './testing'

const play = { contractAddress: GAME, entrypoint: 'play', calldata: ['0x1'] }

// A deployed account with funds in STRK, a paymaster that would take the calls, a cosigner that refuses.
function refusingWorld(status: string): World {
  const world = createWorld()
  world.node.starknet_getClassHashAt = () => '0x1'
  world.node.starknet_getNonce = () => '0x4'
  world.node.starknet_estimateFee = () => [ESTIMATE]
  world.node.starknet_call = argentCalls(['0x56bc75e2d63100000', '0x0'])
  world.paymaster['/gas-token-prices'] = () =>
    Response.json([{ tokenAddress: STRK, decimals: 18, priceInETH: '1000000000000000000' }])
  world.paymaster[`/accounts/${ACCOUNT}/compatible`] = () =>
    Response.json({ isCompatible: true, gasConsumedOverhead: '0x0', dataGasConsumedOverhead: '0x0' })
  world.paymaster['/build-typed-data'] = (body: { calls: (typeof play)[] }) =>
    Response.json(paymasterTypedData(body.calls))
  world.paymaster['/execute'] = () => Response.json({ transactionHash: '0xfeed' })
  world.cosigner = (path) =>
    path === '/cosigner/signSession' ? Response.json({ status }, { status: 403 }) : undefined
  return world
}

const paymasterRequests = (world: World) => world.log.filter((entry) => entry.includes('/paymaster/'))

describe('a cosigner refusal on the self-paid route', () => {
  it.each([
    ['sessionRevoked', 'SESSION_REVOKED'],
    ['sessionExpired', 'SESSION_EXPIRED'],
    ['unknownSession', 'SIGN_SESSION_ERROR'],
    ['invalidSessionAuthorisation', 'SIGN_SESSION_ERROR'],
    ['methodNotAllowed', 'SIGN_SESSION_ERROR'],
  ])('%s fails at once as %s, with zero paymaster requests', async (status, code) => {
    const world = refusingWorld(status)
    const account = new SessionAccount(testContext(world), { paymaster: testPaymaster(world) })
    await expect(account.execute(play)).rejects.toMatchObject({ code })
    expect(world.log).toContain('/cosigner/signSession')
    expect(paymasterRequests(world)).toEqual([])
  })

  it.each(['feeCapExceeded', 'invalidTransaction', 403])(
    '%s (this transaction only) still runs through the paymaster',
    async (status) => {
      const world = refusingWorld(String(status))
      const account = new SessionAccount(testContext(world), { paymaster: testPaymaster(world) })
      await expect(account.execute(play)).resolves.toEqual({ transaction_hash: '0xfeed' })
      expect(paymasterRequests(world)).toContain('/paymaster/v1/execute')
    },
  )
})
