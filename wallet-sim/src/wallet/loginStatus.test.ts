// getLoginStatus for the app at an origin: logged in (an unexpired login token), hasSession (a session the
// user's account signed for that origin, unexpired by the chain clock and not revoked on the account) and
// isPreauthorized (the origin is connected), through the router and through the wallet page's HTTP API.
import { createWalletRouter } from '@webwallet/protocol/router'
import { onChainSession, toHex } from '@webwallet/protocol/session'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { serve } from '../infra/http/serve'
import { TOKEN_TTL_MS } from '../services/login/limits'
import { MAIL, sessionRequest } from './fixtures'
import { createHeadlessHandlers } from './headless/headlessMode'
import { createWalletPageApi } from './server/api'
import { createPermissions } from './server/permissions'
import { createSessionRegistry } from './server/sessions'
import { WalletService } from './server/WalletService'
import { type MemoryAnswer, memoryClient, NOW, type WalletFixture, walletFixture } from './testing'

const DAPP = 'https://dapp.example'
const OTHER = 'https://other.example'
const EXPIRES_AT = NOW + 3_600

let fx: WalletFixture
let wallClock: number
let token: string
let address: string
const clients: ReturnType<typeof memoryClient>[] = []

const client = (ctx: object, wallet = fx.wallet) => {
  const handlers = createHeadlessHandlers({
    wallet,
    login: fx.login,
    approvals: fx.approvals,
    defaultEmail: () => 'bot@example.com',
  })
  const made = memoryClient(createWalletRouter(handlers), ctx)
  clients.push(made)
  return made
}
const data = (answer: MemoryAnswer) => {
  if (!answer.ok) throw new Error(`expected data, got ${JSON.stringify(answer.error)}`)
  return answer.data
}
const statusOf = async (ctx: object, wallet = fx.wallet) =>
  data(await client(ctx, wallet).mutate('getLoginStatus'))
const signSession = async (ctx: object, expiresAt = EXPIRES_AT) =>
  data(
    await client(ctx).mutate('connectAndSignSession', {
      approvalRequests: [],
      sessionTypedData: sessionRequest(expiresAt).typedData,
    }),
  )

beforeEach(async () => {
  wallClock = 1_700_000_000_000
  fx = walletFixture({ loginClock: () => wallClock })
  const login = await fx.logIn('ann@example.com')
  token = login.token
  address = login.user.account.address
})
afterEach(() => {
  for (const made of clients.splice(0)) made.close()
})

