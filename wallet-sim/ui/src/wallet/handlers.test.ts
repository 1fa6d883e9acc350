// The UI's handlers over the envelope server and an in-memory port: each request waits for the screen's
// answer, and only an approval reaches the signing API.

import {
  type EnvelopeError,
  parseEnvelope,
  requestEnvelope,
  stopEnvelope,
  type TypedData,
} from '@webwallet/protocol'
import { ConnectAndSignSessionError, UserLoggedOutError } from '@webwallet/protocol/errors'
import { createWalletRouter } from '@webwallet/protocol/router'
import { describe, expect, it, vi } from 'vitest'
import { type Account, createWalletApi, type HandsFreeDecision, type WalletApi } from '../api/client'
import { loginStorage } from '../api/loginStorage'
import { createEnvelopeServer, type EnvelopePort } from '../trpc/serveEnvelopes'
import { createUiHandlers } from './handlers'
import { createPrompts, type Prompt } from './prompts'

const DAPP = 'https://dapp.example'
const ACCOUNT: Account = {
  email: 'ann@example.com',
  address: '0x0123',
  chainId: '0x534e5f5345504f4c4941',
  deployed: false,
  balances: { STRK: '0', ETH: '0' },
}
const MAIL: TypedData = {
  types: { StarknetDomain: [] },
  primaryType: 'Mail',
  domain: { name: 'Demo' },
  message: {},
}
const SESSION: TypedData = {
  types: {},
  primaryType: 'Session',
  domain: { name: 'SessionAccount.session' },
  message: {},
}

function setup(options: { loggedIn?: boolean; connected?: boolean; listed?: boolean } = {}) {
  let loggedIn = options.loggedIn ?? true
  const connected = new Set<string>(options.connected ? [DAPP] : [])
  const api = {
    isLoggedIn: () => loggedIn,
    devLogin: vi.fn(async () => false),
    decide: vi.fn(async (): Promise<HandsFreeDecision> => ({ answer: 'manual' })),
    account: vi.fn(async () => ACCOUNT),
    chainId: vi.fn(async () => ACCOUNT.chainId),
    isConnected: vi.fn(async (origin: string) => connected.has(origin)),
    connect: vi.fn(async (origin: string) => {
      connected.add(origin)
      return { account: [ACCOUNT.address], chainId: ACCOUNT.chainId }
    }),
    signTypedData: vi.fn(async () => ['0x2', '0x0', '0x1', '0x2', '0x3', '0x0', '0x4', '0x5', '0x6']),
    signSession: vi.fn(async () => ({ account: [ACCOUNT.address], signature: ['0x1'] })),
    execute: vi.fn(async () => '0xabc'),
    deploymentData: vi.fn(async () => ({
      address: '0x1',
      class_hash: '0x2',
      salt: '0x3',
      calldata: [],
      version: 1 as const,
    })),
    logout: vi.fn(async () => {}),
    loginStatus: vi.fn(async (origin: string) =>
      loggedIn
        ? { isLoggedIn: true, hasSession: false, isPreauthorized: connected.has(origin) }
        : { isLoggedIn: false },
    ),
  } satisfies Partial<WalletApi>
  const served = serve(
    api as unknown as WalletApi,
    () => {
      loggedIn = true
    },
    options.listed ?? true,
  )
  return { api, ...served, setLoggedIn: (value: boolean) => (loggedIn = value) }
}

