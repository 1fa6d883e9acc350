// Attack: a valid login token (a page bug, or whoever holds the page's token) asks a wallet page API route
// to act for a dapp the user never connected. The cases come from the listener list and protocol's policy
// table: a new /wallet/api route must be classified here, and each route that acts for a dapp is proven to
// refuse before any signature, estimate or chain work once its procedures' rows say `connection`.
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { MutationName } from '@webwallet/protocol/procedures'
import { PROCEDURE_POLICIES, type ProcedurePolicy } from '@webwallet/protocol/wallet'
import express from 'express'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { HTTP_LISTENERS } from '../../listeners'
import { MAIL, STRK, sessionRequest } from '../fixtures'
import { NOW, type WalletFixture, walletFixture } from '../testing'
import { createWalletPageApi } from './api'
import { type DappRoute, needsConnection, type PolicyTable, ROUTE_PROCEDURES } from './connectionGuard'

// protocol's table, and a copy the tests may tighten, handed to the API as its table (restored before each test).
const rows: Record<string, Pick<ProcedurePolicy, 'connection'>> = {}

// The routes that act for no dapp: reads of the user's own state, the Connected apps page (the user's own
// screen), the hands-free decision (no token needed), disconnect (only takes power away) and the dev login.
const NOT_FOR_A_DAPP = new Set([
  'GET /chainId',
  'GET /account',
  'GET /permissions',
  'GET /loginStatus',
  'POST /disconnect',
  'POST /contractNames',
  'GET /apps',
  'POST /revokeSession',
  'GET /devLogin',
  'POST /devLogin',
  'POST /decide',
])
const STRANGER = 'https://stranger.example'
const transfer = { contractAddress: STRK, entrypoint: 'transfer', calldata: ['0x5bd1e5', '1000', '0'] }
// A valid request of each route for `origin`: the refusal below is the guard's, not the validation's.
const REQUESTS: Record<DappRoute, (origin: string) => { path: string; body?: unknown }> = {
  'POST /connect': (origin) => ({ path: '/connect', body: { origin } }),
  'POST /signTypedData': (origin) => ({ path: '/signTypedData', body: { origin, typedData: MAIL } }),
  'POST /signSession': (origin) => ({
    path: '/signSession',
    body: {
      origin,
      request: { approvalRequests: [], sessionTypedData: sessionRequest(NOW + 3_600).typedData },
    },
  }),
  'POST /review': (origin) => ({ path: '/review', body: { origin, calls: [transfer] } }),
  'POST /execute': (origin) => ({ path: '/execute', body: { origin, calls: [transfer] } }),
  'GET /deploymentData': (origin) => ({ path: `/deploymentData?origin=${encodeURIComponent(origin)}` }),
}

let fx: WalletFixture
let server: Server
let url: string

beforeEach(async () => {
  for (const key of Object.keys(rows)) delete rows[key]
  Object.assign(rows, PROCEDURE_POLICIES)
  fx = walletFixture()
  const app = express()
  app.use(
    '/wallet/api',
    createWalletPageApi({ wallet: fx.wallet, login: fx.login, policies: rows as PolicyTable }),
  )
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s))
  })
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/wallet/api`
})

afterEach(async () => {
  await new Promise((resolve) => server.close(resolve))
})

const send = async (route: DappRoute, origin: string, token: string) => {
  const { path, body } = REQUESTS[route](origin)
  const response = await fetch(`${url}${path}`, {
    method: route.startsWith('POST') ? 'POST' : 'GET',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  return {
    status: response.status,
    body: (await response.json().catch(() => ({}))) as Record<string, unknown>,
  }
}

/** Every row of the table says `connection`, as a stricter wallet would. */
const everyRowNeedsConnection = () => {
  for (const [name, row] of Object.entries(rows)) rows[name] = { ...row, connection: true }
}

describe('the wallet page API refuses an unconnected dapp where the policy table says so', () => {
  it('classifies every /wallet/api route of the listener list', () => {
    const routes = HTTP_LISTENERS.flatMap((listener) => {
      const match = /^(GET|POST) \/wallet\/api(\/[^/]+)\/?$/.exec(listener)
      return match ? [`${match[1]} ${match[2]}`] : []
    })
    expect(routes.length).toBeGreaterThan(10)
    for (const route of routes) {
      expect(Object.hasOwn(ROUTE_PROCEDURES, route) || NOT_FOR_A_DAPP.has(route), route).toBe(true)
    }
  })

  it("protocol's table: deploymentData needs a connection; connectAndSignSession's route connects by signing", () => {
    expect(needsConnection('GET /deploymentData')).toBe(true)
    expect(needsConnection('POST /signSession')).toBe(false)
    const unguarded = Object.keys(ROUTE_PROCEDURES).filter((route) => !needsConnection(route as DappRoute))
    for (const route of unguarded) {
      const procedures: readonly MutationName[] = ROUTE_PROCEDURES[route as DappRoute]
      expect(
        procedures.some((procedure) => !rows[procedure]?.connection),
        route,
      ).toBe(true)
    }
  })

  for (const route of Object.keys(ROUTE_PROCEDURES) as DappRoute[]) {
    it(`${route}: a valid token for an unconnected origin is 422 CONNECTOR_NOT_CONNECTED, nothing done`, async () => {
      everyRowNeedsConnection()
      const { token, user } = await fx.logIn('ann@example.com')
      const address = user.account.address
      const balance = await fx.ledger.balanceOf(address)
      const work = (
        ['signTypedData', 'signSession', 'execute', 'review', 'connect', 'ensureDeployed'] as const
      ).map((method) => vi.spyOn(fx.wallet, method))
      const chain = (['submit', 'invoke', 'deployAccount', 'estimateInvoke'] as const).map((method) =>
        vi.spyOn(fx.ledger, method),
      )
      const refused = await send(route, STRANGER, token)
      expect(refused.status, route).toBe(422)
      expect(refused.body).toMatchObject({
        code: 'CONNECTOR_NOT_CONNECTED',
        message: 'Connector not connected',
      })
      expect(JSON.stringify(refused.body)).not.toContain(address.slice(2))
      for (const spy of [...work, ...chain]) expect(spy, route).not.toHaveBeenCalled()
      // Nothing signed or sent: still undeployed (no nonce used), balance untouched, the origin not connected.
      expect(await fx.ledger.isDeployed(address)).toBe(false)
      expect(await fx.ledger.balanceOf(address)).toBe(balance)
      expect(fx.wallet.isConnected(user, STRANGER)).toBe(false)
      // The user's connected origin passes the same check.
      fx.wallet.connect(user, 'https://a.example')
      expect((await send(route, 'https://a.example', token)).body.code, route).not.toBe(
        'CONNECTOR_NOT_CONNECTED',
      )
    })
  }
})
