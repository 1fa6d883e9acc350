// The interface probes before an outside execution, against a scripted node (the real account contracts
// answer in e2e/tests/sdk/probe.test.ts on wallet-sim's chain and e2e/devnet/probe.test.ts on devnet).
import { NodeError } from '@webwallet/protocol/errors'
import { selectorFromName, toFelt } from '@webwallet/protocol/session'
import { describe, expect, it } from 'vitest'
import { probeOutsideExecution, SNIP9_V2_INTERFACE_ID } from './probe'
import { SessionAccount } from './SessionAccount'
import {
  ACCOUNT,
  createWorld,
  GAME,
  paymasterTypedData,
  testContext,
  testPaymaster,
  type World,
} from './testing'

type CallParams = { request: { entry_point_selector: string; calldata: string[] } }

// An account that supports `interfaces` and has used `usedNonces`; every call asked is logged.
function account(world: World, interfaces: string[], usedNonces: bigint[] = []) {
  const asked: string[] = []
  world.node.starknet_getClassHashAt = () => '0x1'
  world.node.starknet_call = ({ request }: CallParams) => {
    const selector = toFelt(request.entry_point_selector)
    const [arg = '0x0'] = request.calldata
    if (selector === selectorFromName('supports_interface')) {
      asked.push(`supports_interface ${arg}`)
      return [interfaces.some((id) => toFelt(id) === toFelt(arg)) ? '0x1' : '0x0']
    }
    if (selector === selectorFromName('is_valid_outside_execution_nonce')) {
      asked.push(`nonce ${arg}`)
      return [usedNonces.includes(toFelt(arg)) ? '0x0' : '0x1']
    }
    throw { code: 21, message: 'Entry point not found' }
  }
  return asked
}

describe('probeOutsideExecution', () => {
  it('asks the interface once per account context and the nonce every time, in one round trip', async () => {
    const world = createWorld()
    const asked = account(world, [SNIP9_V2_INTERFACE_ID])
    const ctx = testContext(world)
    await probeOutsideExecution(ctx, '0x7')
    expect(ctx.rpc.roundTrips()).toBe(1)
    await probeOutsideExecution(ctx, '0x8')
    expect(ctx.rpc.roundTrips()).toBe(2)
    expect(asked).toEqual([`nonce 0x7`, `supports_interface ${SNIP9_V2_INTERFACE_ID}`, 'nonce 0x8'])
  })

  it('refuses an account without SNIP-9 v2 (OUTSIDE_EXECUTION_UNSUPPORTED), and asks again next time', async () => {
    const world = createWorld()
    const asked = account(world, ['0x68cfd18b92d1907b8ba3cc324900277f5a3622099431ea85dd8089255e4181'])
    const ctx = testContext(world)
    await expect(probeOutsideExecution(ctx, '0x7')).rejects.toMatchObject({
      code: 'OUTSIDE_EXECUTION_UNSUPPORTED',
      message: `Account ${ctx.address} does not support outside execution`,
      data: { address: ctx.address },
    })
    await expect(probeOutsideExecution(ctx, '0x7')).rejects.toThrow(/does not support outside execution/)
    expect(asked.filter((a) => a.startsWith('supports_interface'))).toHaveLength(2)
  })

  it('refuses an account whose supports_interface fails, the node error as cause', async () => {
    const world = createWorld()
    account(world, [])
    world.node.starknet_call = () => {
      throw { code: 21, message: 'Entry point not found' }
    }
    const error = await probeOutsideExecution(testContext(world), '0x7').catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'OUTSIDE_EXECUTION_UNSUPPORTED' })
    expect((error as Error).cause).toBeInstanceOf(NodeError)
  })

  it('refuses a used nonce (OUTSIDE_EXECUTION_NONCE_USED)', async () => {
    const world = createWorld()
    account(world, [SNIP9_V2_INTERFACE_ID], [7n])
    await expect(probeOutsideExecution(testContext(world), '7')).rejects.toMatchObject({
      code: 'OUTSIDE_EXECUTION_NONCE_USED',
      message: 'Outside execution nonce 0x7 is already used',
    })
  })
})

describe('SessionAccount.getOutsideExecutionPayload', () => {
  const play = { contractAddress: GAME, entrypoint: 'play', calldata: ['0x1'] }

  it('probes a deployed account with the payload nonce before the cosigner is asked', async () => {
    const world = createWorld()
    const asked = account(world, [SNIP9_V2_INTERFACE_ID], [9n])
    const session = new SessionAccount(testContext(world))
    await expect(session.getOutsideExecutionPayload([play], { nonce: '0x9' })).rejects.toMatchObject({
      code: 'OUTSIDE_EXECUTION_NONCE_USED',
    })
    expect(world.log).not.toContain('/cosigner/signSessionEFO')
    await session.getOutsideExecutionPayload([play], { nonce: '0xa' })
    expect(asked).toEqual([`nonce 0x9`, `supports_interface ${SNIP9_V2_INTERFACE_ID}`, 'nonce 0xa'])
  })

  it('does not probe an account that is not deployed yet', async () => {
    const world = createWorld()
    const asked = account(world, [])
    world.node.starknet_getClassHashAt = () => {
      throw { code: 20, message: 'Contract not found' }
    }
    const session = new SessionAccount(testContext(world))
    await session.getOutsideExecutionPayload([play])
    expect(asked).toEqual([])
    // The chain's clock (the payload's window) rides with the class hash: one round trip.
    expect(world.log).toEqual([
      'starknet_getClassHashAt',
      'starknet_getBlockWithTxHashes',
      '/cosigner/signSessionEFO',
    ])
    expect(session.roundTrips()).toBe(1)
  })
})

describe('the gasless route', () => {
  it('probes the nonce of the paymaster typed data before the session signs', async () => {
    const world = createWorld()
    account(world, [SNIP9_V2_INTERFACE_ID], [0x77n]) // paymasterTypedData's nonce
    world.node.starknet_getNonce = () => '0x4'
    world.paymaster[`/accounts/${ACCOUNT}/compatible`] = () =>
      Response.json({ isCompatible: true, gasConsumedOverhead: '0x0', dataGasConsumedOverhead: '0x0' })
    world.paymaster['/build-typed-data'] = (body: { calls: never[] }) =>
      Response.json(paymasterTypedData(body.calls))
    const session = new SessionAccount(testContext(world), { paymaster: testPaymaster(world, 'key') })
    await expect(
      session.execute([{ contractAddress: GAME, entrypoint: 'play', calldata: ['0x1'] }]),
    ).rejects.toMatchObject({ code: 'OUTSIDE_EXECUTION_NONCE_USED' })
    expect(world.log).not.toContain('/cosigner/signSessionEFO')
    expect(world.log).not.toContain('/paymaster/v1/execute')
  })
})