/** The UI handlers for `api` behind the envelope server, as the app at DAPP reaches them. */
function serve(api: WalletApi, onLogin: () => void = () => {}, listed = true) {
  const prompts = createPrompts()
  const onTheme = vi.fn()
  const router = createWalletRouter(
    createUiHandlers({ api, prompts, onTheme, isListed: (origin) => listed && origin === DAPP }),
  )
  const server = createEnvelopeServer({ router, createContext: () => ({ origin: DAPP }) })
  let id = 0
  const ports = new Map<number, EnvelopePort>()
  const mutate = (path: string, input?: unknown) =>
    new Promise<{ data?: unknown; error?: EnvelopeError['trpc']['error'] }>((resolve) => {
      id += 1
      const port: EnvelopePort = {
        post(message) {
          const envelope = parseEnvelope(message)
          if (envelope?.kind === 'result') resolve({ data: envelope.message.trpc.result.data })
          if (envelope?.kind === 'error') resolve({ error: envelope.message.trpc.error })
        },
      }
      ports.set(id, port)
      server.receive(requestEnvelope(id, 'mutation', path, input), port)
    })
  /** Waits for the prompt of `kind` and answers it. */
  const answer = async (kind: Prompt['kind'], approved: boolean) => {
    await vi.waitFor(() => expect(prompts.current()?.kind).toBe(kind))
    const prompt = prompts.current()
    expect(prompt?.origin).toBe(DAPP)
    if (kind === 'login' && approved) onLogin()
    prompt?.answer(approved)
  }
  /** The dapp gave up on its request `requestId` (tRPC's stop message by id). */
  const stop = (requestId: number) => server.receive(stopEnvelope(requestId), ports.get(requestId)!)
  return { prompts, onTheme, mutate, answer, server, stop, lastId: () => id }
}

describe('connect', () => {
  it('asks to log in, then to connect, then answers the account; later calls do not ask', async () => {
    const ui = setup({ loggedIn: false })
    const result = ui.mutate('connectWebwallet', { theme: 'dark' })
    await ui.answer('login', true)
    await ui.answer('connect', true)
    expect((await result).data).toEqual({ account: [ACCOUNT.address], chainId: ACCOUNT.chainId })
    expect(ui.onTheme).toHaveBeenCalledWith('dark')
    expect(ui.api.connect).toHaveBeenCalledWith(DAPP)
    expect((await ui.mutate('getPermissions')).data).toEqual(['accounts'])
    expect((await ui.mutate('requestAccounts', { silent_mode: true })).data).toEqual([ACCOUNT.address])
    expect((await ui.mutate('enable')).data).toBe(ACCOUNT.address)
    expect((await ui.mutate('requestChainId')).data).toBe(ACCOUNT.chainId)
    expect(ui.prompts.current()).toBeUndefined()
  })

  it('a refused login or connection is USER_REJECTED and connects nothing', async () => {
    const ui = setup({ loggedIn: false })
    const refusedLogin = ui.mutate('connect')
    await ui.answer('login', false)
    expect((await refusedLogin).error?.data).toMatchObject({ webwalletErrorCode: 'USER_REJECTED' })
    ui.setLoggedIn(true)
    const refusedConnect = ui.mutate('authorize')
    await ui.answer('connect', false)
    expect((await refusedConnect).error?.message).toBe('User rejected request')
    expect(ui.api.connect).not.toHaveBeenCalled()
  })

  it('a request the dapp gave up on (stop by its id) dismisses its prompt, which is never shown again', async () => {
    const ui = setup({ connected: true })
    const abandoned = ui.mutate('signTypedData', [MAIL])
    await vi.waitFor(() => expect(ui.prompts.current()?.kind).toBe('signMessage'))
    const next = ui.mutate('execute', [[{ contractAddress: '0x1', entrypoint: 'go', calldata: [] }]])
    ui.stop(ui.lastId() - 1)
    expect((await abandoned).error?.message).toBe('User rejected request')
    // The next request's prompt is the one on screen; the abandoned one never comes back.
    await ui.answer('review', false)
    await next
    expect(ui.prompts.current()).toBeUndefined()
    expect(ui.api.signTypedData).not.toHaveBeenCalled()
  })

  it('silent requests and status never prompt', async () => {
    const ui = setup({ loggedIn: false })
    expect((await ui.mutate('getLoginStatus')).data).toEqual({ isLoggedIn: false })
    expect((await ui.mutate('requestAccounts', { silent_mode: true })).data).toEqual([])
    expect((await ui.mutate('getPermissions')).data).toEqual([])
    expect((await ui.mutate('requestChainId')).data).toBe(ACCOUNT.chainId)
    ui.setLoggedIn(true)
    expect((await ui.mutate('getLoginStatus')).data).toEqual({
      isLoggedIn: true,
      hasSession: false,
      isPreauthorized: false,
    })
    expect(ui.api.loginStatus).toHaveBeenLastCalledWith(DAPP)
    expect(ui.prompts.current()).toBeUndefined()
  })

  it('uses the automatic dev login when the simulator offers it', async () => {
    const ui = setup({ loggedIn: false })
    ui.api.devLogin.mockImplementation(async () => {
      ui.setLoggedIn(true)
      return true
    })
    const result = ui.mutate('connectWebwalletSSO', { token: 'sso' })
    await ui.answer('connect', true)
    expect((await result).data).toMatchObject({ account: [ACCOUNT.address] })
  })

  it('never logs an unlisted origin in automatically: it sees the login screen', async () => {
    const ui = setup({ loggedIn: false, listed: false })
    ui.api.devLogin.mockImplementation(async () => {
      ui.setLoggedIn(true)
      return true
    })
    const result = ui.mutate('connect')
    await ui.answer('login', true)
    await ui.answer('connect', true)
    expect((await result).data).toMatchObject({ account: [ACCOUNT.address] })
    expect(ui.api.devLogin).not.toHaveBeenCalled()
  })
})

