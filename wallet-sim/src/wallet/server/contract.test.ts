// The wallet API's and the cosigner's real answers, from a started wallet-sim, read by protocol's contracts
// (`@webwallet/protocol/services`): the schemas the wallet page parses every answer with must accept what the
// server actually sends, route by route.
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { cosigner, walletPage } from '@webwallet/protocol/services'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createWalletSim, type WalletSim } from '../../app'
import { MAIL, STRK, sessionRequest } from '../fixtures'

const DAPP = 'http://localhost:5173'
let sim: WalletSim
let server: Server
let url: string
let token: string

beforeAll(async () => {
  sim = createWalletSim({ seed: 1, approve: 'auto', email: 'ann@example.com', allowedDapps: [DAPP] })
  server = await new Promise<Server>((resolve) => {
    const s = sim.app.listen(0, '127.0.0.1', () => resolve(s))
  })
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  token = walletPage.devLogin.Response.parse(
    (await call('POST', walletPage.devLogin.path, { origin: DAPP })).body,
  ).token
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
  sim.close()
})

async function call(method: 'GET' | 'POST', path: string, body?: unknown) {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      origin: DAPP,
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  return { status: response.status, body: (await response.json().catch(() => undefined)) as unknown }
}

const query = `?origin=${encodeURIComponent(DAPP)}`
const transfer = [{ contractAddress: STRK, entrypoint: 'transfer', calldata: ['0x5bd1e5', '1', '0'] }]

describe('the wallet API answers as protocol writes it', () => {
  it('reads: chainId, account, permissions, loginStatus, decide', async () => {
    const chain = walletPage.chainId.Response.parse((await call('GET', walletPage.chainId.path)).body)
    const account = walletPage.account.Response.parse((await call('GET', walletPage.account.path)).body)
    expect(account).toMatchObject({ email: 'ann@example.com', chainId: chain.chainId })
    expect(account.feeTokens?.length).toBeGreaterThan(0)
    // The chain's clock, not the wall clock: moved a year ahead (POST /dev/time), the account says so.
    const moved = (await call('POST', '/dev/time', { increase: 365 * 86_400 })).body as { time: number }
    const later = walletPage.account.Response.parse((await call('GET', walletPage.account.path)).body)
    expect(later.chainTime).toBeGreaterThanOrEqual(moved.time)
    expect(later.chainTime).toBeLessThan(moved.time + 60)
    expect(later.chainTime).toBeGreaterThan(Date.now() / 1000 + 364 * 86_400)
    // Back to the wall clock for the tests that follow (their sessions expire in an hour of it).
    await call('POST', '/dev/time', { set: moved.time - 365 * 86_400 })
    const back = walletPage.account.Response.parse((await call('GET', walletPage.account.path)).body)
    expect(back.chainTime).toBeLessThan(Date.now() / 1000 + 60)
    const permissions = await call('GET', `${walletPage.permissions.path}${query}`)
    expect(walletPage.permissions.Response.parse(permissions.body)).toEqual({ connected: false })
    const status = await call('GET', `${walletPage.loginStatus.path}${query}`)
    expect(walletPage.loginStatus.Response.parse(status.body).isLoggedIn).toBe(true)
    const decision = await call('POST', walletPage.decide.path, { origin: DAPP })
    expect(walletPage.decide.Response.parse(decision.body)).toEqual({ answer: 'approve' })
  })

  it('connect, deploymentData, signTypedData, signSession, review, contractNames, execute', async () => {
    const connected = await call('POST', walletPage.connect.path, { origin: DAPP })
    expect(walletPage.connect.Response.parse(connected.body).account).toHaveLength(1)
    const deployment = await call('GET', `${walletPage.deploymentData.path}${query}`)
    expect(walletPage.deploymentData.Response.safeParse(deployment.body).success).toBe(true)
    const signed = await call('POST', walletPage.signTypedData.path, { origin: DAPP, typedData: MAIL })
    expect(walletPage.signTypedData.Response.parse(signed.body).signature.length).toBeGreaterThan(0)
    const { typedData } = sessionRequest(Math.floor(Date.now() / 1000) + 3600)
    const request = { approvalRequests: [], sessionTypedData: typedData }
    const session = await call('POST', walletPage.signSession.path, { origin: DAPP, request })
    expect(session.status).toBe(200)
    expect(walletPage.signSession.Response.safeParse(session.body).success).toBe(true)
    const review = await call('POST', walletPage.review.path, { origin: DAPP, calls: transfer })
    expect(review.status).toBe(200)
    expect(walletPage.review.Response.parse(review.body).feeToken).toMatch(/^0x/)
    const names = await call('POST', walletPage.contractNames.path, { addresses: [STRK] })
    expect(Object.keys(walletPage.contractNames.Response.parse(names.body).contracts)).toHaveLength(1)
    const executed = await call('POST', walletPage.execute.path, { origin: DAPP, calls: transfer })
    expect(executed.status).toBe(200)
    expect(walletPage.execute.Response.parse(executed.body).transactionHash).toMatch(/^0x/)
  })

  it('refuses a request the contract refuses, as 400, before the wallet sees it', async () => {
    expect(walletPage.execute.Request.safeParse({ origin: DAPP, calls: [] }).success).toBe(false)
    const answer = await call('POST', walletPage.execute.path, { origin: DAPP, calls: [] })
    expect(answer).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST' } })
  })
})

describe("the cosigner's refusals are protocol's Refusal", () => {
  it('a chain it does not serve: 403 unsupportedChain', async () => {
    const body: cosigner.signSession.Request = {
      session: {
        sessionHash: '0x1',
        sessionAuthorisation: ['0x1'],
        cacheAuthorisation: false,
        sessionSignature: { type: 'StarknetKey', signer: { publicKey: '0x1', r: '0x1', s: '0x1' } },
      },
      transaction: {
        sender_address: '0x1',
        calldata: [],
        nonce: '0x0',
        version: '0x3',
        chain_id: '0x1234',
        resource_bounds: {
          l1_gas: { max_amount: '0x0', max_price_per_unit: '0x0' },
          l2_gas: { max_amount: '0x0', max_price_per_unit: '0x0' },
        },
      },
    }
    expect(cosigner.signSession.Request.safeParse(body).success).toBe(true)
    const answer = await call('POST', cosigner.signSession.path, body)
    expect(answer.status).toBe(403)
    expect(cosigner.Refusal.parse(answer.body).status).toBe('unsupportedChain')
  })
})
