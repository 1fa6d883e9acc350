// The outside execution's window follows the chain's clock (the account and the cosigner check it against
// block time), against a scripted node and cosigner; e2e/tests/sdk/outsideExecutionClock.test.ts relays
// such payloads on wallet-sim's chain after its clock moved and from a device whose clock is off.
import { isWebWalletError } from '@webwallet/protocol/errors'
import { parseOutsideExecutionCalldata, toFelt } from '@webwallet/protocol/session'
import { describe, expect, it } from 'vitest'
import { createChainClock } from '../session/clock'
import { createAccountGuard } from './guard'
import { outsideWindow, windowReads } from './outsideWindow'
import { SessionAccount } from './SessionAccount'
import { createWorld, GAME, testContext, type World } from './testing'

const play = { contractAddress: GAME, entrypoint: 'play', calldata: ['0x1'] }
const codeOf = (e: unknown) => (isWebWalletError(e) ? e.code : e)
const DAY = 86_400
// testContext's session expires 30 days after the real time: the chain stays before that.
const NOW = Math.floor(Date.now() / 1000)

/** A deployed account supporting SNIP-9 v2 with every nonce unused, the chain's clock at `chainNow` (s). */
function deployed(world: World, chainNow: number) {
  world.node.starknet_getClassHashAt = () => '0x1'
  world.node.starknet_call = () => ['0x1']
  world.node.starknet_getBlockWithTxHashes = () => ({ timestamp: chainNow })
}

/** A session account whose device clock reads `deviceMs`, its own guard on that device clock. */
function account(world: World, deviceMs: number) {
  const ctx = testContext(world, { now: () => deviceMs })
  const clock = createChainClock(ctx.rpc, () => deviceMs)
  return { account: new SessionAccount(ctx, { guard: createAccountGuard(clock) }), clock, ctx }
}

const windowOf = (call: { calldata: string[] }) => {
  const { execution } = parseOutsideExecutionCalldata(call.calldata.map(toFelt))
  return [Number(execution.executeAfter), Number(execution.executeBefore)]
}

describe('outsideWindow', () => {
  it('is 10 minutes back and 20 ahead of the chain time; a bound the caller gave is used as is', () => {
    expect(outsideWindow({}, 1_800_000_000)).toEqual({
      execute_after: `0x${(1_800_000_000 - 600).toString(16)}`,
      execute_before: `0x${(1_800_000_000 + 1200).toString(16)}`,
    })
    expect(outsideWindow({ executeAfter: 5, executeBefore: 9 }, 1_800_000_000)).toEqual({
      execute_after: '0x5',
      execute_before: '0x9',
    })
    expect(outsideWindow({ executeBefore: 9 }, 1000)).toEqual({
      execute_after: '0x190',
      execute_before: '0x9',
    })
  })

  it('reads the block only when a bound is missing', () => {
    expect(windowReads({ executeAfter: 1, executeBefore: 2 })).toEqual([])
    expect(windowReads({ executeAfter: 1 })).toEqual([
      { method: 'starknet_getBlockWithTxHashes', params: { block_id: 'pre_confirmed' } },
    ])
    expect(windowReads({})).toHaveLength(1)
  })
})

describe("getOutsideExecutionPayload on the chain's clock", () => {
  for (const [name, skew] of [
    ['two days behind', -2 * DAY],
    ['two days ahead of', 2 * DAY],
  ] as const) {
    it(`takes the window from the block when the device clock is ${name} the chain`, async () => {
      const world = createWorld()
      const chainNow = NOW
      deployed(world, chainNow)
      const { account: a, clock } = account(world, (chainNow + skew) * 1000)
      expect(windowOf(await a.getOutsideExecutionPayload(play))).toEqual([chainNow - 600, chainNow + 1200])
      // The reading moved the shared clock: session status and new sessions follow it too.
      expect(clock.now()).toBe(chainNow * 1000)
    })
  }

  it('reads the chain again for every payload, in the probe round trip of a known deployed account', async () => {
    const world = createWorld()
    let chainNow = NOW
    deployed(world, chainNow)
    world.node.starknet_getBlockWithTxHashes = () => ({ timestamp: chainNow })
    const { account: a } = account(world, NOW * 1000)
    await a.getOutsideExecutionPayload(play)
    // The developer moves the chain's clock a day ahead (devnet_increaseTime): no stale offset is used.
    chainNow += DAY
    world.log.length = 0
    const before = a.roundTrips()
    expect(windowOf(await a.getOutsideExecutionPayload(play))).toEqual([chainNow - 600, chainNow + 1200])
    expect(a.roundTrips() - before).toBe(1)
    expect(world.log).toEqual(['starknet_call', 'starknet_getBlockWithTxHashes', '/cosigner/signSessionEFO'])
  })

  it('reads no block when the caller gave both bounds, and the chain for the missing one', async () => {
    const world = createWorld()
    deployed(world, NOW)
    const { account: a } = account(world, 0)
    const both = await a.getOutsideExecutionPayload(play, { executeAfter: 7, executeBefore: 2_000_000_000 })
    expect(windowOf(both)).toEqual([7, 2_000_000_000])
    expect(world.log).not.toContain('starknet_getBlockWithTxHashes')
    const one = await a.getOutsideExecutionPayload(play, { executeBefore: 2_000_000_000 })
    expect(windowOf(one)).toEqual([NOW - 600, 2_000_000_000])
    expect(world.log.filter((m) => m === 'starknet_getBlockWithTxHashes')).toHaveLength(1)
  })

  it("fails with the node's coded error when the block cannot be read, before the cosigner is asked", async () => {
    const world = createWorld()
    deployed(world, NOW)
    world.node.starknet_getBlockWithTxHashes = () => {
      throw { code: -32603, message: 'Internal error' }
    }
    const { account: a } = account(world, Date.now())
    const error = await a.getOutsideExecutionPayload(play).catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'NODE_ERROR', message: expect.stringContaining('Internal error') })
    expect(world.log).not.toContain('/cosigner/signSessionEFO')
  })

  it('is SESSION_EXPIRED when the chain passed the expiry though the device has not, before the cosigner', async () => {
    const world = createWorld()
    const { account: a, ctx } = account(world, Date.now())
    const { expiresAt } = ctx.session.stored
    deployed(world, expiresAt + 1)
    const error = await a.getOutsideExecutionPayload(play).catch((e: unknown) => e)
    expect(codeOf(error)).toBe('SESSION_EXPIRED')
    expect((error as { data: unknown }).data).toEqual({ expiresAt, chainTime: expiresAt + 1 })
    expect(world.log).not.toContain('/cosigner/signSessionEFO')
  })

  it("turns the cosigner's sessionExpired refusal into SESSION_EXPIRED (bounds given: no block read)", async () => {
    const world = createWorld()
    deployed(world, NOW)
    world.cosigner = () => Response.json({ status: 'sessionExpired' }, { status: 403 })
    const { account: a } = account(world, Date.now())
    const error = await a
      .getOutsideExecutionPayload(play, { executeAfter: 1, executeBefore: 2 })
      .catch((e: unknown) => e)
    expect(codeOf(error)).toBe('SESSION_EXPIRED')
  })
})
