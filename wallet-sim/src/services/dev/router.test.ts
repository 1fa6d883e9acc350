import { addressKey } from '@webwallet/protocol'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { HttpError } from '../../infra/http/HttpError'
import { type Served, serve } from '../../infra/http/serve'
import { createPortfolioFixtures } from '../backend/setups'
import { STRK_ADDRESS } from '../backend/tokens'
import { type ApprovalMode, createApprovalPolicy } from './approval'
import { createFaultRegistry } from './faults'
import { createInbox } from './inbox'
import type { DevNames } from './names'
import { createDevRouter, type DevAccount } from './router'

const inbox = createInbox({ now: () => 1000 })
const approval = createApprovalPolicy('manual')
const faults = createFaultRegistry()
let time = 1_700_000_000
const clock = {
  now: () => time,
  set: (s: number) => {
    time = s
  },
  increase: (s: number) => {
    time += s
  },
}
const accounts: DevAccount[] = []
const funded: Array<[string, string, bigint]> = []
// The name service's own behaviour is tested on a real chain (names.test.ts); here, how the router answers.
const registered = new Map<string, string>()
const portfolio = createPortfolioFixtures({ now: () => time * 1000 })
const names: DevNames = {
  register: async (address, name) => {
    if (address === addressKey('0x404')) throw new HttpError(404, 'NOT_FOUND', `Unknown account ${address}`)
    if ([...registered.values()].includes(name))
      throw new HttpError(409, 'CONFLICT', `${name} is taken by ${address}`)
    registered.set(address, name)
    return { name, address, transactionHash: '0xabc' }
  },
  nameOf: (address) => registered.get(address),
}

let served: Served
beforeAll(async () => {
  served = await serve(
    '/dev',
    createDevRouter({
      inbox,
      approval,
      faults,
      clock,
      accounts: {
        list: () => accounts,
        create: async (email) => {
          const account = { email, address: addressKey(`0x${accounts.length + 1}`) }
          accounts.push(account)
          return account
        },
        fund: (address, token, amount) => void funded.push([address, token, amount]),
      },
      names,
      portfolio,
      // As wallet-sim's access rules with --allow-dapp http://demo:5173: that page and Node clients only.
      gate: (req) =>
        (req.headers.origin ?? 'http://demo:5173') === 'http://demo:5173' ? undefined : 'not you',
    }),
  )
})
afterAll(() => served.close())
beforeEach(() => faults.clear())

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const init: RequestInit = { method, headers }
  if (body !== undefined) {
    init.headers = { ...headers, 'content-type': 'application/json' }
    init.body = typeof body === 'string' ? body : JSON.stringify(body)
  }
  const response = await fetch(`${served.url}${path}`, init)
  const text = await response.text()
  return {
    status: response.status,
    body: text === '' ? undefined : (JSON.parse(text) as unknown),
    allowOrigin: response.headers.get('access-control-allow-origin'),
  }
}

describe('inbox', () => {
  it('lists all mail and answers the latest mail per address, case-insensitively', async () => {
    inbox.deliver({ to: 'ann@example.com', subject: 'Code', text: 'Code 111111', code: '111111' })
    inbox.deliver({ to: 'Ann@Example.com', subject: 'Code', text: 'Code 222222', code: '222222' })
    expect((await call('GET', '/inbox')).body).toMatchObject({
      messages: [{ code: '111111' }, { code: '222222' }],
    })
    expect(await call('GET', '/inbox/ANN@example.com')).toMatchObject({
      status: 200,
      body: { code: '222222', to: 'ann@example.com', sentAt: 1000 },
    })
  })

  it('answers 404 for an address without mail and 400 for a bad address', async () => {
    expect(await call('GET', '/inbox/nobody@example.com')).toMatchObject({
      status: 404,
      body: { message: 'No mail for nobody@example.com' },
    })
    expect(await call('GET', '/inbox/not-an-email')).toMatchObject({
      status: 400,
      body: { message: 'params.email: Invalid e-mail address' },
    })
  })
})

