// The page's user at one round trip: the account and the permission read together, the account reused by a
// listed dapp's later requests, and nothing stale used (a switched or logged-out login, a revoked connection).
import { UserLoggedOutError } from '@webwallet/protocol/errors'
import { describe, expect, it, vi } from 'vitest'
import { createPromptQueue } from '../core'
import type { Account, ApprovalDecision, PageClient } from './client'
import { createPageHandlers } from './pageMode'

const DAPP = 'https://dapp.example'
const ANN: Account = {
  email: 'ann@example.com',
  address: '0x0123',
  chainId: '0x534e5f5345504f4c4941',
  deployed: true,
  balances: { STRK: '0', ETH: '0' },
}
const BOB: Account = { ...ANN, email: 'bob@example.com', address: '0x0456' }
const CALLS = [{ contractAddress: '0x1', entrypoint: 'go', calldata: [] }]

/** The page handlers over a fake /wallet/api whose server knows who is logged in and what is connected. */
function setup(listed = true) {
  const server = { user: ANN, tokenValid: true, connected: true }
  let email: string | undefined = ANN.email
  const api = {
    isLoggedIn: () => email !== undefined,
    email: () => email,
    devLogin: vi.fn(async () => {
      email = server.user.email
      server.tokenValid = true
      return true
    }),
    account: vi.fn(async (origin?: string): Promise<Account> => {
      if (!server.tokenValid) throw new UserLoggedOutError()
      return origin === undefined ? server.user : { ...server.user, connected: server.connected }
    }),
    isConnected: vi.fn(async () => {
      if (!server.tokenValid) throw new UserLoggedOutError()
      return server.connected
    }),
    decide: vi.fn(async (): Promise<ApprovalDecision> => {
      if (!server.tokenValid) throw new UserLoggedOutError()
      return { answer: 'approve' }
    }),
    execute: vi.fn(async () => (server.tokenValid ? `sent by ${server.user.address}` : 'stale')),
    chainId: vi.fn(async () => ANN.chainId),
    logout: vi.fn(async () => {
      email = undefined
    }),
  } satisfies Partial<PageClient>
  const handlers = createPageHandlers({
    api: api as unknown as PageClient,
    prompts: createPromptQueue(),
    isListed: (origin) => listed && origin === DAPP,
  })
  const ctx = () => ({ origin: DAPP })
  return {
    api,
    server,
    silentConnect: () => handlers.requestAccounts({ silent_mode: true }, ctx()),
    send: () => handlers.addInvokeTransaction(CALLS, ctx()),
  }
}

describe('the page user', () => {
  it('a silent connect is one request (account and permission); the transaction after it reads no account', async () => {
    const { api, silentConnect, send } = setup()
    expect(await silentConnect()).toEqual([ANN.address])
    expect(api.account).toHaveBeenCalledExactlyOnceWith(DAPP)
    expect(api.isConnected).not.toHaveBeenCalled()
    expect(await send()).toBe(`sent by ${ANN.address}`)
    expect(api.account).toHaveBeenCalledTimes(1)
    // The hands-free decision, made with the login token, proved the login before the transaction.
    expect(api.decide).toHaveBeenCalledTimes(1)
  })

  it('a user switched on the server: the reused account is dropped and the request runs again as the new user', async () => {
    const { api, server, silentConnect, send } = setup()
    await silentConnect()
    // PUT /dev/user: the page's token is logged out, the next hands-free login is Bob.
    Object.assign(server, { user: BOB, tokenValid: false })
    expect(await send()).toBe(`sent by ${BOB.address}`)
    // The stale decision took no answer (401); the one answer taken was the re-run's.
    expect(api.decide).toHaveBeenCalledTimes(2)
    expect(api.execute).toHaveBeenCalledTimes(1)
    expect(api.devLogin).toHaveBeenCalledTimes(1)
  })

  it('a silent connect after a switch learns nothing of the new user: [] as before', async () => {
    const { server, silentConnect } = setup()
    await silentConnect()
    Object.assign(server, { user: BOB, tokenValid: false })
    expect(await silentConnect()).toEqual([])
  })

  it('a revoked connection is seen at once: the permission is read for every request', async () => {
    const { api, server, silentConnect } = setup()
    expect(await silentConnect()).toEqual([ANN.address])
    server.connected = false
    expect(await silentConnect()).toEqual([])
    expect(api.account).toHaveBeenCalledTimes(1)
    expect(api.isConnected).toHaveBeenCalledTimes(1)
  })

  it('an unlisted dapp (no hands-free decision to prove the login) gets the account read for every request', async () => {
    const { api, silentConnect } = setup(false)
    await silentConnect()
    await silentConnect()
    expect(api.account).toHaveBeenCalledTimes(2)
    expect(api.account).toHaveBeenLastCalledWith(DAPP)
  })
})
