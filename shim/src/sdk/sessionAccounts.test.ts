// The accounts a WebWallet hands out: one guard per address, shared by every account object made for it, so
// that ending a session stops them all (WebWallet.test.ts runs the same through the SDK's methods).
import { getEnvironment } from '@webwallet/protocol'
import { isWebWalletError } from '@webwallet/protocol/errors'
import { describe, expect, it } from 'vitest'
import type { AccountContext } from '../account/context'
import { SessionAccount, type SessionAccountOptions } from '../account/SessionAccount'
import { createWorld, GAME, testContext, testPaymaster, worldFetch } from '../account/testing'
import { createChainClock } from '../session/clock'
import type { ActiveSession } from '../session/signature'
import { createSessionAccounts } from './sessionAccounts'

const GAS_TOKEN = '0x0000000000000000000000000000000000000000000000000000000000000abc'

function setup() {
  const world = createWorld()
  const { session, rpc } = testContext(world)
  const made: { ctx: AccountContext; options: SessionAccountOptions }[] = []
  const environment = getEnvironment('sepolia')
  const accounts = createSessionAccounts(
    environment,
    worldFetch(world),
    createChainClock(rpc),
    testPaymaster(world),
    {
      appName: 'test',
      sessionParams: { allowedMethods: [{ contract: GAME, selector: 'play' }] },
      paymasterParams: { tokenAddress: GAS_TOKEN },
    },
    (ctx, options) => {
      made.push({ ctx, options })
      return new SessionAccount(ctx, options)
    },
  )
  return { accounts, session, made, environment }
}

const elsewhere = (active: ActiveSession): ActiveSession => ({
  ...active,
  stored: { ...active.stored, address: '0x2' },
})

describe('createSessionAccounts', () => {
  it('shares one guard between the accounts of an address, and gives another address its own', () => {
    const { accounts, session, made } = setup()
    accounts.adopt(session)
    accounts.adopt({ ...session })
    accounts.adopt(elsewhere(session))
    const [first, second, other] = made.map(({ options }) => options.guard)
    expect(second).toBe(first)
    expect(other).not.toBe(first)
  })

  it('builds each account on the environment and the session it was given', () => {
    const { accounts, session, made, environment } = setup()
    accounts.adopt(session)
    const [{ ctx, options }] = made as [(typeof made)[number]]
    expect(ctx).toMatchObject({
      session,
      address: session.stored.address,
      chainId: session.stored.chainId,
      network: environment.network,
      cosignerBaseUrl: environment.providerBaseUrl,
    })
    expect(options.gasTokenAddress).toBe(GAS_TOKEN)
  })

  it('stops every account handed out on revoke, with its reason; a later account runs again', async () => {
    const { accounts, session, made } = setup()
    const kept = [accounts.adopt(session), accounts.adopt(elsewhere(session))]
    accounts.revoke('revoked')
    expect(made.map(({ options }) => options.guard?.revoked)).toEqual([true, true])
    const refused = await kept[0]
      ?.execute({ contractAddress: GAME, entrypoint: 'play', calldata: [] })
      .catch((error: unknown) => error)
    expect(isWebWalletError(refused, 'SESSION_REVOKED') && refused.data).toMatchObject({ reason: 'revoked' })
    accounts.adopt(session)
    expect(made[2]?.options.guard?.revoked).toBe(false)
  })
})
