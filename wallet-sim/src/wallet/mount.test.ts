// The wallet mounted as the lead mounts it: login API, wallet UI routes, HTTP API, dev approvals and the
// router over WebSocket at /trpc, on one HTTP server.
import { mkdtempSync, writeFileSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import express from 'express'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { COUNTER_ADDRESS } from '../chain/contracts/counter'
import { STRK_ADDRESS } from '../chain/contracts/erc20'
import { createAccess } from '../infra/http/access'
import { builtinAccess } from '../node/builtin'
import { rpcClient } from '../node/rpcClient'
import { createLoginRouter } from '../services/login/router'
import { MAIL, sessionRequest } from './fixtures'
import { mountWallet } from './mount'
import { NOW, type WalletFixture, walletFixture } from './testing'

const hex = (value: bigint) => `0x${value.toString(16)}`
let fx: WalletFixture
let server: Server
let stopWs: () => Promise<void>
let url: string
let nodeDown: string | undefined

beforeEach(async () => {
  nodeDown = undefined
  fx = walletFixture()
  const uiDir = mkdtempSync(join(tmpdir(), 'wallet-ui-'))
  writeFileSync(join(uiDir, 'index.html'), '<!doctype html><title>wallet-sim</title>')
  const app = express()
  app.use('/login', createLoginRouter(fx.login))
  const builtin = builtinAccess(() => fx.chain)
  const wallet = mountWallet(app, {
    // `nodeDown` sends the estimate to a node that refuses connections, as a `--node` gone away would.
    chain: {
      ...builtin,
      measure: (txs) => (nodeDown ? rpcClient(nodeDown)('x', txs) : builtin.measure(txs)),
    },
    login: fx.login,
    guardianPrivateKey: fx.guardianPrivateKey,
    approval: fx.policy,
    inbox: fx.inbox,
    defaultEmail: 'bot@example.com',
    uiDir,
    // The test's WebSocket client is a page of this exact origin, allowed as with --allow-dapp.
    trustedPage: createAccess({ allowedDapps: ['http://localhost:5173'] }).trustedPage,
  })
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s))
  })
  stopWs = wallet.attach(server)
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterEach(async () => {
  await stopWs()
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

const call = async (path: string, init: { method?: string; token?: string; body?: unknown } = {}) => {
  const response = await fetch(`${url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  })
  return {
    status: response.status,
    body: (await response.json().catch(() => undefined)) as Record<string, unknown>,
  }
}

it('serves the UI at every wallet route', async () => {
  for (const route of [
    '/iframes/comms',
    '/interstitialLogin',
    '/signMessage',
    '/signSessionKeys',
    '/review',
  ]) {
    const response = await fetch(`${url}${route}?theme=dark`)
    expect(response.status).toBe(200)
    expect(await response.text()).toContain('<title>wallet-sim</title>')
  }
})

it('the HTTP API needs a login, signs after it, and answers coded errors', async () => {
  expect((await call('/wallet/api/account')).status).toBe(401)
  expect((await call('/wallet/api/chainId')).body).toEqual({ chainId: '0x534e5f5345504f4c4941' })
  const { token, user } = await fx.logIn('ann@example.com')
  const account = await call('/wallet/api/account', { token })
  expect(account.body).toMatchObject({
    address: user.account.address,
    deployed: false,
    chainId: '0x534e5f5345504f4c4941',
  })
  expect((await call('/wallet/api/permissions?origin=https://a.example', { token })).body).toEqual({
    connected: false,
  })
  expect(account.body).not.toHaveProperty('connected')
  expect((await call('/wallet/api/account?origin=https://a.example', { token })).body).toMatchObject({
    address: user.account.address,
    connected: false,
  })
  await call('/wallet/api/connect', { method: 'POST', token, body: { origin: 'https://a.example' } })
  expect((await call('/wallet/api/permissions?origin=https://a.example', { token })).body).toEqual({
    connected: true,
  })
  // The account and the dapp's permission in one request (the page's silent connect).
  expect((await call('/wallet/api/account?origin=https://a.example', { token })).body).toMatchObject({
    address: user.account.address,
    connected: true,
  })
  expect((await call('/wallet/api/account?origin=', { token })).status).toBe(400)
  const signed = await call('/wallet/api/signTypedData', {
    method: 'POST',
    token,
    body: { origin: 'https://a.example', typedData: MAIL },
  })
  expect(signed.body.signature).toHaveLength(9)
  const failed = await call('/wallet/api/signSession', {
    method: 'POST',
    token,
    body: { origin: 'https://a.example', request: { approvalRequests: [], sessionTypedData: MAIL } },
  })
  expect(failed.status).toBe(422)
  expect(failed.body).toMatchObject({
    code: 'CONNECT_AND_SIGN_SESSION',
    data: { webwalletErrorCode: 'GENERIC_ERROR' },
  })
  const invalid = await call('/wallet/api/execute', {
    method: 'POST',
    token,
    body: { origin: 'x', calls: [] },
  })
  expect(invalid.status).toBe(400)
})

it('GET /wallet/api/deploymentData answers a connected origin only', async () => {
  const { token, user } = await fx.logIn('ann@example.com')
  const path = (origin: string) => `/wallet/api/deploymentData?origin=${encodeURIComponent(origin)}`
  const refused = await call(path('https://stranger.example'), { token })
  expect(refused.status).toBe(422)
  expect(refused.body).toMatchObject({ code: 'CONNECTOR_NOT_CONNECTED', message: 'Connector not connected' })
  expect(JSON.stringify(refused.body)).not.toContain(user.account.address.slice(2))
  expect((await call('/wallet/api/deploymentData', { token })).status).toBe(400)
  await call('/wallet/api/connect', { method: 'POST', token, body: { origin: 'https://a.example' } })
  expect((await call(path('https://a.example'), { token })).body).toMatchObject({
    address: user.account.address,
    version: 1,
  })
})

it('logs the --email user in without a code only while approvals are automatic', async () => {
  fx.policy.set('manual')
  expect((await call('/wallet/api/devLogin', { method: 'POST' })).status).toBe(404)
  fx.policy.set('auto')
  const login = await call('/wallet/api/devLogin', { method: 'POST' })
  expect(login.body).toMatchObject({
    email: 'bot@example.com',
    token: expect.stringMatching(/^[0-9a-f]{64}$/),
  })
  expect((await call('/wallet/api/account', { token: String(login.body.token) })).status).toBe(200)
})

/** A raw tRPC v11 WebSocket client: JSON-RPC frames, answers by id. */
async function wsClient(query = '') {
  const socket = new WebSocket(`${url.replace('http', 'ws')}/trpc${query}`, {
    headers: { origin: 'http://localhost:5173' },
  })
  await new Promise((resolve, reject) => {
    socket.once('open', resolve)
    socket.once('error', reject)
  })
  let id = 0
  return {
    mutate(path: string, input?: unknown): Promise<Record<string, unknown>> {
      id += 1
      const mine = id
      socket.send(JSON.stringify({ id: mine, method: 'mutation', params: { path, input } }))
      return new Promise((resolve) => {
        const onMessage = (raw: Buffer) => {
          const message = JSON.parse(raw.toString()) as Record<string, unknown>
          if (message.id !== mine) return
          socket.off('message', onMessage)
          resolve(message)
        }
        socket.on('message', onMessage)
      })
    },
    close: () => socket.close(),
  }
}

it('over WebSocket, the --email user connects and signs by policy; manual waits for the dev endpoint', async () => {
  const client = await wsClient()
  expect(await client.mutate('requestChainId')).toMatchObject({
    result: { type: 'data', data: '0x534e5f5345504f4c4941' },
  })
  fx.policy.set('manual')
  const pending = client.mutate('connectWebwallet', {})
  await expect
    .poll(async () => ((await call('/wallet/approvals')).body.approvals as unknown[]).length)
    .toBe(1)
  const [approval] = (await call('/wallet/approvals')).body.approvals as {
    id: string
    origin: string
    kind: string
  }[]
  expect(approval).toMatchObject({ kind: 'connect', origin: 'http://localhost:5173' })
  expect(
    (await call(`/wallet/approvals/${approval?.id}`, { method: 'POST', body: { approve: true } })).status,
  ).toBe(200)
  expect(await pending).toMatchObject({
    result: { data: { account: [fx.login.user('bot@example.com')?.account.address] } },
  })
  const rejected = client.mutate('signTypedData', [MAIL])
  await expect
    .poll(async () => ((await call('/wallet/approvals')).body.approvals as unknown[]).length)
    .toBe(1)
  const [second] = (await call('/wallet/approvals')).body.approvals as { id: string }[]
  await call(`/wallet/approvals/${second?.id}`, { method: 'POST', body: { approve: false } })
  expect(await rejected).toMatchObject({
    error: { message: 'User rejected request', data: { webwalletErrorCode: 'USER_REJECTED' } },
  })
  expect((await call('/wallet/approvals/99', { method: 'POST', body: { approve: true } })).status).toBe(404)
  client.close()
})

it('over WebSocket, a login token picks the user and the session flow signs', async () => {
  const { token, user } = await fx.logIn('carl@example.com')
  const client = await wsClient(`?token=${token}`)
  const { typedData } = sessionRequest(NOW + 3600)
  const answer = await client.mutate('connectAndSignSession', {
    approvalRequests: [],
    sessionTypedData: typedData,
  })
  expect(answer).toMatchObject({ result: { data: { account: [user.account.address] } } })
  client.close()
})

it('POST /wallet/api/review estimates the fee (deployment included) and names the contracts, signing nothing', async () => {
  const { token, user } = await fx.logIn('ann@example.com')
  const { address } = user.account
  const strk = hex(STRK_ADDRESS)
  const transfer = { contractAddress: strk, entrypoint: 'transfer', calldata: ['0x1234', '1000', '0'] }
  const review = async (calls: unknown[]) =>
    call('/wallet/api/review', { method: 'POST', token, body: { origin: 'https://a.example', calls } })
  const names = await call('/wallet/api/contractNames', {
    method: 'POST',
    token,
    body: { addresses: [strk, hex(COUNTER_ADDRESS), '0x1234', 'not an address'] },
  })
  expect(names.body).toEqual({ contracts: { [strk]: 'ERC20', [hex(COUNTER_ADDRESS)]: 'DemoCounter' } })
  const before = await fx.ledger.balanceOf(address, strk)

  const answer = await review([transfer, { contractAddress: hex(COUNTER_ADDRESS), entrypoint: 'increment' }])
  expect(answer.status).toBe(200)
  expect(answer.body).toMatchObject({ feeToken: strk, deploysFirst: true, balance: before.toString() })
  expect(answer.body.contracts).toEqual({ [strk]: expect.any(String), [hex(COUNTER_ADDRESS)]: 'DemoCounter' })
  const { amount, maxAmount } = answer.body.fee as { amount: string; maxAmount: string }
  expect(BigInt(amount)).toBeGreaterThan(0n)
  expect(BigInt(maxAmount)).toBeGreaterThan(BigInt(amount))
  // Nothing was signed or sent: still undeployed, nonce and balance untouched.
  expect(await fx.ledger.isDeployed(address)).toBe(false)
  expect(await fx.ledger.balanceOf(address, strk)).toBe(before)

  // What executing then costs lies within what the review said it could.
  await call('/wallet/api/execute', {
    method: 'POST',
    token,
    body: { origin: 'https://a.example', calls: [transfer] },
  })
  const paid = before - (await fx.ledger.balanceOf(address, strk)) - 1000n
  expect(paid).toBeGreaterThan(0n)
  expect(paid).toBeLessThanOrEqual(BigInt(maxAmount))

  // Deployed now: no deployment in the estimate. A transfer beyond the balance would fail: its reason instead.
  expect((await review([transfer])).body).toMatchObject({
    deploysFirst: false,
    fee: { amount: expect.any(String) },
  })
  const tooMuch = { ...transfer, calldata: ['0x1234', hex(before * 2n), '0'] }
  const failing = await review([tooMuch])
  expect(failing.status).toBe(200)
  expect(failing.body.fee).toEqual({
    kind: 'reverts',
    error: 'ERC20: insufficient balance',
    detail: expect.stringContaining('Transaction execution has failed'),
    call: 0,
  })
  expect(
    (await call('/wallet/api/review', { method: 'POST', body: { origin: 'x', calls: [transfer] } })).status,
  ).toBe(401)
})

it('POST /wallet/api/review: a node that does not answer is 503 NODE_UNREACHABLE (worth a retry), no verdict', async () => {
  const { token } = await fx.logIn('dan@example.com')
  const closed = await new Promise<Server>((resolve) => {
    const s = express().listen(0, '127.0.0.1', () => resolve(s))
  })
  const port = (closed.address() as AddressInfo).port
  await new Promise((resolve) => closed.close(resolve))
  nodeDown = `http://127.0.0.1:${port}/rpc`
  const calls = [{ contractAddress: hex(COUNTER_ADDRESS), entrypoint: 'increment' }]
  const answer = await call('/wallet/api/review', {
    method: 'POST',
    token,
    body: { origin: 'https://a.example', calls },
  })
  expect(answer.status).toBe(503)
  expect(answer.body).toEqual({
    code: 'NODE_UNREACHABLE',
    message: expect.stringMatching(new RegExp(`^The node at ${nodeDown} is unreachable`)),
  })
})