describe('approval', () => {
  it('reads and changes the policy, telling listeners', async () => {
    const seen: ApprovalMode[] = []
    const off = approval.onChange((mode) => seen.push(mode))
    expect((await call('GET', '/approval')).body).toEqual({ mode: 'manual', next: [] })
    expect((await call('PUT', '/approval', { mode: 'auto' })).body).toEqual({ mode: 'auto' })
    expect(approval.get()).toBe('auto')
    expect(seen).toEqual(['auto'])
    off()
    await call('PUT', '/approval', { mode: 'reject' })
    expect(seen).toEqual(['auto'])
  })

  it('refuses an unknown mode and a malformed body', async () => {
    expect((await call('PUT', '/approval', { mode: 'sometimes' })).status).toBe(400)
    expect(await call('PUT', '/approval', '{"mode":')).toMatchObject({
      status: 400,
      body: { message: 'Malformed JSON body' },
    })
  })
})

describe('time', () => {
  it('sets and increases the clock', async () => {
    expect((await call('POST', '/time', { set: 1_800_000_000 })).body).toEqual({ time: 1_800_000_000 })
    expect((await call('POST', '/time', { increase: 60 })).body).toEqual({ time: 1_800_000_060 })
    expect((await call('GET', '/time')).body).toEqual({ time: 1_800_000_060 })
  })

  it('needs set or increase, as non-negative integers', async () => {
    expect(await call('POST', '/time', {})).toMatchObject({
      status: 400,
      body: { message: 'body: Give set or increase (seconds)' },
    })
    expect((await call('POST', '/time', { increase: -1 })).status).toBe(400)
    expect((await call('POST', '/time', { set: 1.5 })).status).toBe(400)
  })
})

describe('accounts', () => {
  it('creates, lists and funds accounts', async () => {
    const created = await call('POST', '/accounts', { email: 'Bob@example.com' })
    expect(created).toMatchObject({ status: 201, body: { email: 'bob@example.com' } })
    expect((await call('GET', '/accounts')).body).toEqual({ accounts })
    const fund = await call('POST', '/accounts/0x1/fund', { amount: '1000' })
    expect(fund.body).toEqual({ address: addressKey('0x1'), token: STRK_ADDRESS, amount: '1000' })
    await call('POST', '/accounts/0x1/fund', { token: '0xabc', amount: '0x10' })
    expect(funded).toEqual([
      [addressKey('0x1'), STRK_ADDRESS, 1000n],
      [addressKey('0x1'), addressKey('0xabc'), 16n],
    ])
  })

  it('refuses a bad e-mail, address or amount', async () => {
    expect((await call('POST', '/accounts', { email: 'bob' })).status).toBe(400)
    expect((await call('POST', '/accounts/xyz/fund', { amount: '1' })).status).toBe(400)
    expect((await call('POST', '/accounts/0x1/fund', { amount: '-1' })).status).toBe(400)
    expect((await call('POST', '/accounts/0x1/fund', {})).status).toBe(400)
  })
})

describe('faults', () => {
  it('adds, lists and clears faults', async () => {
    const added = await call('POST', '/faults', {
      route: '/paymaster/v1/execute',
      method: 'post',
      count: 2,
      status: 503,
    })
    expect(added).toMatchObject({
      status: 201,
      body: {
        id: expect.any(Number),
        route: '/paymaster/v1/execute',
        method: 'POST',
        remaining: 2,
        status: 503,
      },
    })
    expect((await call('GET', '/faults')).body).toMatchObject({ faults: [{ remaining: 2 }] })
    expect((await call('DELETE', '/faults')).status).toBe(204)
    expect((await call('GET', '/faults')).body).toEqual({ faults: [] })
  })

  it.each([
    [{ route: 'paymaster', count: 1, status: 500 }, 'body.route: route must be a path starting with /'],
    [{ route: '/x', count: 0, status: 500 }, undefined],
    [
      { route: '/x', count: 1 },
      'body: A fault needs an effect: status, body, delayMs, malformedJson or dropSignatureHeader',
    ],
    [
      { route: '/x', count: 1, malformedJson: true, body: {} },
      'body: malformedJson and body exclude each other',
    ],
    [{ route: '/x', count: 1, status: 42 }, undefined],
    [{ route: '/x', count: 1, dropSignatureHeader: true, status: 500 }, undefined],
  ])('refuses the bad fault spec %j', async (spec, message) => {
    const answer = await call('POST', '/faults', spec)
    expect(answer.status).toBe(400)
    if (message !== undefined) expect(answer.body).toMatchObject({ message })
    expect(faults.list()).toEqual([])
  })
})

