// One handler suite over both modes of the wallet core (the page: screens and /wallet/api; headless: the
// approval queue and WalletService in process), as tRPC runs one body over every link. Then what only one
// mode has: the page's screens, hands-free answers and login storage; headless tokens, the approval policy
// and a real chain.
import {
  type EnvelopeError,
  parseEnvelope,
  requestEnvelope,
  stopEnvelope,
  type TypedData,
} from '@webwallet/protocol'
import { ConnectAndSignSessionError, UserLoggedOutError } from '@webwallet/protocol/errors'
import { createWalletRouter } from '@webwallet/protocol/router'
import { PROCEDURE_POLICIES } from '@webwallet/protocol/wallet'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createPromptQueue, type PendingPrompt } from './core'
import { ETH, MAIL, SPENDER, STRK, sessionRequest } from './fixtures'
import { createHeadlessHandlers } from './headless/headlessMode'
import {
  type Account,
  type ApprovalDecision,
  createEnvelopeServer,
  createPageClient,
  createPageHandlers,
  type EnvelopePort,
  loginStorage,
  type PageClient,
} from './page'
import { type MemoryAnswer, memoryClient, NOW, type WalletFixture, walletFixture } from './testing'
import { DAPP, type Harness, harness } from './testing/harness'

const NOW_SESSION = () => sessionRequest(NOW + 3_600).typedData