describe('hands-free (--approve auto|reject, one-shot answers)', () => {
  it('approves without a screen when the simulator says so, and signs', async () => {
    const ui = setup({ connected: true })
    ui.api.decide.mockResolvedValue({ answer: 'approve' })
    expect(
      (await ui.mutate('execute', [[{ contractAddress: '0x1', entrypoint: 'go', calldata: [] }]])).data,
    ).toBe('0xabc')
    expect(ui.api.decide).toHaveBeenCalledWith(DAPP)
    expect(ui.prompts.current()).toBeUndefined()
  })

  it('rejects without a screen and signs nothing', async () => {
    const ui = setup({ connected: true })
    ui.api.decide.mockResolvedValue({ answer: 'reject' })
    expect((await ui.mutate('signTypedData', [MAIL])).error?.data).toMatchObject({
      webwalletErrorCode: 'USER_REJECTED',
    })
    expect(ui.api.signTypedData).not.toHaveBeenCalled()
  })

  it('fails with the code a test asked for: connectAndSignSession’s way or the usual errors', async () => {
    const ui = setup({ connected: true })
    ui.api.decide.mockResolvedValueOnce({ answer: 'fail', code: 'NOT_ENOUGH_BALANCE', message: 'Top up' })
    const request = { approvalRequests: [], sessionTypedData: SESSION }
    expect((await ui.mutate('connectAndSignSession', request)).error?.data).toMatchObject({
      webwalletErrorCode: 'NOT_ENOUGH_BALANCE',
      webwalletErrorMessage: 'Top up',
    })
    ui.api.decide.mockResolvedValueOnce({ answer: 'fail', code: 'USER_LOGGED_OUT' })
    expect((await ui.mutate('signTypedData', [MAIL])).error?.data).toMatchObject({
      webwalletErrorCode: 'USER_LOGGED_OUT',
    })
    expect(ui.api.signSession).not.toHaveBeenCalled()
    expect(ui.api.signTypedData).not.toHaveBeenCalled()
  })

  it('never asks for an unlisted origin: it sees the screens', async () => {
    const ui = setup({ listed: false })
    ui.api.decide.mockResolvedValue({ answer: 'approve' })
    const result = ui.mutate('connect')
    await ui.answer('connect', true)
    expect((await result).data).toMatchObject({ account: [ACCOUNT.address] })
    expect(ui.api.decide).not.toHaveBeenCalled()
  })
})

