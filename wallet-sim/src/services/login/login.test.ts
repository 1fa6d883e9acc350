import { addressKey } from '@webwallet/protocol'
import { ec } from 'starknet'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type Served, serve } from '../../infra/http/serve'
import { ETH_ADDRESS, STRK_ADDRESS } from '../backend/tokens'
import { createInbox } from '../dev/inbox'
import { CODE_TTL_MS, LoginService } from './LoginService'
import { createLoginRouter } from './router'
import type { AccountDeployment, LoginState } from './state'

let now = 1_700_000_000_000
const inbox = createInbox({ now: () => now })
const logged: string[] = []
const created: string[] = []
const funded: Array<[string, string, bigint]> = []
const accounts = {
  createAccountFor: async (ownerPublicKey: string): Promise<AccountDeployment> => {
    created.push(ownerPublicKey)
    return {
      address: addressKey(`0x${created.length}`),
      classHash: '0xc1a55',
      salt: ownerPublicKey,
      constructorCalldata: [ownerPublicKey, '0x0'],
    }
  },
}
const newService = (state?: unknown) =>
  new LoginService({
    inbox,
    logger: { info: (message) => logged.push(message) },
    accounts,
    fund: (address, token, amount) => void funded.push([address, token, amount]),
    now: () => now,
    clock: () => now,
    ...(state === undefined ? {} : { state }),
  })

let login: LoginService
let served: Served
beforeAll(async () => {
  login = newService()
  served = await serve('/login', createLoginRouter(login))
})
afterAll(() => served.close())
beforeEach(() => {
  now += CODE_TTL_MS * 10
})

async function post(path: string, body: unknown, token?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (token !== undefined) headers.authorization = `Bearer ${token}`
  const response = await fetch(`${served.url}${path}`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  })
  const text = await response.text()
  return {
    status: response.status,
    body: (text === '' ? undefined : JSON.parse(text)) as Record<string, unknown> | undefined,
  }
}
const me = async (token: string) => {
  const response = await fetch(`${served.url}/me`, { headers: { authorization: `Bearer ${token}` } })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}
const codeFor = (email: string) => inbox.latest(email)?.code ?? ''
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

describe('first login', () => {
  it('mails and logs a 6-digit code, then creates the owner key, the account and its funds', async () => {
    expect(await post('/start', { email: 'Ann@Example.com' })).toMatchObject({
      status: 200,
      body: { sent: true, expiresAt: now + CODE_TTL_MS },
    })
    const code = codeFor('ann@example.com')
    expect(code).toMatch(/^[0-9]{6}$/)
    expect(logged.at(-1)).toContain(code)

    const verified = await post('/verify', { email: 'ann@example.com', code })
    expect(verified.status).toBe(200)
    const token = verified.body?.token as string
    const user = login.user('ann@example.com')
    expect(user?.ownerPublicKey).toBe(ec.starkCurve.getStarkKey(user?.ownerPrivateKey ?? '0x1'))
    expect(created).toEqual([user?.ownerPublicKey])
    expect(funded).toEqual([
      [user?.account.address, STRK_ADDRESS, 1000n * 10n ** 18n],
      [user?.account.address, ETH_ADDRESS, 10n ** 18n],
    ])
    const mine = await me(token)
    expect(mine).toMatchObject({
      status: 200,
      body: { email: 'ann@example.com', address: user?.account.address },
    })
    expect(mine.body).not.toHaveProperty('ownerPrivateKey')

    expect((await post('/logout', {}, token)).status).toBe(204)
    expect(await me(token)).toMatchObject({ status: 401, body: { message: 'Not logged in' } })
  })

  it('reuses the user on later logins and spends each code once', async () => {
    await post('/start', { email: 'ann@example.com' })
    const code = codeFor('ann@example.com')
    expect((await post('/verify', { email: 'ann@example.com', code })).status).toBe(200)
    expect(created).toHaveLength(1)
    expect(await post('/verify', { email: 'ann@example.com', code })).toMatchObject({
      status: 401,
      body: { message: 'No login code pending for this e-mail; request a new one' },
    })
  })

  it('creates one user when two first logins race', async () => {
    const [a, b] = await Promise.all([
      login.ensureUser('race@example.com'),
      login.ensureUser('race@example.com'),
    ])
    expect(a).toBe(b)
    expect(created).toHaveLength(2)
  })
})

describe('refusals', () => {
  it('refuses a wrong code with the tries left, and invalidates the code after 5', async () => {
    await post('/start', { email: 'bob@example.com' })
    const code = codeFor('bob@example.com')
    for (const left of [4, 3, 2, 1]) {
      expect(await post('/verify', { email: 'bob@example.com', code: wrong(code) })).toMatchObject({
        status: 401,
        body: { message: `Wrong code; ${left} ${left === 1 ? 'try' : 'tries'} left` },
      })
    }
    const fifth = await post('/verify', { email: 'bob@example.com', code: wrong(code) })
    expect(fifth).toMatchObject({ status: 401, body: { message: 'Too many wrong codes; request a new one' } })
    expect(await post('/verify', { email: 'bob@example.com', code })).toMatchObject({
      status: 401,
      body: { message: 'Too many wrong codes; request a new one' },
    })
  })

  it('refuses an expired code', async () => {
    await post('/start', { email: 'cat@example.com' })
    now += CODE_TTL_MS
    expect(
      await post('/verify', { email: 'cat@example.com', code: codeFor('cat@example.com') }),
    ).toMatchObject({
      status: 401,
      body: { message: 'Login code expired; request a new one' },
    })
  })

  it('accepts a code just before it expires', async () => {
    await post('/start', { email: 'dan@example.com' })
    now += CODE_TTL_MS - 1
    expect(
      (await post('/verify', { email: 'dan@example.com', code: codeFor('dan@example.com') })).status,
    ).toBe(200)
  })

  it('answers 400 for a bad e-mail or code and 401 without a token', async () => {
    expect(await post('/start', { email: 'not-an-email' })).toMatchObject({
      status: 400,
      body: { message: 'body.email: Invalid e-mail address' },
    })
    expect(await post('/verify', { email: 'a@b.co', code: '12345' })).toMatchObject({
      status: 400,
      body: { message: 'body.code: The code has 6 digits' },
    })
    expect((await fetch(`${served.url}/me`)).status).toBe(401)
    expect((await post('/logout', {}, 'f'.repeat(64))).status).toBe(401)
  })
})

describe('state', () => {
  it('restores users and sessions from a snapshot and reports every change', async () => {
    const changes: LoginState[] = []
    const off = login.onChange((state) => changes.push(state))
    await post('/start', { email: 'eve@example.com' })
    const { body } = await post('/verify', { email: 'eve@example.com', code: codeFor('eve@example.com') })
    off()
    expect(changes.length).toBeGreaterThanOrEqual(2)
    const restored = newService(JSON.parse(JSON.stringify(login.snapshot())))
    expect(restored.me(body?.token as string).email).toBe('eve@example.com')
    expect(() => newService({ users: 'nope' })).toThrow()
  })
})