describe.each(['page', 'headless'] as const)('the wallet core, %s mode', (mode) => {
  const open = async (loggedIn = true): Promise<Harness> => harness(mode, { loggedIn })

  it('connect asks to connect, then answers the account; later calls ask nothing', async () => {
    const wallet = await open()
    expect((await wallet.mutate('getPermissions')).data).toEqual([])
    expect((await wallet.mutate('requestAccounts', { silent_mode: true })).data).toEqual([])
    const result = wallet.mutate('connectWebwallet', { theme: 'dark' })
    await wallet.answer('connect', true)
    expect((await result).data).toEqual({ account: [wallet.address], chainId: wallet.chainId })
    expect((await wallet.mutate('getPermissions')).data).toEqual(['accounts'])
    expect((await wallet.mutate('requestAccounts', { silent_mode: true })).data).toEqual([wallet.address])
    expect((await wallet.mutate('enable')).data).toBe(wallet.address)
    expect((await wallet.mutate('authorize')).data).toBe(true)
    expect((await wallet.mutate('connect')).data).toEqual({
      account: [wallet.address],
      chainId: wallet.chainId,
    })
    expect((await wallet.mutate('requestChainId')).data).toBe(wallet.chainId)
    expect((await wallet.mutate('getLoginStatus')).data).toMatchObject({
      isLoggedIn: true,
      isPreauthorized: true,
    })
    expect(wallet.idle()).toBe(true)
    wallet.close()
  })

  it('a refused connection is USER_REJECTED and connects nothing', async () => {
    const wallet = await open()
    const refused = wallet.mutate('authorize')
    await wallet.answer('connect', false)
    expect((await refused).error?.message).toBe('User rejected request')
    expect((await refused).error?.data).toMatchObject({ webwalletErrorCode: 'USER_REJECTED' })
    expect((await wallet.mutate('getPermissions')).data).toEqual([])
    wallet.close()
  })

  it('nobody logged in: reads name nobody, and what needs the user is USER_REJECTED once no login follows', async () => {
    const wallet = await open(false)
    expect((await wallet.mutate('getLoginStatus')).data).toEqual({ isLoggedIn: false })
    expect((await wallet.mutate('requestAccounts', { silent_mode: true })).data).toEqual([])
    expect((await wallet.mutate('getPermissions')).data).toEqual([])
    expect((await wallet.mutate('requestChainId')).data).toBe(wallet.chainId)
    expect((await wallet.mutate('deploymentData')).error?.data).toMatchObject({
      webwalletErrorCode: 'CONNECTOR_NOT_CONNECTED',
    })
    expect(wallet.idle()).toBe(true)
    for (const [path, input] of [
      ['connect', undefined],
      ['connectWebwallet', {}],
      ['connectWebwalletSSO', { token: 'not-a-login' }],
      ['enable', undefined],
      ['requestAccounts', { silent_mode: false }],
      ['signTypedData', [MAIL]],
      ['execute', [[{ contractAddress: STRK, entrypoint: 'transfer', calldata: [] }]]],
    ] as const) {
      const answer = wallet.mutate(path, input)
      // The headless SSO token is checked as a login: an unknown one is logged out.
      if (!(mode === 'headless' && path === 'connectWebwalletSSO')) await wallet.refuseLogin()
      const { error } = await answer
      expect(error?.data, path).toMatchObject({
        webwalletErrorCode:
          mode === 'headless' && path === 'connectWebwalletSSO' ? 'USER_LOGGED_OUT' : 'USER_REJECTED',
      })
    }
    const session = wallet.mutate('connectAndSignSession', {
      approvalRequests: [],
      sessionTypedData: NOW_SESSION(),
    })
    await wallet.refuseLogin()
    expect((await session).error?.data).toMatchObject({
      webwalletErrorCode: 'USER_REJECTED',
      webwalletErrorMessage: 'User rejected request',
    })
    expect(wallet.signed()).toBe(0)
    wallet.close()
  })

  it('deploymentData is CONNECTOR_NOT_CONNECTED for an origin the user did not connect, and asks nothing', async () => {
    const wallet = await open()
    const refused = await wallet.mutate('deploymentData')
    expect(refused.error?.message).toBe('Connector not connected')
    expect(refused.error?.data).toMatchObject({ webwalletErrorCode: 'CONNECTOR_NOT_CONNECTED' })
    expect(wallet.idle()).toBe(true)
    const connected = wallet.mutate('connect')
    await wallet.answer('connect', true)
    await connected
    expect((await wallet.mutate('deploymentData')).data).toMatchObject({ version: 1 })
    wallet.close()
  })

  it('signTypedData asks signTypedData, a session asks signSession, and signs only when approved', async () => {
    const wallet = await open()
    const signed = wallet.mutate('signTypedData', [MAIL])
    await wallet.answer('signTypedData', true)
    expect((await signed).data).toHaveLength(9)
    const session = wallet.mutate('signMessage', [NOW_SESSION()])
    await wallet.answer('signSession', false)
    expect((await session).error?.data).toMatchObject({ webwalletErrorCode: 'USER_REJECTED' })
    expect(wallet.signed()).toBe(1)
    wallet.close()
  })

  it.each([
    ['authorize', undefined],
    ['signTypedData', [MAIL]],
    ['execute', [[{ contractAddress: STRK, entrypoint: 'transfer', calldata: [] }]]],
    ['connectAndSignSession', { approvalRequests: [], sessionTypedData: NOW_SESSION() }],
  ])(
    '%s, given up on by the dapp (stop by its id), withdraws its consent at once: USER_REJECTED',
    async (path, input) => {
      const wallet = await open()
      if (path !== 'authorize') {
        const connected = wallet.mutate('connect')
        await wallet.answer('connect', true)
        await connected
      }
      const abandoned = wallet.mutate(path, input)
      await vi.waitFor(() => expect(wallet.idle()).toBe(false))
      wallet.stopLatest()
      expect((await abandoned).error?.data).toMatchObject({
        webwalletErrorCode: 'USER_REJECTED',
        webwalletErrorMessage: 'User rejected request',
      })
      // Nothing waits for the user any more (headless: the approval queue is empty), and nothing was signed.
      expect(wallet.idle()).toBe(true)
      expect(wallet.signed()).toBe(0)
      wallet.close()
    },
  )

  it('connectAndSignSession refused is USER_REJECTED its way, and nothing is signed', async () => {
    const wallet = await open()
    const refused = wallet.mutate('connectAndSignSession', {
      approvalRequests: [],
      sessionTypedData: NOW_SESSION(),
    })
    await wallet.answer('signSession', false)
    expect((await refused).error?.data).toMatchObject({
      webwalletErrorCode: 'USER_REJECTED',
      webwalletErrorMessage: 'User rejected request',
    })
    expect(wallet.signed()).toBe(0)
    wallet.close()
  })

  it('refuses calldata that reads two ways before any prompt, with the VALIDATION error', async () => {
    const wallet = await open()
    for (const value of ['1 ', '-1', '1e3', '0x4718g5a0fc34cc1af16a1c938d']) {
      const answer = await wallet.mutate('execute', [
        { contractAddress: '0x1', entrypoint: 'transfer', calldata: ['0x2', value, '0'] },
      ])
      expect(answer.error?.data).toMatchObject({ webwalletErrorCode: 'VALIDATION' })
      expect(answer.error?.message).toMatch(/^Call 0, calldata\[1\]: .* is refused, /)
    }
    expect(wallet.idle()).toBe(true)
    expect(wallet.signed()).toBe(0)
    wallet.close()
  })

  it('execute asks execute and sends nothing when refused', async () => {
    const wallet = await open()
    const refused = wallet.mutate('addInvokeTransaction', { contract_address: STRK, entry_point: 'transfer' })
    await wallet.answer('execute', false)
    expect((await refused).error?.message).toBe('User rejected request')
    expect(wallet.signed()).toBe(0)
    wallet.close()
  })

  it('every procedure does what its row of the policy table says', async () => {
    const inputs: Record<string, unknown> = {
      connectWebwallet: {},
      connectWebwalletSSO: { token: 'not-a-login' },
      requestAccounts: { silent_mode: false },
      signTypedData: [MAIL],
      signMessage: [MAIL],
      connectAndSignSession: { approvalRequests: [], sessionTypedData: NOW_SESSION() },
      addInvokeTransaction: { contract_address: STRK, entry_point: 'transfer' },
      execute: [[{ contractAddress: STRK, entrypoint: 'transfer', calldata: [] }]],
    }
    const loggedOut = await open(false)
    for (const [name, row] of Object.entries(PROCEDURE_POLICIES)) {
      if (row.readOnly) {
        expect((await loggedOut.mutate(name, inputs[name])).error, name).toBeUndefined()
      } else if (row.login && !(mode === 'headless' && name === 'connectWebwalletSSO')) {
        const answer = loggedOut.mutate(name, inputs[name])
        await loggedOut.refuseLogin()
        expect((await answer).error?.data, name).toMatchObject({ webwalletErrorCode: 'USER_REJECTED' })
      }
      expect(loggedOut.idle(), name).toBe(true)
    }
    loggedOut.close()
    const stranger = await open()
    for (const [name, row] of Object.entries(PROCEDURE_POLICIES)) {
      if (!row.connection) continue
      expect((await stranger.mutate(name, inputs[name])).error?.data, name).toMatchObject({
        webwalletErrorCode: 'CONNECTOR_NOT_CONNECTED',
      })
      expect(stranger.idle(), name).toBe(true)
    }
    expect(stranger.signed()).toBe(0)
    stranger.close()
  })

  it('logout ends the login with no consent: true once, then false; the next connect needs a login again', async () => {
    const wallet = await open()
    const connecting = wallet.mutate('connectWebwallet', {})
    await wallet.answer('connect', true)
    expect((await connecting).error).toBeUndefined()
    expect((await wallet.mutate('logout')).data).toBe(true)
    expect(wallet.idle()).toBe(true)
    expect((await wallet.mutate('getLoginStatus')).data).toEqual({ isLoggedIn: false })
    expect((await wallet.mutate('logout')).data).toBe(false)
    // The page asks for the login (refused here); a headless connection's token is dead.
    const again = wallet.mutate('connectWebwallet', {})
    await wallet.refuseLogin()
    expect((await again).error?.data).toMatchObject({
      webwalletErrorCode: mode === 'page' ? 'USER_REJECTED' : 'USER_LOGGED_OUT',
    })
    expect(wallet.signed()).toBe(0)
    wallet.close()
  })

  it('addStarknetChain, switchStarknetChain and watchAsset are not implemented', async () => {
    const wallet = await open()
    for (const path of ['addStarknetChain', 'switchStarknetChain', 'watchAsset']) {
      const { error } = await wallet.mutate(path)
      expect(error?.message).toBe('not implemented')
      expect(error?.data).toMatchObject({ webwalletErrorCode: 'NOT_IMPLEMENTED' })
    }
    wallet.close()
  })
})