describe('reads before consent', () => {
  it('deploymentData is CONNECTOR_NOT_CONNECTED for an origin the user did not connect, and asks nothing', async () => {
    const ui = setup({ connected: false })
    const refused = await ui.mutate('deploymentData')
    expect(refused.error?.message).toBe('Connector not connected')
    expect(refused.error?.data).toMatchObject({ webwalletErrorCode: 'CONNECTOR_NOT_CONNECTED' })
    expect(ui.api.deploymentData).not.toHaveBeenCalled()
    expect(ui.prompts.current()).toBeUndefined()
  })

  it('a stranger learns no account: silent requestAccounts is [] and the login status names nobody', async () => {
    const ui = setup({ connected: false })
    expect((await ui.mutate('requestAccounts', { silent_mode: true })).data).toEqual([])
    expect((await ui.mutate('getPermissions')).data).toEqual([])
    const status = (await ui.mutate('getLoginStatus')).data
    expect(Object.keys(status as object).sort()).toEqual(['hasSession', 'isLoggedIn', 'isPreauthorized'])
    expect(ui.prompts.current()).toBeUndefined()
  })
})

describe('signing and transactions', () => {
  it('signTypedData shows /signMessage, a Session shows /signSessionKeys, and signs only when approved', async () => {
    const ui = setup({ connected: true })
    const signed = ui.mutate('signTypedData', [MAIL])
    await ui.answer('signMessage', true)
    expect((await signed).data).toHaveLength(9)
    const session = ui.mutate('signMessage', [SESSION])
    await ui.answer('signSession', false)
    expect((await session).error?.data).toMatchObject({ webwalletErrorCode: 'USER_REJECTED' })
    expect(ui.api.signTypedData).toHaveBeenCalledTimes(1)
  })

  it('connectAndSignSession: USER_REJECTED when refused, the server code when it fails, the result when it works', async () => {
    const ui = setup()
    const request = { approvalRequests: [], sessionTypedData: SESSION, theme: 'light' }
    const refused = ui.mutate('connectAndSignSession', request)
    await ui.answer('signSession', false)
    expect((await refused).error?.data).toMatchObject({
      webwalletErrorCode: 'USER_REJECTED',
      webwalletErrorMessage: 'User rejected request',
    })
    for (const code of [
      'ACCOUNT_NOT_DEPLOYED',
      'NOT_ENOUGH_BALANCE',
      'NOT_ENOUGH_BALANCE_DEPLOYMENT',
      'GENERIC_ERROR',
    ]) {
      ui.api.signSession.mockRejectedValueOnce(new ConnectAndSignSessionError(`failed: ${code}`, code))
      const failed = ui.mutate('connectAndSignSession', request)
      await ui.answer('signSession', true)
      expect((await failed).error?.data).toMatchObject({
        webwalletErrorCode: code,
        webwalletErrorMessage: `failed: ${code}`,
      })
    }
    ui.api.signSession.mockRejectedValueOnce(new TypeError('fetch failed'))
    const broken = ui.mutate('connectAndSignSession', request)
    await ui.answer('signSession', true)
    expect((await broken).error?.data).toMatchObject({ webwalletErrorCode: 'GENERIC_ERROR' })
    const signed = ui.mutate('connectAndSignSession', request)
    await ui.answer('signSession', true)
    expect((await signed).data).toMatchObject({ account: [ACCOUNT.address] })
    expect(ui.onTheme).toHaveBeenCalledWith('light')
  })

  it('refuses calldata that reads two ways before any screen, with the VALIDATION error the server gives', async () => {
    const ui = setup({ connected: true })
    for (const value of ['1 ', '-1', 'ten', '0x4718g5a0fc34cc1af16a1c938d']) {
      const answer = await ui.mutate('execute', [
        { contractAddress: '0x1', entrypoint: 'transfer', calldata: ['0x2', value, '0'] },
      ])
      expect(answer.error?.data).toMatchObject({ webwalletErrorCode: 'VALIDATION' })
      expect(answer.error?.message).toMatch(/^Call 0, calldata 1: .* is not a felt/)
    }
    expect(ui.prompts.current()).toBeUndefined()
    expect(ui.api.execute).not.toHaveBeenCalled()
  })

  it('refuses a session whose fee caps are not exact amounts in a gas token, before its screen', async () => {
    const ui = setup({ connected: true })
    ui.api.account.mockResolvedValue({
      ...ACCOUNT,
      feeTokens: ['0x4718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d'],
    })
    const session = (
      maxAmount: unknown,
      tokenAddress = '0x4718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d',
    ) => ({
      ...SESSION,
      message: { Metadata: JSON.stringify({ projectID: 'x', txFees: [{ tokenAddress, maxAmount }] }) },
    })
    const viaSession = await ui.mutate('connectAndSignSession', {
      sessionTypedData: session(1e19),
      approvalRequests: [],
    })
    expect(viaSession.error?.data).toMatchObject({ webwalletErrorCode: 'GENERIC_ERROR' })
    expect(viaSession.error?.message).toBe(
      'Session metadata: txFees 0: maxAmount 10000000000000000000 is not an amount (a hex or decimal string of at most 2^128-1 base units)',
    )
    const viaSign = await ui.mutate('signTypedData', [session('1', '0xabc')])
    expect(viaSign.error?.message).toBe(
      'Session metadata: txFees 0: 0xabc is not a gas token of the paymaster',
    )
    expect(ui.prompts.current()).toBeUndefined()
    expect(ui.api.signSession).not.toHaveBeenCalled()
    expect(ui.api.signTypedData).not.toHaveBeenCalled()
  })

  it('addInvokeTransaction and execute show /review and send the felts shown (hex) after approval', async () => {
    const ui = setup({ connected: true })
    const sent = ui.mutate('addInvokeTransaction', [
      { contract_address: '0x1', entry_point: 'transfer', calldata: ['0x2', 3] },
    ])
    await ui.answer('review', true)
    expect((await sent).data).toBe('0xabc')
    expect(ui.api.execute).toHaveBeenCalledWith(DAPP, [
      { contractAddress: '0x1', entrypoint: 'transfer', calldata: ['0x2', '0x3'] },
    ])
    const executed = ui.mutate('execute', [{ contractAddress: '0x1', entrypoint: 'go', calldata: [10n] }])
    await ui.answer('review', true)
    expect((await executed).data).toBe('0xabc')
    expect(ui.api.execute).toHaveBeenLastCalledWith(DAPP, [
      { contractAddress: '0x1', entrypoint: 'go', calldata: ['0xa'] },
    ])
    const refused = ui.mutate('execute', [{ contractAddress: '0x1', entrypoint: 'go' }])
    await ui.answer('review', false)
    expect((await refused).error?.message).toBe('User rejected request')
    expect(ui.api.execute).toHaveBeenCalledTimes(2)
    expect((await ui.mutate('deploymentData')).data).toMatchObject({ version: 1 })
    expect(ui.api.deploymentData).toHaveBeenCalledWith(DAPP)
  })

  it('addStarknetChain, switchStarknetChain and watchAsset are not implemented', async () => {
    const ui = setup()
    for (const path of ['addStarknetChain', 'switchStarknetChain', 'watchAsset']) {
      expect((await ui.mutate(path)).error?.message).toBe('not implemented')
    }
  })
})