describe('names', () => {
  it('registers a name (201) and reads it back', async () => {
    expect(await call('GET', '/accounts/0x7/name')).toMatchObject({
      status: 200,
      body: { address: addressKey('0x7'), name: null },
    })
    expect(await call('POST', '/accounts/0x7/name', { name: 'alice.stark' })).toMatchObject({
      status: 201,
      body: { name: 'alice.stark', address: addressKey('0x7'), transactionHash: '0xabc' },
    })
    expect((await call('GET', '/accounts/0x07/name')).body).toEqual({
      address: addressKey('0x7'),
      name: 'alice.stark',
    })
  })

  it.each([
    [{ name: 'Alice.stark' }, "body.name: Label 'Alice' may only use lowercase a-z, 0-9 and '-'"],
    [{ name: 'alice' }, "body.name: A name ends in .stark (e.g. alice.stark); got 'alice'"],
    [{ name: 'a..stark' }, "body.name: 'a..stark' has an empty label"],
    [{ name: 42 }, 'body.name: Give the name as a string, e.g. "alice.stark"'],
    [{}, 'body.name: Give the name as a string, e.g. "alice.stark"'],
  ])('refuses the body %j with 400', async (body, message) => {
    expect(await call('POST', '/accounts/0x8/name', body)).toMatchObject({
      status: 400,
      body: { code: 'BAD_REQUEST', message },
    })
  })

  it('answers 400 for a bad address, 404 for an unknown account and 409 for a taken name', async () => {
    expect(await call('POST', '/accounts/xyz/name', { name: 'bob.stark' })).toMatchObject({
      status: 400,
      body: { message: 'params.address: Invalid address' },
    })
    expect(await call('POST', '/accounts/0x404/name', { name: 'bob.stark' })).toMatchObject({
      status: 404,
      body: { code: 'NOT_FOUND', message: `Unknown account ${addressKey('0x404')}` },
    })
    // A path parameter that is no valid percent-encoding is the client's fault, answered as JSON.
    expect(await call('GET', '/accounts/%ZZ/name')).toMatchObject({
      status: 400,
      body: { code: 'BAD_REQUEST', message: "Failed to decode param '%ZZ'" },
    })
    await call('POST', '/accounts/0x9/name', { name: 'carol.stark' })
    expect(await call('POST', '/accounts/0xa/name', { name: 'carol.stark' })).toMatchObject({
      status: 409,
      body: { code: 'CONFLICT', message: `carol.stark is taken by ${addressKey('0xa')}` },
    })
  })

  it('lets the allowed pages call it from a browser, errors included, and refuses other pages', async () => {
    const demo = { origin: 'http://demo:5173' }
    expect((await call('OPTIONS', '/accounts/0xb/name', undefined, demo)).allowOrigin).toBe(demo.origin)
    expect((await call('POST', '/accounts/0xb/name', { name: 'B.stark' }, demo)).allowOrigin).toBe(
      demo.origin,
    )
    expect((await call('POST', '/accounts/0xb/name', '{"name":', demo)).allowOrigin).toBe(demo.origin)
    const other = { origin: 'http://localhost:5173' }
    expect(await call('OPTIONS', '/accounts/0xb/name', undefined, other)).toMatchObject({
      status: 403,
      allowOrigin: null,
    })
    expect(await call('GET', '/accounts/0xb/name', undefined, other)).toMatchObject({
      status: 403,
      body: { code: 'FORBIDDEN', message: 'not you' },
      allowOrigin: null,
    })
    expect((await call('POST', '/accounts/0xb/fund', { amount: '1' }, other)).status).toBe(403)
    // The rest of the dev API stays closed to pages.
    expect((await call('GET', '/inbox', undefined, demo)).allowOrigin).toBeNull()
  })
})