// The page mode over a fake /wallet/api and its screens.
const ACCOUNT: Account = {
  email: 'ann@example.com',
  address: '0x0123',
  chainId: '0x534e5f5345504f4c4941',
  deployed: false,
  balances: { STRK: '0', ETH: '0' },
}
const PAGE_MAIL: TypedData = MAIL
const PAGE_SESSION: TypedData = sessionRequest(NOW + 3_600).typedData

function pageSetup(options: { loggedIn?: boolean; connected?: boolean; listed?: boolean } = {}) {
  let loggedIn = options.loggedIn ?? true
  const connected = new Set<string>(options.connected ? [DAPP] : [])
  const api = {
    isLoggedIn: () => loggedIn,
    email: () => (loggedIn ? ACCOUNT.email : undefined),
    devLogin: vi.fn(async () => false),
    decide: vi.fn(async (): Promise<ApprovalDecision> => ({ answer: 'manual' })),
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
  } satisfies Partial<PageClient>
  const served = pageServe(
    api as unknown as PageClient,
    () => {
      loggedIn = true
    },
    options.listed ?? true,
  )
  return { api, ...served, setLoggedIn: (value: boolean) => (loggedIn = value) }
}

/** The page handlers for `api` behind the envelope server, as the app at DAPP reaches them. */
function pageServe(api: PageClient, onLogin: () => void = () => {}, listed = true) {
  const prompts = createPromptQueue()
  const onTheme = vi.fn()
  const router = createWalletRouter(
    createPageHandlers({ api, prompts, onTheme, isListed: (origin) => listed && origin === DAPP }),
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
  const answer = async (kind: PendingPrompt['kind'], approved: boolean) => {
    await vi.waitFor(() => expect(prompts.current()?.kind).toBe(kind))
    const prompt = prompts.current()
    expect(prompt?.origin).toBe(DAPP)
    if (kind === 'login' && approved) onLogin()
    prompt?.answer(approved)
  }
  /** The dapp gave up on its request `requestId` (tRPC's stop message by id). */
  const stop = (requestId: number) => {
    const port = ports.get(requestId)
    if (port !== undefined) server.receive(stopEnvelope(requestId), port)
  }
  return { prompts, onTheme, mutate, answer, server, stop, lastId: () => id }
}

describe('page mode', () => {
  describe('connect', () => {
    it('asks to log in, then to connect, then answers the account; later calls do not ask', async () => {
      const ui = pageSetup({ loggedIn: false })
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
      const ui = pageSetup({ loggedIn: false })
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
      const ui = pageSetup({ connected: true })
      const abandoned = ui.mutate('signTypedData', [MAIL])
      await vi.waitFor(() => expect(ui.prompts.current()?.kind).toBe('signTypedData'))
      const next = ui.mutate('execute', [[{ contractAddress: '0x1', entrypoint: 'go', calldata: [] }]])
      ui.stop(ui.lastId() - 1)
      expect((await abandoned).error?.message).toBe('User rejected request')
      // The next request's prompt is the one on screen; the abandoned one never comes back.
      await ui.answer('execute', false)
      await next
      expect(ui.prompts.current()).toBeUndefined()
      expect(ui.api.signTypedData).not.toHaveBeenCalled()
    })

    it('silent requests and status never prompt', async () => {
      const ui = pageSetup({ loggedIn: false })
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
      const ui = pageSetup({ loggedIn: false })
      ui.api.devLogin.mockImplementation(async () => {
        ui.setLoggedIn(true)
        return true
      })
      const result = ui.mutate('connectWebwalletSSO', { token: 'sso' })
      await ui.answer('connect', true)
      expect((await result).data).toMatchObject({ account: [ACCOUNT.address] })
    })

    it('never logs an unlisted origin in automatically: it sees the login screen', async () => {
      const ui = pageSetup({ loggedIn: false, listed: false })
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
      const ui = pageSetup({ connected: true })
      ui.api.decide.mockResolvedValue({ answer: 'approve' })
      expect(
        (await ui.mutate('execute', [[{ contractAddress: '0x1', entrypoint: 'go', calldata: [] }]])).data,
      ).toBe('0xabc')
      expect(ui.api.decide).toHaveBeenCalledWith(DAPP)
      expect(ui.prompts.current()).toBeUndefined()
    })

    it('rejects without a screen and signs nothing', async () => {
      const ui = pageSetup({ connected: true })
      ui.api.decide.mockResolvedValue({ answer: 'reject' })
      expect((await ui.mutate('signTypedData', [PAGE_MAIL])).error?.data).toMatchObject({
        webwalletErrorCode: 'USER_REJECTED',
      })
      expect(ui.api.signTypedData).not.toHaveBeenCalled()
    })

    it('fails with the code a test asked for: connectAndSignSession’s way or the usual errors', async () => {
      const ui = pageSetup({ connected: true })
      ui.api.decide.mockResolvedValueOnce({ answer: 'fail', code: 'NOT_ENOUGH_BALANCE', message: 'Top up' })
      const request = { approvalRequests: [], sessionTypedData: PAGE_SESSION }
      expect((await ui.mutate('connectAndSignSession', request)).error?.data).toMatchObject({
        webwalletErrorCode: 'NOT_ENOUGH_BALANCE',
        webwalletErrorMessage: 'Top up',
      })
      ui.api.decide.mockResolvedValueOnce({ answer: 'fail', code: 'USER_LOGGED_OUT' })
      expect((await ui.mutate('signTypedData', [PAGE_MAIL])).error?.data).toMatchObject({
        webwalletErrorCode: 'USER_LOGGED_OUT',
      })
      expect(ui.api.signSession).not.toHaveBeenCalled()
      expect(ui.api.signTypedData).not.toHaveBeenCalled()
    })

    it('never asks for an unlisted origin: it sees the screens', async () => {
      const ui = pageSetup({ listed: false })
      ui.api.decide.mockResolvedValue({ answer: 'approve' })
      const result = ui.mutate('connect')
      await ui.answer('connect', true)
      expect((await result).data).toMatchObject({ account: [ACCOUNT.address] })
      expect(ui.api.decide).not.toHaveBeenCalled()
    })
  })

  describe('reads before consent', () => {
    it('deploymentData is CONNECTOR_NOT_CONNECTED for an origin the user did not connect, and asks nothing', async () => {
      const ui = pageSetup({ connected: false })
      const refused = await ui.mutate('deploymentData')
      expect(refused.error?.message).toBe('Connector not connected')
      expect(refused.error?.data).toMatchObject({ webwalletErrorCode: 'CONNECTOR_NOT_CONNECTED' })
      expect(ui.api.deploymentData).not.toHaveBeenCalled()
      expect(ui.prompts.current()).toBeUndefined()
    })

    it('a stranger learns no account: silent requestAccounts is [] and the login status names nobody', async () => {
      const ui = pageSetup({ connected: false })
      expect((await ui.mutate('requestAccounts', { silent_mode: true })).data).toEqual([])
      expect((await ui.mutate('getPermissions')).data).toEqual([])
      const status = (await ui.mutate('getLoginStatus')).data
      expect(Object.keys(status as object).sort()).toEqual(['hasSession', 'isLoggedIn', 'isPreauthorized'])
      expect(ui.prompts.current()).toBeUndefined()
    })
  })

  describe('signing and transactions', () => {
    it('signTypedData shows /signMessage, a Session shows /signSessionKeys, and signs only when approved', async () => {
      const ui = pageSetup({ connected: true })
      const signed = ui.mutate('signTypedData', [PAGE_MAIL])
      await ui.answer('signTypedData', true)
      expect((await signed).data).toHaveLength(9)
      const session = ui.mutate('signMessage', [PAGE_SESSION])
      await ui.answer('signSession', false)
      expect((await session).error?.data).toMatchObject({ webwalletErrorCode: 'USER_REJECTED' })
      expect(ui.api.signTypedData).toHaveBeenCalledTimes(1)
    })

    it('connectAndSignSession: USER_REJECTED when refused, the server code when it fails, the result when it works', async () => {
      const ui = pageSetup()
      const request = { approvalRequests: [], sessionTypedData: PAGE_SESSION, theme: 'light' }
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
      const ui = pageSetup({ connected: true })
      for (const value of ['1 ', '-1', '1e3', '0x4718g5a0fc34cc1af16a1c938d']) {
        const answer = await ui.mutate('execute', [
          { contractAddress: '0x1', entrypoint: 'transfer', calldata: ['0x2', value, '0'] },
        ])
        expect(answer.error?.data).toMatchObject({ webwalletErrorCode: 'VALIDATION' })
        expect(answer.error?.message).toMatch(/^Call 0, calldata\[1\]: .* is refused, /)
      }
      expect(ui.prompts.current()).toBeUndefined()
      expect(ui.api.execute).not.toHaveBeenCalled()
    })

    it('refuses a session whose fee caps are not exact amounts in a gas token, before its screen', async () => {
      const ui = pageSetup({ connected: true })
      ui.api.account.mockResolvedValue({
        ...ACCOUNT,
        feeTokens: ['0x4718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d'],
      })
      const session = (
        maxAmount: unknown,
        tokenAddress = '0x4718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d',
      ) => ({
        ...PAGE_SESSION,
        message: {
          ...PAGE_SESSION.message,
          Metadata: JSON.stringify({ projectID: 'x', txFees: [{ tokenAddress, maxAmount }] }),
        },
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
      const ui = pageSetup({ connected: true })
      const sent = ui.mutate('addInvokeTransaction', [
        { contract_address: '0x1', entry_point: 'transfer', calldata: ['0x2', 3] },
      ])
      await ui.answer('execute', true)
      expect((await sent).data).toBe('0xabc')
      expect(ui.api.execute).toHaveBeenCalledWith(DAPP, [
        { contractAddress: '0x1', entrypoint: 'transfer', calldata: ['0x2', '0x3'] },
      ])
      const executed = ui.mutate('execute', [{ contractAddress: '0x1', entrypoint: 'go', calldata: [10n] }])
      await ui.answer('execute', true)
      expect((await executed).data).toBe('0xabc')
      expect(ui.api.execute).toHaveBeenLastCalledWith(DAPP, [
        { contractAddress: '0x1', entrypoint: 'go', calldata: ['0xa'] },
      ])
      const refused = ui.mutate('execute', [{ contractAddress: '0x1', entrypoint: 'go' }])
      await ui.answer('execute', false)
      expect((await refused).error?.message).toBe('User rejected request')
      expect(ui.api.execute).toHaveBeenCalledTimes(2)
      expect((await ui.mutate('deploymentData')).data).toMatchObject({ version: 1 })
      expect(ui.api.deploymentData).toHaveBeenCalledWith(DAPP)
    })

    it('addStarknetChain, switchStarknetChain and watchAsset are not implemented', async () => {
      const ui = pageSetup()
      for (const path of ['addStarknetChain', 'switchStarknetChain', 'watchAsset']) {
        expect((await ui.mutate(path)).error?.message).toBe('not implemented')
      }
    })
  })

  describe('logged out', () => {
    it('an expired token asks to log in again; a 401 while signing reaches the app as USER_LOGGED_OUT', async () => {
      const ui = pageSetup({ connected: true })
      ui.api.account.mockRejectedValueOnce(new UserLoggedOutError())
      const connected = ui.mutate('connect')
      await ui.answer('login', true)
      expect((await connected).data).toMatchObject({ account: [ACCOUNT.address] })
      expect(ui.api.logout).toHaveBeenCalled()
      ui.api.signTypedData.mockRejectedValueOnce(new UserLoggedOutError())
      const signed = ui.mutate('signTypedData', [PAGE_MAIL])
      await ui.answer('signTypedData', true)
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
      const api = createPageClient({
        storage,
        fetch: async (url, init) => {
          const headers = (init?.headers ?? {}) as Record<string, string>
          requests.push({ url: String(url), authorization: headers.authorization })
          if (String(url).startsWith('/wallet/api/loginStatus')) return loginStatus()
          return Response.json({ code: 'NOT_FOUND', message: 'no automatic login' }, { status: 404 })
        },
      })
      return { ...pageServe(api), storage, requests }
    }

    it("answers the server's status for the requesting origin, with the page's login token", async () => {
      const ui = withServer(() =>
        Response.json({ isLoggedIn: true, hasSession: true, isPreauthorized: true }),
      )
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
      [
        'a token the server does not know',
        () => Response.json({ message: 'Not logged in' }, { status: 401 }),
      ],
    ])(
      '%s is isLoggedIn false, forgotten, and the next request shows the login screen',
      async (_, answer) => {
        const ui = withServer(answer)
        expect((await ui.mutate('getLoginStatus')).data).toEqual({ isLoggedIn: false })
        expect(ui.storage.read()).toBeUndefined()
        expect(ui.prompts.current()).toBeUndefined()
        const connected = ui.mutate('connect')
        await ui.answer('login', false)
        expect((await connected).error?.data).toMatchObject({ webwalletErrorCode: 'USER_REJECTED' })
      },
    )

    it('an answer that is not a login status is an error, never a made-up status', async () => {
      const ui = withServer(() => Response.json({ isLoggedIn: 'yes' }))
      const { data, error } = await ui.mutate('getLoginStatus')
      expect(data).toBeUndefined()
      expect(error).toBeDefined()
      expect(ui.storage.read()?.token).toBe(TOKEN)
    })

    it("connectWebwalletSSO never takes the dapp's token as the login (login CSRF): the login screen shows", async () => {
      const ui = withServer(() =>
        Response.json({ isLoggedIn: true, hasSession: false, isPreauthorized: true }),
      )
      ui.storage.clear()
      const connected = ui.mutate('connectWebwalletSSO', { token: 'b'.repeat(64) })
      await ui.answer('login', false)
      expect((await connected).error?.data).toMatchObject({ webwalletErrorCode: 'USER_REJECTED' })
      expect(ui.storage.read()).toBeUndefined()
      expect(ui.requests.map((request) => request.authorization)).not.toContain(`Bearer ${'b'.repeat(64)}`)
    })

    it('asks nothing of the server without a stored login', async () => {
      const ui = withServer(() => Response.json({ isLoggedIn: true }))
      ui.storage.clear()
      expect((await ui.mutate('getLoginStatus')).data).toEqual({ isLoggedIn: false })
      expect(ui.requests).toEqual([])
    })
  })
})

// The headless mode over a real chain, login service and approval policy.
describe('headless mode', () => {
  let fx: WalletFixture
  let client: ReturnType<typeof memoryClient>
  let token: string
  let address: string

  const build = (ctx: object) =>
    memoryClient(
      createWalletRouter(
        createHeadlessHandlers({ wallet: fx.wallet, login: fx.login, approvals: fx.approvals }),
      ),
      ctx,
    )

  beforeEach(async () => {
    fx = walletFixture()
    const login = await fx.logIn('ann@example.com')
    token = login.token
    address = login.user.account.address
    client = build({ origin: DAPP, token })
  })
  afterEach(() => client.close())

  const data = (answer: MemoryAnswer) => {
    if (!answer.ok) throw new Error(`expected data, got ${JSON.stringify(answer.error)}`)
    return answer.data
  }
  const errorOf = (answer: MemoryAnswer) => {
    if (answer.ok) throw new Error(`expected an error, got ${JSON.stringify(answer.data)}`)
    return answer.error
  }

  describe('connect flows', () => {
    it('connects after approval and then reports accounts, permissions and login status for that origin only', async () => {
      expect(data(await client.mutate('getPermissions'))).toEqual([])
      expect(data(await client.mutate('requestAccounts', { silent_mode: true }))).toEqual([])
      expect(data(await client.mutate('getLoginStatus'))).toEqual({
        isLoggedIn: true,
        hasSession: false,
        isPreauthorized: false,
      })
      expect(data(await client.mutate('connectWebwallet', { theme: 'dark' }))).toEqual({
        account: [address],
        chainId: fx.wallet.chainId,
      })
      expect(data(await client.mutate('getPermissions'))).toEqual(['accounts'])
      expect(data(await client.mutate('requestAccounts', { silent_mode: true }))).toEqual([address])
      expect(data(await client.mutate('getLoginStatus'))).toMatchObject({ isPreauthorized: true })
      const other = build({ origin: 'https://other.example', token })
      expect(data(await other.mutate('getPermissions'))).toEqual([])
      other.close()
    })

    it('connect, enable, authorize and requestAccounts connect too', async () => {
      expect(data(await client.mutate('enable', { starknetVersion: 'v5' }))).toBe(address)
      const second = build({ origin: 'https://b.example', token })
      expect(data(await second.mutate('authorize'))).toBe(true)
      const third = build({ origin: 'https://c.example', token })
      expect(data(await third.mutate('connect'))).toEqual({ account: [address], chainId: fx.wallet.chainId })
      const fourth = build({ origin: 'https://d.example', token })
      expect(data(await fourth.mutate('requestAccounts', { silent_mode: false }))).toEqual([address])
      expect(data(await client.mutate('requestChainId'))).toBe('0x534e5f5345504f4c4941')
    })

    it('connectWebwalletSSO logs in with the token it is given', async () => {
      const anonymous = build({ origin: DAPP })
      expect(data(await anonymous.mutate('getLoginStatus'))).toEqual({ isLoggedIn: false })
      // Nobody to connect: a refused login, as the page answers it (was `{}` before the one core).
      expect(errorOf(await anonymous.mutate('connectWebwallet')).data).toMatchObject({
        webwalletErrorCode: 'USER_REJECTED',
      })
      expect(data(await anonymous.mutate('connectWebwalletSSO', { token }))).toEqual({
        account: [address],
        chainId: fx.wallet.chainId,
      })
    })

    it('an unknown token is logged out: isLoggedIn false, and USER_LOGGED_OUT where the login is needed', async () => {
      const stale = build({ origin: DAPP, token: 'f'.repeat(64) })
      expect(data(await stale.mutate('getLoginStatus'))).toEqual({ isLoggedIn: false })
      const error = errorOf(await stale.mutate('requestAccounts', { silent_mode: true }))
      expect(error.data).toMatchObject({ webwalletErrorCode: 'USER_LOGGED_OUT' })
      stale.close()
    })

    it('answers 113 USER_REJECTED when the policy rejects', async () => {
      fx.policy.set('reject')
      const error = errorOf(await client.mutate('connectWebwallet', {}))
      expect(error.message).toBe('User rejected request')
      expect(error.data).toMatchObject({ webwalletErrorCode: 'USER_REJECTED', code: 'INTERNAL_SERVER_ERROR' })
      expect(data(await client.mutate('getPermissions'))).toEqual([])
    })

    it('never lets the policy answer a foreign page, even one holding a valid token: it waits manually', async () => {
      fx.policy.set('auto')
      fx.policy.queue({ action: 'approve' })
      const foreign = build({ origin: 'https://evil.example', token, foreignPage: true })
      const pending = foreign.mutate('execute', [
        [{ contractAddress: STRK, entrypoint: 'transfer', calldata: [] }],
      ])
      await expect.poll(() => fx.approvals.pending().length).toBe(1)
      expect(fx.approvals.pending()[0]).toMatchObject({ kind: 'execute', origin: 'https://evil.example' })
      // The test's one-shot answer is still there for the trusted clients.
      expect(fx.policy.queued()).toEqual([{ action: 'approve' }])
      fx.approvals.answer(fx.approvals.pending()[0]?.id ?? '', false)
      expect(errorOf(await pending).data).toMatchObject({ webwalletErrorCode: 'USER_REJECTED' })
      foreign.close()
    })

    it('fails the next request with the code a test asked for', async () => {
      fx.policy.set('auto')
      fx.policy.queue({ action: 'fail', code: 'NOT_ENOUGH_BALANCE', message: 'Top up first' })
      const session = await client.mutate('connectAndSignSession', {
        approvalRequests: [],
        sessionTypedData: sessionRequest(NOW + 3_600).typedData,
      })
      expect(errorOf(session).data).toMatchObject({
        webwalletErrorCode: 'NOT_ENOUGH_BALANCE',
        webwalletErrorMessage: 'Top up first',
      })
      expect(data(await client.mutate('connectWebwallet', {}))).toMatchObject({ account: [address] })
    })

    it('waits for a manual approval', async () => {
      fx.policy.set('manual')
      const pending = client.mutate('connectWebwallet', {})
      await expect.poll(() => fx.approvals.pending().length).toBe(1)
      const [approval] = fx.approvals.pending()
      expect(approval).toMatchObject({ kind: 'connect', origin: DAPP })
      fx.approvals.answer(approval?.id ?? '', true)
      expect(data(await pending)).toEqual({ account: [address], chainId: fx.wallet.chainId })
    })

    it('deploymentData describes the counterfactual account, to a connected origin only', async () => {
      const refused = errorOf(await client.mutate('deploymentData'))
      expect(refused.message).toBe('Connector not connected')
      expect(refused.data).toMatchObject({ webwalletErrorCode: 'CONNECTOR_NOT_CONNECTED' })
      expect(JSON.stringify(refused)).not.toContain(address.slice(2))
      data(await client.mutate('connect'))
      expect(data(await client.mutate('deploymentData'))).toEqual({
        address,
        class_hash: '0x36078334509b514626504edc9fb252328d1a240e4e948bef8d0c08dff45927f',
        salt: expect.stringMatching(/^0x/),
        calldata: expect.any(Array),
        version: 1,
      })
      const anonymous = build({ origin: DAPP })
      expect(errorOf(await anonymous.mutate('deploymentData')).message).toBe('Connector not connected')
      anonymous.close()
      const other = build({ origin: 'https://other.example', token })
      expect(errorOf(await other.mutate('deploymentData')).message).toBe('Connector not connected')
      other.close()
    })

    it('getLoginStatus tells a non-connected origin nothing about who is logged in', async () => {
      const stranger = build({ origin: 'https://stranger.example', token })
      data(await client.mutate('connect'))
      const status = data(await stranger.mutate('getLoginStatus'))
      expect(status).toEqual({ isLoggedIn: true, hasSession: false, isPreauthorized: false })
      expect(JSON.stringify(status)).not.toMatch(/ann@|0x/)
      expect(data(await stranger.mutate('requestAccounts', { silent_mode: true }))).toEqual([])
      stranger.close()
    })
  })

  describe('signing', () => {
    it('signs typed data with owner and guardian; the deployed account accepts it', async () => {
      const signature = data(await client.mutate('signTypedData', [MAIL])) as string[]
      expect(signature).toHaveLength(9)
      expect(data(await client.mutate('signMessage', [MAIL]))).toEqual(signature)
      await fx.wallet.ensureDeployed(fx.login.userOfToken(token))
      const hash = fx.wallet.messageHash(fx.login.userOfToken(token), MAIL)
      expect(await fx.ledger.isValidSignature(address, hash, signature)).toBe(true)
      expect(await fx.ledger.isValidSignature(address, hash, [...signature.slice(0, 8), '0x1'])).toBe(false)
    })

    it('refuses to sign when rejected, and validates the input', async () => {
      fx.policy.set('reject')
      expect(errorOf(await client.mutate('signTypedData', [MAIL])).data).toMatchObject({
        webwalletErrorCode: 'USER_REJECTED',
      })
      const invalid = errorOf(await client.mutate('signTypedData', [{ primaryType: 1 }]))
      expect(invalid.data).toMatchObject({ code: 'BAD_REQUEST', webwalletErrorCode: 'VALIDATION' })
    })
  })

  describe('connectAndSignSession', () => {
    it('signs the session, runs the approvals after deploying, and returns every field', async () => {
      const { typedData, hashFor } = sessionRequest(NOW + 3600)
      const approvalRequests = [{ tokenAddress: STRK, spender: SPENDER, amount: '1000' }]
      const result = data(
        await client.mutate('connectAndSignSession', { approvalRequests, sessionTypedData: typedData }),
      ) as Record<string, unknown>
      expect(result).toMatchObject({
        account: [address],
        chainId: '0x534e5f5345504f4c4941',
        deploymentPayload: { contractAddress: address, classHash: expect.any(String) },
        approvalTransactionHash: expect.stringMatching(/^0x/),
      })
      // Sent by the wallet: the hash, never the calls as well (an app would send them again).
      expect(result).not.toHaveProperty('approvalRequestsCalls')
      expect((await fx.ledger.receipt(String(result.approvalTransactionHash))).status).toBe('SUCCEEDED')
      expect(await fx.ledger.isValidSignature(address, hashFor(address), result.signature as string[])).toBe(
        true,
      )
      expect(data(await client.mutate('getPermissions'))).toEqual(['accounts'])
    })

    it('without approval requests answers neither approval field (no `[]`), and leaves the account undeployed', async () => {
      const { typedData } = sessionRequest(NOW + 3600)
      const result = data(
        await client.mutate('connectAndSignSession', { approvalRequests: [], sessionTypedData: typedData }),
      ) as Record<string, unknown>
      expect(result).toMatchObject({ account: [address], deploymentPayload: { contractAddress: address } })
      expect(result).not.toHaveProperty('approvalRequestsCalls')
      expect(result).not.toHaveProperty('approvalTransactionHash')
      expect(await fx.ledger.isDeployed(address)).toBe(false)
    })

    it('USER_REJECTED', async () => {
      fx.policy.set('reject')
      const error = errorOf(
        await client.mutate('connectAndSignSession', {
          approvalRequests: [],
          sessionTypedData: sessionRequest(NOW + 60).typedData,
        }),
      )
      expect(error.data).toMatchObject({
        webwalletErrorCode: 'USER_REJECTED',
        webwalletErrorMessage: 'User rejected request',
      })
    })

    it('NOT_ENOUGH_BALANCE', async () => {
      const approvalRequests = [{ tokenAddress: ETH, spender: SPENDER, amount: String(10n ** 30n) }]
      const error = errorOf(
        await client.mutate('connectAndSignSession', {
          approvalRequests,
          sessionTypedData: sessionRequest(NOW + 60).typedData,
        }),
      )
      expect(error.data).toMatchObject({ webwalletErrorCode: 'NOT_ENOUGH_BALANCE' })
    })

    it('NOT_ENOUGH_BALANCE_DEPLOYMENT', async () => {
      fx = walletFixture({ initialFunds: [{ token: ETH, amount: 10n ** 18n }] })
      const poor = await fx.logIn('poor@example.com')
      const poorClient = build({ origin: DAPP, token: poor.token })
      const approvalRequests = [{ tokenAddress: ETH, spender: SPENDER, amount: '1' }]
      const error = errorOf(
        await poorClient.mutate('connectAndSignSession', {
          approvalRequests,
          sessionTypedData: sessionRequest(NOW + 60).typedData,
        }),
      )
      expect(error.data).toMatchObject({ webwalletErrorCode: 'NOT_ENOUGH_BALANCE_DEPLOYMENT' })
      expect(await fx.ledger.isDeployed(poor.user.account.address)).toBe(false)
    })

    it('ACCOUNT_NOT_DEPLOYED when the node refuses the deployment', async () => {
      const user = fx.login.userOfToken(token)
      // A constructor the class refuses (zero guardian key) makes the deploy-account transaction fail validation.
      user.account.constructorCalldata = ['0x0', user.ownerPublicKey, '0x0', '0x0', '0x0']
      const approvalRequests = [{ tokenAddress: ETH, spender: SPENDER, amount: '1' }]
      const error = errorOf(
        await client.mutate('connectAndSignSession', {
          approvalRequests,
          sessionTypedData: sessionRequest(NOW + 60).typedData,
        }),
      )
      expect(error.data).toMatchObject({ webwalletErrorCode: 'ACCOUNT_NOT_DEPLOYED' })
    })

    it('GENERIC_ERROR for typed data that is not a session of this chain', async () => {
      const wrongChain = errorOf(
        await client.mutate('connectAndSignSession', {
          approvalRequests: [],
          sessionTypedData: sessionRequest(NOW + 60, 'SN_MAIN').typedData,
        }),
      )
      expect(wrongChain.data).toMatchObject({ webwalletErrorCode: 'GENERIC_ERROR' })
      const notSession = errorOf(
        await client.mutate('connectAndSignSession', { approvalRequests: [], sessionTypedData: MAIL }),
      )
      expect(notSession.data).toMatchObject({ webwalletErrorCode: 'GENERIC_ERROR' })
    })
  })

  describe('transactions', () => {
    const transfer = { contract_address: STRK, entry_point: 'transfer', calldata: [SPENDER, '5', '0'] }

    it('addInvokeTransaction deploys the account first, then submits', async () => {
      expect(await fx.ledger.isDeployed(address)).toBe(false)
      const hash = data(await client.mutate('addInvokeTransaction', [transfer])) as string
      expect(await fx.ledger.isDeployed(address)).toBe(true)
      expect((await fx.ledger.receipt(hash)).status).toBe('SUCCEEDED')
      expect(await fx.ledger.balanceOf(SPENDER, STRK)).toBe(5n)
    })

    it('execute takes starknet.js arguments', async () => {
      const call = { contractAddress: STRK, entrypoint: 'transfer', calldata: [SPENDER, 7, 0] }
      const hash = data(await client.mutate('execute', [call, undefined, {}])) as string
      expect((await fx.ledger.receipt(hash)).status).toBe('SUCCEEDED')
      expect(await fx.ledger.balanceOf(SPENDER, STRK)).toBe(7n)
    })

    it('nothing is submitted when rejected', async () => {
      fx.policy.set('reject')
      expect(errorOf(await client.mutate('addInvokeTransaction', transfer)).message).toBe(
        'User rejected request',
      )
      expect(await fx.ledger.isDeployed(address)).toBe(false)
    })

    it('not implemented: addStarknetChain, switchStarknetChain, watchAsset', async () => {
      for (const path of ['addStarknetChain', 'switchStarknetChain', 'watchAsset']) {
        const error = errorOf(await client.mutate(path))
        expect(error.message).toBe('not implemented')
        expect(error.data).toMatchObject({ webwalletErrorCode: 'NOT_IMPLEMENTED' })
      }
    })
  })
})