describe('updateModal', () => {
  it('hides while idle, shows at the screen size when a prompt opens, hides again after', async () => {
    const ui = setup({ connected: true })
    const events: unknown[] = []
    ui.server.receive(requestEnvelope('sub', 'subscription', 'updateModal'), {
      post(message) {
        const envelope = parseEnvelope(message)
        if (envelope?.kind === 'result' && envelope.message.trpc.result.type === 'data')
          events.push(envelope.message.trpc.result.data)
      },
    })
    await vi.waitFor(() => expect(events).toEqual([{ action: 'hide' }]))
    const sent = ui.mutate('addInvokeTransaction', { contract_address: '0x1', entry_point: 'go' })
    await ui.answer('review', true)
    await sent
    await vi.waitFor(() =>
      expect(events).toEqual([
        { action: 'hide' },
        { action: 'updateSize', width: 385, height: 775 },
        { action: 'show' },
        { action: 'hide' },
      ]),
    )
    ui.server.close()
  })
})

describe('logged out', () => {
  it('an expired token asks to log in again; a 401 while signing reaches the app as USER_LOGGED_OUT', async () => {
    const ui = setup({ connected: true })
    ui.api.account.mockRejectedValueOnce(new UserLoggedOutError())
    const connected = ui.mutate('connect')
    await ui.answer('login', true)
    expect((await connected).data).toMatchObject({ account: [ACCOUNT.address] })
    expect(ui.api.logout).toHaveBeenCalled()
    ui.api.signTypedData.mockRejectedValueOnce(new UserLoggedOutError())
    const signed = ui.mutate('signTypedData', [MAIL])
    await ui.answer('signMessage', true)
    expect((await signed).error?.data).toMatchObject({ webwalletErrorCode: 'USER_LOGGED_OUT' })
  })
})

