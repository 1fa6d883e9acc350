// The wallet UI's client of its server: e-mail login (/login) and the wallet API (/wallet/api). The
// server holds the keys; the UI calls the signing routes only after the user approved on screen.
import {
  type Call,
  type DeploymentData,
  type LoginStatus,
  LoginStatusSchema,
  type SessionSignRequest,
  type SessionSignResult,
  type TypedData,
} from '@webwallet/protocol'
import { isWebWalletError, parseError, UserLoggedOutError } from '@webwallet/protocol/errors'
import type { LoginStorage } from './loginStorage'
import {
  fetchMarket,
  jsonSafeCalls,
  type Market,
  parseNames,
  parseReview,
  type TransactionReview,
} from './market'

/** The account as the server describes it. */
export interface Account {
  email: string
  address: string
  chainId: string
  deployed: boolean
  balances: { STRK: string; ETH: string }
  /** The paymaster's gas tokens: the only tokens a session's fee caps may name (absent: not checked here). */
  feeTokens?: string[]
}

/** How the simulator answers a prompt for the user: show it (`manual`), yes, no, or a coded failure. */
export type HandsFreeDecision =
  | { answer: 'manual' | 'approve' | 'reject' }
  | { answer: 'fail'; code: string; message?: string }

const isDecision = (value: unknown): value is HandsFreeDecision => {
  const answer = (value as { answer?: unknown } | null)?.answer
  if (answer === 'fail') return typeof (value as { code?: unknown }).code === 'string'
  return answer === 'manual' || answer === 'approve' || answer === 'reject'
}

/** A login or validation failure the screens show as is. */
export class ApiMessageError extends Error {
  override name = 'ApiMessageError'
}

export interface WalletApiOptions {
  /** The wallet server, '' for the page's own origin. */
  baseUrl?: string
  storage: LoginStorage
  fetch?: typeof fetch
}

/**
 * @example
 * const api = createWalletApi({ storage: loginStorage(localStorage) })
 * await api.startLogin('ann@example.com')
 */
export function createWalletApi(options: WalletApiOptions) {
  const base = options.baseUrl ?? ''
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis)

  async function request<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const token = options.storage.read()?.token
    const headers: Record<string, string> = { 'content-type': 'application/json' }
    if (token !== undefined) headers.authorization = `Bearer ${token}`
    const response = await doFetch(`${base}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    if (response.status === 204) return undefined as T
    const json: unknown = await response.json().catch(() => ({}))
    if (response.ok) return json as T
    const message = (json as { message?: unknown }).message
    // The stored token is no longer valid: the app sees starknetkit's USER_LOGGED_OUT.
    if (response.status === 401 && path.startsWith('/wallet/')) throw new UserLoggedOutError()
    if (response.status === 422) throw parseError(json)
    throw new ApiMessageError(typeof message === 'string' ? message : `HTTP ${response.status}`)
  }

  // The simulator's chain id never changes while the page lives (devnet_restart keeps it): ask once.
  let chainId: Promise<string> | undefined
  const fetchChainId = () => {
    chainId ??= request<{ chainId: string }>('GET', '/wallet/api/chainId').then(
      (answer) => answer.chainId,
      (error: unknown) => {
        chainId = undefined
        throw error
      },
    )
    return chainId
  }

  return {
    isLoggedIn: () => options.storage.read() !== undefined,
    email: () => options.storage.read()?.email,
    startLogin: (email: string) => request<{ expiresAt: number }>('POST', '/login/start', { email }),
    async verifyLogin(email: string, code: string): Promise<void> {
      const { token } = await request<{ token: string }>('POST', '/login/verify', { email, code })
      options.storage.write({ token, email: email.toLowerCase() })
    },
    async logout(): Promise<void> {
      try {
        await request('POST', '/login/logout')
      } finally {
        options.storage.clear()
      }
    },
    /**
     * Logs the simulator's `--email` user in without a code when it allows it (`--approve auto`) for the
     * dapp at `origin` (the server refuses dapps that are not allowed exactly: any site may embed this page).
     */
    async devLogin(origin: string): Promise<boolean> {
      try {
        const login = await request<{ token: string; email: string }>('POST', '/wallet/api/devLogin', {
          origin,
        })
        options.storage.write(login)
        return true
      } catch {
        return false
      }
    },
    /**
     * Whether the simulator answers the next prompt of the dapp at `origin` for the user (`--approve
     * auto|reject`, a test's one-shot answer); `manual` (show the screen) whenever it cannot say.
     */
    async decide(origin: string): Promise<HandsFreeDecision> {
      try {
        const answer = await request<HandsFreeDecision>('POST', '/wallet/api/decide', { origin })
        return isDecision(answer) ? answer : { answer: 'manual' }
      } catch {
        return { answer: 'manual' }
      }
    },
    /**
     * getLoginStatus for the app at `origin`, as the server sees the stored login. A login the server no
     * longer honours (expired, logged out, unknown) is forgotten: `{isLoggedIn: false}`, and the next
     * request that needs the user shows the login screen.
     */
    async loginStatus(origin: string): Promise<LoginStatus> {
      if (options.storage.read() === undefined) return { isLoggedIn: false }
      let answer: unknown
      try {
        answer = await request('GET', `/wallet/api/loginStatus?origin=${encodeURIComponent(origin)}`)
      } catch (error) {
        if (!isWebWalletError(error, 'USER_LOGGED_OUT')) throw error
        answer = { isLoggedIn: false }
      }
      const status = LoginStatusSchema.safeParse(answer)
      if (!status.success) throw new ApiMessageError('The wallet server answered an invalid login status')
      if (!status.data.isLoggedIn) options.storage.clear()
      return status.data
    },
    account: () => request<Account>('GET', '/wallet/api/account'),
    chainId: fetchChainId,
    isConnected: async (origin: string) =>
      (
        await request<{ connected: boolean }>(
          'GET',
          `/wallet/api/permissions?origin=${encodeURIComponent(origin)}`,
        )
      ).connected,
    connect: (origin: string) =>
      request<{ account: string[]; chainId: string }>('POST', '/wallet/api/connect', { origin }),
    signTypedData: async (origin: string, typedData: TypedData) =>
      (await request<{ signature: string[] }>('POST', '/wallet/api/signTypedData', { origin, typedData }))
        .signature,
    signSession: (origin: string, request_: SessionSignRequest) =>
      request<SessionSignResult>('POST', '/wallet/api/signSession', { origin, request: request_ }),
    execute: async (origin: string, calls: Call[]) =>
      (
        await request<{ transactionHash: string }>('POST', '/wallet/api/execute', {
          origin,
          calls: jsonSafeCalls(calls),
        })
      ).transactionHash,
    /** The fee `calls` would cost and the called contracts' names; nothing is signed. */
    review: async (origin: string, calls: Call[]): Promise<TransactionReview> =>
      parseReview(await request('POST', '/wallet/api/review', { origin, calls: jsonSafeCalls(calls) })),
    /** The class names of the contracts at `addresses` the chain knows, by address. */
    contractNames: async (addresses: string[]): Promise<Record<string, string>> =>
      parseNames(await request('POST', '/wallet/api/contractNames', { addresses })),
    /** Token symbols, decimals and USD prices from the portfolio backend (no login token sent there). */
    market: (): Promise<Market> => fetchMarket(doFetch, base),
    deploymentData: (origin: string) =>
      request<DeploymentData>('GET', `/wallet/api/deploymentData?origin=${encodeURIComponent(origin)}`),
  }
}

export type WalletApi = ReturnType<typeof createWalletApi>
