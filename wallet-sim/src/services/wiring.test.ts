// The services wired the way the lead mounts them in server.ts, talking to each other over HTTP.
import express from 'express'
import { afterAll, beforeAll, expect, it } from 'vitest'
import * as services from './index'

const balances = new Map<string, bigint>()
let served: services.Served
beforeAll(async () => {
  const faults = services.createFaultRegistry()
  const inbox = services.createInbox()
  const fund = (address: string, token: string, amount: bigint) => {
    balances.set(`${token}:${address}`, (balances.get(`${token}:${address}`) ?? 0n) + amount)
  }
  const login = new services.LoginService({
    inbox,
    logger: { info: () => {} },
    accounts: {
      createAccountFor: (ownerPublicKey) => ({
        address: `0x${ownerPublicKey.slice(2).padStart(64, '0')}`,
        classHash: '0x1',
        salt: ownerPublicKey,
        constructorCalldata: [],
      }),
    },
    fund,
  })
  const app = express()
  app.use(services.faultInjector(faults))
  app.use(
    '/v1',
    services.createBackendRouter({
      readBalance: (token, address) => balances.get(`${token}:${address}`) ?? 0n,
      lookupName: () => undefined,
      config: { initialisingPolls: 0 },
    }),
  )
  app.use('/allowlist', services.createAllowlistRouter())
  app.use('/login', services.createLoginRouter(login))
  app.use(
    '/dev',
    services.createDevRouter({
      inbox,
      faults,
      approval: services.createApprovalPolicy(),
      clock: { now: () => 0, set: () => {}, increase: () => {} },
      accounts: services.devAccountsFrom(login, fund),
    }),
  )
  served = await services.serveApp(app)
})
afterAll(() => served.close())

const json = async (path: string, init?: RequestInit) =>
  (await fetch(`${served.url}${path}`, init)).json() as Promise<Record<string, unknown>>
const post = (path: string, body: unknown) =>
  json(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })

it('logs in through the inbox, funds the new account and reports its balances', async () => {
  await post('/login/start', { email: 'ann@example.com' })
  const { code } = await json('/dev/inbox/ann@example.com')
  const { user } = (await post('/login/verify', { email: 'ann@example.com', code })) as {
    user: { address: string }
  }
  expect(await json(`/v1/activity/starknet/sepolia/account/${user.address}/balance`)).toEqual({
    status: 'initialised',
    balances: [
      { tokenAddress: services.ETH_ADDRESS, tokenBalance: String(10n ** 18n) },
      { tokenAddress: services.STRK_ADDRESS, tokenBalance: String(1000n * 10n ** 18n) },
    ],
  })
  expect(await json('/dev/accounts')).toEqual({
    accounts: [{ address: user.address, email: 'ann@example.com', ownerPublicKey: expect.any(String) }],
  })
})

it('faults the backend but not the dev API', async () => {
  await post('/dev/faults', { route: '/v1/tokens', count: 1, status: 502 })
  expect((await fetch(`${served.url}/v1/tokens/prices?chain=starknet`)).status).toBe(502)
  expect((await fetch(`${served.url}/v1/tokens/prices?chain=starknet`)).status).toBe(200)
})

it('exports the public API', () => {
  expect(Object.keys(services).sort()).toEqual([
    'AccountDeployment',
    'ApprovalMode',
    'CLIENT_HEADERS',
    'CODE_TRIES',
    'CODE_TTL_MS',
    'DEFAULT_ALLOWED_DAPPS',
    'DEFAULT_GAS_TOKENS',
    'DEFAULT_INITIAL_FUNDS',
    'ETH_ADDRESS',
    'FaultSpec',
    'HttpError',
    'LoginService',
    'LoginState',
    'PAYMASTER_API_KEY_HEADER',
    'PortfolioFixtureState',
    'SIGNATURE_HEADER',
    'STRK_ADDRESS',
    'SpendingState',
    'User',
    'answerDigest',
    'bearerToken',
    'buildCatalog',
    'cors',
    'createAllowlistRouter',
    'createApprovalPolicy',
    'createBackendRouter',
    'createCosignerRouter',
    'createDevRouter',
    'createFaultRegistry',
    'createInbox',
    'createLoginRouter',
    'createPaymasterRouter',
    'createPortfolioFixtures',
    'createRelayer',
    'createSnip29Router',
    'createSpendingLedger',
    'devAccountsFrom',
    'faultInjector',
    'handleErrors',
    'openStateStore',
    'paymasterFeeRecipient',
    'serve',
    'serveApp',
  ])
})