describe('getLoginStatus', () => {
  const TOKEN = 'a'.repeat(64)

  /** The real API client on a stored login, its server answering `loginStatus` for each request. */
  function withServer(loginStatus: () => Response) {
    const store = new Map<string, string>()
    const storage = loginStorage({
      getItem: (key) => store.get(key) ?? null,
      setItem: (key, value) => void store.set(key, value),
      removeItem: (key) => void store.delete(key),
    })
    storage.write({ token: TOKEN, email: 'ann@example.com' })
    const requests: { url: string; authorization: string | undefined }[] = []
    const api = createWalletApi({
      storage,
      fetch: async (url, init) => {
        const headers = (init?.headers ?? {}) as Record<string, string>
        requests.push({ url: String(url), authorization: headers.authorization })
        if (String(url).startsWith('/wallet/api/loginStatus')) return loginStatus()
        return Response.json({ code: 'NOT_FOUND', message: 'no automatic login' }, { status: 404 })
      },
    })
    return { ...serve(api), storage, requests }
  }

  it("answers the server's status for the requesting origin, with the page's login token", async () => {
    const ui = withServer(() => Response.json({ isLoggedIn: true, hasSession: true, isPreauthorized: true }))
    expect((await ui.mutate('getLoginStatus')).data).toEqual({
      isLoggedIn: true,
      hasSession: true,
      isPreauthorized: true,
    })
    expect(ui.requests).toEqual([
      {
        url: `/wallet/api/loginStatus?origin=${encodeURIComponent(DAPP)}`,
        authorization: `Bearer ${TOKEN}`,
      },
    ])
    expect(ui.storage.read()?.token).toBe(TOKEN)
    expect(ui.prompts.current()).toBeUndefined()
  })

  it.each([
    ['an expired login', () => Response.json({ isLoggedIn: false })],
    ['a token the server does not know', () => Response.json({ message: 'Not logged in' }, { status: 401 })],
  ])('%s is isLoggedIn false, forgotten, and the next request shows the login screen', async (_, answer) => {
    const ui = withServer(answer)
    expect((await ui.mutate('getLoginStatus')).data).toEqual({ isLoggedIn: false })
    expect(ui.storage.read()).toBeUndefined()
    expect(ui.prompts.current()).toBeUndefined()
    const connected = ui.mutate('connect')
    await ui.answer('login', false)
    expect((await connected).error?.data).toMatchObject({ webwalletErrorCode: 'USER_REJECTED' })
  })

  it('an answer that is not a login status is an error, never a made-up status', async () => {
    const ui = withServer(() => Response.json({ isLoggedIn: 'yes' }))
    const { data, error } = await ui.mutate('getLoginStatus')
    expect(data).toBeUndefined()
    expect(error).toBeDefined()
    expect(ui.storage.read()?.token).toBe(TOKEN)
  })

  it('asks nothing of the server without a stored login', async () => {
    const ui = withServer(() => Response.json({ isLoggedIn: true }))
    ui.storage.clear()
    expect((await ui.mutate('getLoginStatus')).data).toEqual({ isLoggedIn: false })
    expect(ui.requests).toEqual([])
  })
})