describe('getLoginStatus over the wallet router', () => {
  it('has a session only for the origin it was signed for, and only for the user whose account signed it', async () => {
    expect(await statusOf({ origin: DAPP, token })).toEqual({
      isLoggedIn: true,
      hasSession: false,
      isPreauthorized: false,
    })
    await signSession({ origin: DAPP, token })
    expect(await statusOf({ origin: DAPP, token })).toEqual({
      isLoggedIn: true,
      hasSession: true,
      isPreauthorized: true,
    })
    expect(await statusOf({ origin: OTHER, token })).toEqual({
      isLoggedIn: true,
      hasSession: false,
      isPreauthorized: false,
    })
    const bob = await fx.logIn('bob@example.com')
    expect(await statusOf({ origin: DAPP, token: bob.token })).toEqual({
      isLoggedIn: true,
      hasSession: false,
      isPreauthorized: false,
    })
  })

  it('loses the session when the chain clock reaches its expiry (devnet_setTime), as the cosigner does', async () => {
    await signSession({ origin: DAPP, token })
    fx.chain.setTime(EXPIRES_AT - 1)
    expect(await statusOf({ origin: DAPP, token })).toMatchObject({ hasSession: true })
    fx.chain.setTime(EXPIRES_AT)
    expect(await statusOf({ origin: DAPP, token })).toMatchObject({
      hasSession: false,
      isPreauthorized: true,
    })
    // A new session for the origin brings it back.
    await signSession({ origin: DAPP, token }, EXPIRES_AT + 3_600)
    expect(await statusOf({ origin: DAPP, token })).toMatchObject({ hasSession: true })
  })

  it('loses the session when the account revokes it on chain', async () => {
    await signSession({ origin: DAPP, token })
    const [session] = fx.wallet.sessions.signedFor(address, DAPP)
    const user = fx.login.userOfToken(token)
    const revoke = {
      contractAddress: address,
      entrypoint: 'revoke_session',
      calldata: [session?.hash ?? '0x0'],
    }
    expect((await fx.ledger.receipt(await fx.wallet.execute(user, [revoke]))).status).toBe('SUCCEEDED')
    expect(await statusOf({ origin: DAPP, token })).toEqual({
      isLoggedIn: true,
      hasSession: false,
      isPreauthorized: true,
    })
  })

  it('is preauthorized while the origin is connected for that user', async () => {
    data(await client({ origin: DAPP, token }).mutate('connectWebwallet', {}))
    expect(await statusOf({ origin: DAPP, token })).toMatchObject({
      isPreauthorized: true,
      hasSession: false,
    })
    fx.wallet.disconnect(fx.login.userOfToken(token), DAPP)
    expect(await statusOf({ origin: DAPP, token })).toMatchObject({ isPreauthorized: false })
  })

  it('keeps sessions and connected origins across a restart (their saved state)', async () => {
    await signSession({ origin: DAPP, token })
    const restarted = new WalletService({
      ledger: fx.ledger,
      guardianPrivateKey: fx.guardianPrivateKey,
      permissions: createPermissions(JSON.parse(JSON.stringify(fx.wallet.permissions.snapshot()))),
      sessions: createSessionRegistry(JSON.parse(JSON.stringify(fx.wallet.sessions.snapshot()))),
    })
    expect(await statusOf({ origin: DAPP, token }, restarted)).toEqual({
      isLoggedIn: true,
      hasSession: true,
      isPreauthorized: true,
    })
  })

  it('answers for the --email user when the connection brings no token', async () => {
    expect(await statusOf({ origin: DAPP })).toEqual({
      isLoggedIn: true,
      hasSession: false,
      isPreauthorized: false,
    })
    await signSession({ origin: DAPP })
    expect(await statusOf({ origin: DAPP })).toEqual({
      isLoggedIn: true,
      hasSession: true,
      isPreauthorized: true,
    })
  })

  it.each([
    [
      'expired',
      () => {
        wallClock += TOKEN_TTL_MS
      },
    ],
    ['logged out', () => fx.login.logout(token)],
    [
      'never issued',
      () => {
        token = 'f'.repeat(64)
      },
    ],
  ])(
    'a login token %s is logged out: isLoggedIn false, and USER_LOGGED_OUT where the login is needed',
    async (_, end) => {
      await signSession({ origin: DAPP, token })
      end()
      // Not the --email user's status either: the connection named a token.
      expect(await statusOf({ origin: DAPP, token })).toEqual({ isLoggedIn: false })
      const answer = await client({ origin: DAPP, token }).mutate('requestAccounts', { silent_mode: true })
      expect(answer).toMatchObject({
        ok: false,
        error: { message: 'User logged out', data: { webwalletErrorCode: 'USER_LOGGED_OUT' } },
      })
    },
  )
})

