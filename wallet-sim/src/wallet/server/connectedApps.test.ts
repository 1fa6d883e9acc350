// The Connected apps page's server side: the user's apps and sessions, and the user's revocation of one —
// at the cosigner at once, on the account (owner + guardian) once it is deployed — which getLoginStatus and
// the cosigner then see.
import { describe, expect, it } from 'vitest'
import { STRK, sessionRequest } from '../fixtures'
import { NOW, walletFixture } from '../testing'

const DAPP = 'https://dapp.example'
// As the session's typed data spells it (the canonical, unpadded hex).
const STRK_HEX = `0x${BigInt(STRK).toString(16)}`

async function signedSession(expiresAt = NOW + 3_600) {
  const fx = walletFixture()
  const { user } = await fx.logIn('ann@example.com')
  fx.wallet.connect(user, DAPP)
  const request = sessionRequest(expiresAt)
  fx.wallet.signTypedData(user, request.typedData, DAPP)
  return { fx, user, hash: request.hashFor(user.account.address) }
}

describe('connected apps', () => {
  it("lists the user's apps with each session's expiry, allowed methods, spending limit and state", async () => {
    const { fx, user, hash } = await signedSession()
    const other = 'https://other.example'
    fx.wallet.connect(user, other)
    const { apps } = await fx.wallet.apps(user)
    expect(apps).toEqual([
      {
        origin: DAPP,
        connected: true,
        sessions: [
          {
            sessionHash: hash,
            expiresAt: NOW + 3_600,
            status: 'active',
            allowedMethods: [{ contractAddress: STRK_HEX, selector: 'transfer' }],
            txFees: [{ tokenAddress: STRK_HEX, maxAmount: '10000000000000000000' }],
          },
        ],
      },
      { origin: other, connected: true, sessions: [] },
    ])
    expect((await fx.logIn('bob@example.com').then(({ user: bob }) => fx.wallet.apps(bob))).apps).toEqual([])
  })

  it('revokes at the cosigner before the account is deployed: nothing on chain, getLoginStatus sees it', async () => {
    const { fx, user, hash } = await signedSession()
    expect(await fx.wallet.hasSession(user, DAPP)).toBe(true)
    expect(await fx.wallet.revokeSession(user, hash)).toEqual({ sessionHash: hash })
    expect(fx.wallet.revocations.has(hash)).toBe(true)
    expect(await fx.wallet.hasSession(user, DAPP)).toBe(false)
    expect((await fx.wallet.apps(user)).apps[0]?.sessions[0]?.status).toBe('revoked')
  })

  it('revokes on the account too once it is deployed (revoke_session, signed by owner and guardian)', async () => {
    const { fx, user, hash } = await signedSession()
    await fx.wallet.ensureDeployed(user)
    const done = await fx.wallet.revokeSession(user, hash)
    expect(done.transactionHash).toMatch(/^0x[0-9a-f]+$/)
    expect(await fx.ledger.receipt(done.transactionHash ?? '')).toEqual({ status: 'SUCCEEDED' })
    expect(await fx.ledger.isSessionRevoked(user.account.address, hash)).toBe(true)
    // Again: already revoked on chain, nothing more is sent.
    expect(await fx.wallet.revokeSession(user, hash)).toEqual({ sessionHash: hash })
  })

  it("answers 404 for a hash that is no session of the user's account, and revokes nothing", async () => {
    const { fx, hash } = await signedSession()
    const { user: bob } = await fx.logIn('bob@example.com')
    await expect(fx.wallet.revokeSession(bob, hash)).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' })
    await expect(fx.wallet.revokeSession(bob, '0x1234')).rejects.toMatchObject({ status: 404 })
    expect(fx.wallet.revocations.snapshot()).toEqual([])
  })

  it('shows an expired session as expired by the chain clock', async () => {
    const { fx, user } = await signedSession(NOW - 10)
    expect((await fx.wallet.apps(user)).apps[0]?.sessions[0]?.status).toBe('expired')
  })
})
