// The sending code is in the SDK's first-use chunk (shim/src/firstUse.ts): a chunk that fails to load is a
// coded FETCH_URL before anything was sent, and the next call loads it again.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createWorld, GAME, testContext } from './testing'

const play = { contractAddress: GAME, entrypoint: 'play', calldata: ['0x1'] }

afterEach(() => {
  vi.doUnmock('../firstUse')
  vi.resetModules()
})

describe('the sending code fails to load', () => {
  it("is FETCH_URL with the load's error as cause, and the next call loads it", async () => {
    vi.resetModules()
    vi.doMock('../firstUse', () => {
      throw new Error('Failed to fetch dynamically imported module')
    })
    const { sendCode } = await import('./sendCode')
    const thrown = await sendCode().catch((error: unknown) => error)
    expect(thrown).toMatchObject({ code: 'FETCH_URL' })
    expect((thrown as Error).cause).toBeInstanceOf(Error)
    vi.doUnmock('../firstUse')
    expect(typeof (await sendCode()).readCalldata).toBe('function')
  })

  it.each([
    ['execute', (account: import('./SessionAccount').SessionAccount) => account.execute(play)],
    [
      'estimateInvokeFee',
      (account: import('./SessionAccount').SessionAccount) => account.estimateInvokeFee(play),
    ],
    [
      'getOutsideExecutionPayload',
      (account: import('./SessionAccount').SessionAccount) => account.getOutsideExecutionPayload(play),
    ],
  ])('%s: FETCH_URL, and nothing was asked of the node', async (_name, run) => {
    vi.resetModules()
    vi.doMock('../firstUse', () => {
      throw new Error('Failed to fetch dynamically imported module')
    })
    const { SessionAccount } = await import('./SessionAccount')
    const world = createWorld()
    const account = new SessionAccount(testContext(world))
    await expect(run(account)).rejects.toMatchObject({ code: 'FETCH_URL' })
    expect(world.log).toEqual([])
  })
})