describe('a session signed as plain typed data (x-sessions asks with signTypedData)', () => {
  it('is recorded for the origin, account, expiry, allowed-methods root and session key, like connectAndSignSession', async () => {
    const request = sessionRequest(EXPIRES_AT)
    data(await client({ origin: DAPP, token }).mutate('signTypedData', [request.typedData]))
    expect(await statusOf({ origin: DAPP, token })).toMatchObject({ hasSession: true })
    expect(await statusOf({ origin: OTHER, token })).toMatchObject({ hasSession: false })
    const onChain = onChainSession(request.session)
    expect(fx.wallet.sessions.lookup(request.hashFor(address))).toEqual({
      // Recorded in its canonical spelling: a selector given by name keeps it (its keccak is what is signed).
      allowedMethods: [{ contractAddress: expect.any(String), selector: 'transfer' }],
      expiresAt: EXPIRES_AT,
      txFees: [{ tokenAddress: expect.any(String), maxAmount: '10000000000000000000' }],
      account: address.replace(/^0x0*/, '0x'),
      origin: DAPP,
      allowedMethodsRoot: toHex(onChain.allowedMethodsRoot),
      sessionKeyGuid: toHex(onChain.sessionKeyGuid),
      chainId: fx.wallet.chainId.replace(/^0x0*/, '0x'),
    })
    fx.chain.setTime(EXPIRES_AT)
    expect(await statusOf({ origin: DAPP, token })).toMatchObject({ hasSession: false })
  })

  it('refuses session typed data without a session key before signing it, with a clear validation error', async () => {
    const { typedData } = sessionRequest(EXPIRES_AT)
    const { 'Session Key': _, ...message } = typedData.message as Record<string, unknown>
    const answer = await client({ origin: DAPP, token }).mutate('signTypedData', [{ ...typedData, message }])
    expect(answer).toMatchObject({
      ok: false,
      error: {
        message: 'Typed data: message.Session Key is missing',
      },
    })
    expect(fx.wallet.sessions.snapshot()).toEqual({})
  })

  it('records nothing for other typed data, nor for a session on another chain', async () => {
    data(await client({ origin: DAPP, token }).mutate('signTypedData', [MAIL]))
    data(
      await client({ origin: DAPP, token }).mutate('signTypedData', [
        sessionRequest(EXPIRES_AT, 'SN_MAIN').typedData,
      ]),
    )
    expect(fx.wallet.sessions.snapshot()).toEqual({})
  })

  it('through POST /wallet/api/signTypedData (the wallet page) too', async () => {
    const served = await serve('/wallet/api', createWalletPageApi({ wallet: fx.wallet, login: fx.login }))
    try {
      const request = sessionRequest(EXPIRES_AT)
      const response = await fetch(`${served.url}/signTypedData`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ origin: DAPP, typedData: request.typedData }),
      })
      expect(response.status).toBe(200)
      expect(fx.wallet.sessions.signedFor(address, DAPP)).toEqual([
        expect.objectContaining({ hash: request.hashFor(address), origin: DAPP }),
      ])
      expect(await statusOf({ origin: DAPP, token })).toMatchObject({ hasSession: true })
    } finally {
      await served.close()
    }
  })
})

describe('GET /wallet/api/loginStatus (the wallet page)', () => {
  it('answers the same status for the Bearer token; no token, an unknown or an expired one is logged out', async () => {
    const served = await serve('/wallet/api', createWalletPageApi({ wallet: fx.wallet, login: fx.login }))
    try {
      const get = async (path: string, bearer?: string) => {
        const response = await fetch(`${served.url}${path}`, {
          headers: bearer === undefined ? {} : { authorization: `Bearer ${bearer}` },
        })
        return { status: response.status, body: await response.json() }
      }
      const query = `/loginStatus?origin=${encodeURIComponent(DAPP)}`
      expect(await get(query)).toEqual({ status: 200, body: { isLoggedIn: false } })
      expect(await get(query, token)).toEqual({
        status: 200,
        body: { isLoggedIn: true, hasSession: false, isPreauthorized: false },
      })
      await signSession({ origin: DAPP, token })
      expect((await get(query, token)).body).toEqual({
        isLoggedIn: true,
        hasSession: true,
        isPreauthorized: true,
      })
      wallClock += TOKEN_TTL_MS
      expect(await get(query, token)).toEqual({ status: 200, body: { isLoggedIn: false } })
      expect(await get('/account', token)).toEqual({
        status: 401,
        body: { code: 'LOGIN_EXPIRED', message: 'Login expired; log in again' },
      })
      expect(await get(query, 'f'.repeat(64))).toEqual({ status: 200, body: { isLoggedIn: false } })
      expect(await get(`/loginStatus?origin=`, token)).toMatchObject({ status: 400 })
    } finally {
      await served.close()
    }
  })
})
