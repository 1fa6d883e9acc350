// Token lifetime, code rate limits and brute-force bounds of the e-mail login, on an injected wall clock.
import { addressKey } from '@webwallet/protocol'
import { describe, expect, it } from 'vitest'
import { serve } from '../../infra/http/serve'
import { createInbox } from '../dev/inbox'
import { LoginService } from './LoginService'
import { CODE_TTL_MS, DEFAULT_LOGIN_LIMITS, type LoginLimits, TOKEN_TTL_MS } from './limits'
import { createLoginRouter } from './router'

const START = 1_700_000_000_000

/** A login service on fake clocks (`clock.wall` for expiry and limits, `clock.chain` for `createdAt`), served. */
async function loginServer(options: { limits?: Partial<LoginLimits>; state?: unknown } = {}) {
  const clock = { wall: START, chain: START }
  const inbox = createInbox({ now: () => clock.wall })
  let accounts = 0
  const login = new LoginService({
    inbox,
    logger: { info: () => {} },
    accounts: {
      createAccountFor: (ownerPublicKey) => ({
        address: addressKey(`0x${++accounts}`),
        classHash: '0xc1a55',
        salt: ownerPublicKey,
        constructorCalldata: [],
      }),
    },
    fund: () => {},
    now: () => clock.chain,
    clock: () => clock.wall,
    ...(options.limits === undefined ? {} : { limits: options.limits }),
    ...(options.state === undefined ? {} : { state: options.state }),
  })
  const served = await serve('/login', createLoginRouter(login))
  const send = async (method: 'GET' | 'POST', path: string, body?: unknown, token?: string) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' }
    if (token !== undefined) headers.authorization = `Bearer ${token}`
    const response = await fetch(`${served.url}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    const text = await response.text()
    return {
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      body: (text === '' ? undefined : JSON.parse(text)) as Record<string, unknown> | undefined,
    }
  }
  const start = (email: string) => send('POST', '/start', { email })
  const verify = (email: string, code: string) => send('POST', '/verify', { email, code })
  /** The whole login; the token. */
  const logIn = async (email: string) => {
    expect((await start(email)).status).toBe(200)
    const { body } = await verify(email, inbox.latest(email)?.code ?? '')
    return body?.token as string
  }
  return {
    clock,
    login,
    inbox,
    start,
    verify,
    logIn,
    me: (token: string) => send('GET', '/me', undefined, token),
    logout: (token: string) => send('POST', '/logout', {}, token),
    [Symbol.asyncDispose]: () => served.close(),
  }
}

const mailsTo = (server: { inbox: ReturnType<typeof createInbox> }, email: string) =>
  server.inbox.all().filter((mail) => mail.to === email)
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')
const expired = { status: 401, body: { code: 'LOGIN_EXPIRED', message: 'Login expired; log in again' } }

describe('login tokens', () => {
  it('last 24 hours of wall-clock time, then answer 401 LOGIN_EXPIRED', async () => {
    await using server = await loginServer()
    const token = await server.logIn('ann@example.com')
    expect(TOKEN_TTL_MS).toBe(24 * 3_600_000)
    server.clock.wall += TOKEN_TTL_MS - 1
    expect((await server.me(token)).status).toBe(200)
    server.clock.wall += 1
    expect(await server.me(token)).toMatchObject(expired)
    expect(server.login.tokenStatus(token)).toEqual({ status: 'expired' })
    expect(() => server.login.userOfToken(token)).toThrow('Login expired; log in again')
    // Logging out of an expired login still ends it; afterwards the token is unknown.
    expect((await server.logout(token)).status).toBe(204)
    expect(await server.me(token)).toMatchObject({ status: 401, body: { message: 'Not logged in' } })
  })

  it('do not expire when only the chain clock moves (devnet_setTime)', async () => {
    await using server = await loginServer()
    const token = await server.logIn('ann@example.com')
    server.clock.chain += 30 * TOKEN_TTL_MS
    expect((await server.me(token)).status).toBe(200)
  })

  it('take their lifetime from the options', async () => {
    await using server = await loginServer({ limits: { tokenTtlMs: 60_000 } })
    const token = await server.logIn('ann@example.com')
    server.clock.wall += 60_000
    expect(await server.me(token)).toMatchObject(expired)
  })

  it('keep their expiry through a snapshot and restore (--state)', async () => {
    await using server = await loginServer()
    const token = await server.logIn('ann@example.com')
    const saved = JSON.parse(JSON.stringify(server.login.snapshot()))
    expect(saved.sessions[token]).toEqual({
      email: 'ann@example.com',
      createdAt: START,
      expiresAt: START + TOKEN_TTL_MS,
    })
    server.clock.wall += TOKEN_TTL_MS - 1
    await using restored = await loginServer({ state: saved })
    restored.clock.wall = server.clock.wall
    expect((await restored.me(token)).status).toBe(200)
    restored.clock.wall += 1
    expect(await restored.me(token)).toMatchObject(expired)
  })

  it('saved without an expiry (older state files) last one lifetime from creation, at most from loading', async () => {
    await using server = await loginServer()
    await server.logIn('ann@example.com')
    const saved = server.login.snapshot()
    const legacy = (createdAt: number) => ({ email: 'ann@example.com', createdAt })
    const old = 'a'.repeat(64)
    const future = 'b'.repeat(64)
    const state = {
      ...saved,
      sessions: { [old]: legacy(START - TOKEN_TTL_MS + 1_000), [future]: legacy(START + 365 * TOKEN_TTL_MS) },
    }
    await using restored = await loginServer({ state })
    expect(restored.login.snapshot().sessions).toEqual({
      [old]: { ...legacy(START - TOKEN_TTL_MS + 1_000), expiresAt: START + 1_000 },
      [future]: { ...legacy(START + 365 * TOKEN_TTL_MS), expiresAt: START + TOKEN_TTL_MS },
    })
    restored.clock.wall += 1_000
    expect(await restored.me(old)).toMatchObject(expired)
    expect((await restored.me(future)).status).toBe(200)
  })

  it('are forgotten one lifetime after they expired', async () => {
    await using server = await loginServer()
    const token = await server.logIn('ann@example.com')
    server.clock.wall += 2 * TOKEN_TTL_MS
    await server.logIn('bob@example.com')
    expect(server.login.tokenStatus(token)).toEqual({ status: 'unknown' })
    expect(Object.keys(server.login.snapshot().sessions)).toHaveLength(1)
  })
})

describe('POST /login/start rate limits', () => {
  it('sends at most 5 codes per e-mail in 10 minutes, then answers 429 with Retry-After', async () => {
    await using server = await loginServer()
    for (let i = 0; i < 5; i++) {
      expect((await server.start('Ann@example.com')).status).toBe(200)
      server.clock.wall += 60_000
    }
    const refused = await server.start('ann@example.com')
    // The first code went out at START: the window frees a slot at START + 10 min, 5 minutes from now.
    const message = 'Too many login codes for this e-mail; try again in 300 s'
    expect(refused).toEqual({
      status: 429,
      retryAfter: '300',
      body: { code: 'TOO_MANY_REQUESTS', message, messages: [message], retryAfter: 300 },
    })
    expect(mailsTo(server, 'ann@example.com')).toHaveLength(5)
    expect((await server.start('bob@example.com')).status).toBe(200)
    server.clock.wall += 300_000 - 1
    expect((await server.start('ann@example.com')).status).toBe(429)
    server.clock.wall += 1
    expect((await server.start('ann@example.com')).status).toBe(200)
  })

  it('sends at most codesPerClient codes for one client IP, whatever the e-mail', async () => {
    const codesPerClient = { max: 3, windowMs: 60_000 }
    await using server = await loginServer({ limits: { codesPerClient } })
    for (const name of ['a', 'b', 'c']) expect((await server.start(`${name}@example.com`)).status).toBe(200)
    expect(await server.start('d@example.com')).toMatchObject({
      status: 429,
      retryAfter: '60',
      body: {
        code: 'TOO_MANY_REQUESTS',
        message: 'Too many login codes from this client; try again in 60 s',
      },
    })
    // Another client is not held back by this one.
    expect(server.login.requestCode('d@example.com', '203.0.113.7').expiresAt).toBe(
      server.clock.wall + CODE_TTL_MS,
    )
  })

  it('counts one client however its address is written: IPv4-mapped, or any address of its IPv6 /64', async () => {
    const codesPerClient = { max: 2, windowMs: 60_000 }
    await using server = await loginServer({ limits: { codesPerClient } })
    const { login } = server
    login.requestCode('a@example.com', '203.0.113.7')
    login.requestCode('b@example.com', '::ffff:203.0.113.7')
    expect(() => login.requestCode('c@example.com', '203.0.113.7')).toThrow('from this client')
    login.requestCode('d@example.com', '2001:db8:1:2::1')
    login.requestCode('e@example.com', '2001:db8:1:2::2')
    expect(() => login.requestCode('f@example.com', '2001:db8:1:2:ffff::3')).toThrow('from this client')
    // Another /64 is another client.
    expect(login.requestCode('f@example.com', '2001:db8:1:3::1').expiresAt).toBe(
      server.clock.wall + CODE_TTL_MS,
    )
  })

  it('does not count refused requests, nor the server’s own logins (--email)', async () => {
    const limits = {
      codesPerEmail: { max: 1, windowMs: 60_000 },
      codesPerClient: { max: 2, windowMs: 60_000 },
    }
    await using server = await loginServer({ limits })
    expect((await server.start('ann@example.com')).status).toBe(200)
    for (let i = 0; i < 3; i++) expect((await server.start('ann@example.com')).status).toBe(429)
    expect((await server.start('bob@example.com')).status).toBe(200)
    for (let i = 0; i < 10; i++) server.login.start('ann@example.com')
    expect(mailsTo(server, 'ann@example.com')).toHaveLength(11)
  })
})

describe('one-time codes cannot be brute-forced', () => {
  it('allows at most 25 guesses per e-mail in 10 minutes: 5 codes of 5 tries', async () => {
    await using server = await loginServer()
    let guesses = 0
    for (let round = 0; round < 5; round++) {
      expect((await server.start('ann@example.com')).status).toBe(200)
      const code = server.inbox.latest('ann@example.com')?.code ?? ''
      for (let i = 0; i < DEFAULT_LOGIN_LIMITS.codeTries; i++) {
        guesses += 1
        expect((await server.verify('ann@example.com', wrong(code))).status).toBe(401)
      }
      expect(await server.verify('ann@example.com', code)).toMatchObject({
        status: 401,
        body: { message: 'Too many wrong codes; request a new one' },
      })
    }
    expect(guesses).toBe(25)
    expect((await server.start('ann@example.com')).status).toBe(429)
  })

  it('expires codes by the wall clock, not the chain clock, after codeTtlMs', async () => {
    await using server = await loginServer({ limits: { codeTtlMs: 60_000, codeTries: 2 } })
    await server.start('ann@example.com')
    const message = server.inbox.latest('ann@example.com')
    expect(message?.text).toContain('It expires in 1 minute.')
    const code = message?.code ?? ''
    server.clock.chain -= 3_600_000
    server.clock.wall += 60_000
    expect(await server.verify('ann@example.com', code)).toMatchObject({
      status: 401,
      body: { message: 'Login code expired; request a new one' },
    })
    await server.start('ann@example.com')
    const next = server.inbox.latest('ann@example.com')?.code ?? ''
    expect(await server.verify('ann@example.com', wrong(next))).toMatchObject({
      body: { message: 'Wrong code; 1 try left' },
    })
    expect(await server.verify('ann@example.com', wrong(next))).toMatchObject({
      body: { message: 'Too many wrong codes; request a new one' },
    })
  })
})