describe('DeFi positions and airdrops', () => {
  const drop = { tokenAddress: STRK_ADDRESS, claimStart: '2026-01-01T00:00:00.000Z', amount: '5' }

  it('sets up the sample or given data for an account, and clears it', async () => {
    const sample = await call('POST', '/accounts/0xc1/defi', { preset: 'sample' })
    expect(sample.status).toBe(201)
    expect(sample.body).toEqual(portfolio.defiOf(addressKey('0xc1')))
    expect(portfolio.defiOf(addressKey('0xc1')).dapps).toHaveLength(5)
    const dapps = [{ dappId: 'ekubo', products: [] }]
    expect(await call('POST', '/accounts/0xC1/defi', { dapps })).toMatchObject({
      status: 201,
      body: { dapps },
    })
    expect(portfolio.defiOf(addressKey('0xc1'))).toEqual({ dapps })
    expect(await call('POST', '/accounts/0xc1/airdrops', { airdrops: [drop] })).toMatchObject({
      status: 201,
      body: { airdrops: [drop] },
    })
    expect((await call('POST', '/accounts/0xc2/airdrops', { preset: 'sample' })).status).toBe(201)
    expect(portfolio.airdropsOf(addressKey('0xc2'))[0]).toMatchObject({ tokenAddress: STRK_ADDRESS })
    expect((await call('DELETE', '/accounts/0xc1/defi')).status).toBe(204)
    expect((await call('DELETE', '/accounts/0xc1/airdrops')).status).toBe(204)
    expect(portfolio.defiOf(addressKey('0xc1'))).toEqual({ dapps: [] })
    expect(portfolio.airdropsOf(addressKey('0xc1'))).toEqual([])
  })

  it.each([
    ['/defi', { preset: 'many' }, 'body.preset: The only preset is "sample"'],
    ['/defi', {}, 'body: Give {"preset":"sample"} or {"dapps":[…]}'],
    ['/defi', { dapps: {} }, 'body.dapps: Expected array'],
    [
      '/defi',
      { dapps: [{ dappId: 'x', products: [{ name: 'p', type: 'magic', positions: [] }] }] },
      'body.dapps.0.products.0.type',
    ],
    ['/airdrops', { airdrops: [{ tokenAddress: STRK_ADDRESS }] }, 'body.airdrops.0.claimStart'],
    ['/airdrops', [], 'body: Give {"preset":"sample"} or {"airdrops":[…]}'],
  ])('refuses the %s body %j with 400, changing nothing', async (route, body, message) => {
    const response = await call('POST', `/accounts/0xc3${route}`, body)
    expect(response).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST' } })
    expect((response.body as { message: string }).message).toContain(message)
    expect(portfolio.defiOf(addressKey('0xc3'))).toEqual({ dapps: [] })
    expect(portfolio.airdropsOf(addressKey('0xc3'))).toEqual([])
  })

  it('lets the allowed pages call it from a browser and refuses other pages', async () => {
    const demo = { origin: 'http://demo:5173' }
    expect((await call('OPTIONS', '/accounts/0xc4/defi', undefined, demo)).allowOrigin).toBe(demo.origin)
    expect(await call('POST', '/accounts/0xc4/airdrops', { preset: 'sample' }, demo)).toMatchObject({
      status: 201,
      allowOrigin: demo.origin,
    })
    const other = { origin: 'http://localhost:5173' }
    expect(await call('POST', '/accounts/0xc5/defi', { preset: 'sample' }, other)).toMatchObject({
      status: 403,
      allowOrigin: null,
    })
    expect(portfolio.defiOf(addressKey('0xc5'))).toEqual({ dapps: [] })
  })
})
