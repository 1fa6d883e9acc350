// The wallet UI's client of its server: e-mail login (/login), the wallet API (/wallet/api) and the
// backend's token prices (/v1). The server holds the keys; the UI calls the signing routes only after the
// user approved on screen. Every answer is checked by protocol's schemas before anything shows it.
import type {
  Call,
  DeploymentData,
  LoginStatus,
  SessionSignRequest,
  SessionSignResult,
  TypedData,
} from '@webwallet/protocol'
import { addressKey, PriceListSchema, TokenInfoListSchema, toHex } from '@webwallet/protocol'
import {
  HttpError,
  isWebWalletError,
  parseError,
  ServiceUnreachableError,
  UserLoggedOutError,
} from '@webwallet/protocol/errors'
import { walletPage } from '@webwallet/protocol/services'
import * as z from 'zod/mini'
import type { Market, MarketToken } from '../core'
import type { LoginStorage } from './loginStorage'

/** The account as the server describes it (its balances, fee defaults and the paymaster's gas tokens). */
export type Account = walletPage.account.Response

/** The approval policy's decision for one prompt, as the page reads it (the server's `ApprovalDecision`). */
export type ApprovalDecision = walletPage.decide.Response
/** @deprecated Renamed {@link ApprovalDecision}, the approval policy's word. */
export type HandsFreeDecision = ApprovalDecision
/** What the review screen shows beside the calls (protocol's contract of `POST /wallet/api/review`). */
export type TransactionReview = walletPage.review.Response
/** Why the transaction would not go through (the review's `fee` then). */
export type ReviewFailure = walletPage.review.Failure

// The login service's answers (/login, beside the wallet API).
const LoginStarted = z.object({ expiresAt: z.number() })
const LoginVerified = z.object({ token: z.string() })

/**
 * `json` read by the route's answer schema (protocol's `walletPage`), or HttpError (HTTP_ERROR, the answer's
 * status, the first issue in `data.body`) when the server answered something else: nothing the screens show
 * is taken from an answer unchecked.
 */
export function parseAnswer<S extends z.ZodMiniType>(
  schema: S,
  json: unknown,
  what: string,
  status = 200,
): z.output<S> {
  const parsed = schema.safeParse(json)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  throw new HttpError(`The wallet server answered an invalid ${what}`, status, {
    path: issue?.path.map(String) ?? [],
    message: issue?.message,
  })
}

/** A login or validation failure the screens show as is. */
export class ApiMessageError extends Error {
  override name = 'ApiMessageError'
}

export interface PageClientOptions {
  /** The wallet server, '' for the page's own origin. */
  baseUrl?: string
  storage: LoginStorage
  fetch?: typeof fetch
}

/** One request to the wallet server: the answer's JSON (undefined for 204), or the coded error it answered. */
type Request = (method: 'GET' | 'POST', path: string, body?: unknown) => Promise<unknown>

/** `path?origin=…`: the routes that answer about one dapp. */
const forOrigin = (path: string, origin: string) => `${path}?origin=${encodeURIComponent(origin)}`

/** Requests with the stored login's Bearer token; the server's refusals become coded errors. */
function requester(options: PageClientOptions, doFetch: typeof fetch): Request {
  const base = options.baseUrl ?? ''
  return async (method, path, body) => {
    const token = options.storage.read()?.token
    const headers: Record<string, string> = { 'content-type': 'application/json' }
    if (token !== undefined) headers.authorization = `Bearer ${token}`
    const url = `${base}${path}`
    // No answer at all (the wallet's server is down): SERVICE_UNREACHABLE reaches the app, not 'Unknown error'.
    const response = await doFetch(url, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }).catch((cause: unknown) => {
      throw new ServiceUnreachableError('wallet', new URL(url, globalThis.location?.href).href, { cause })
    })
    if (response.status === 204) return undefined
    const json: unknown = await response.json().catch(() => ({}))
    if (response.ok) return json
    const message = (json as { message?: unknown }).message
    // The stored token is no longer valid: the app sees starknetkit's USER_LOGGED_OUT.
    if (response.status === 401 && path.startsWith('/wallet/')) throw new UserLoggedOutError()
    if (response.status === 422) throw parseError(json)
    throw new ApiMessageError(typeof message === 'string' ? message : `HTTP ${response.status}`)
  }
}

/** The login: e-mail and code, the hands-free user's login, the status a dapp asks for, logout. */
function loginCalls(request: Request, storage: LoginStorage) {
  return {
    isLoggedIn: () => storage.read() !== undefined,
    email: () => storage.read()?.email,
    startLogin: async (email: string) =>
      parseAnswer(LoginStarted, await request('POST', '/login/start', { email }), 'login start'),
    async verifyLogin(email: string, code: string): Promise<void> {
      const answer = await request('POST', '/login/verify', { email, code })
      const { token } = parseAnswer(LoginVerified, answer, 'login')
      storage.write({ token, email: email.toLowerCase() })
    },
    async logout(): Promise<void> {
      try {
        await request('POST', '/login/logout')
      } finally {
        storage.clear()
      }
    },
    /**
     * Logs the simulator's `--email` user in without a code when it allows it (`--approve auto`) for the
     * dapp at `origin` (the server refuses dapps that are not allowed exactly: any site may embed this page).
     * Asks whether it would first, so the page tries only what the server honours.
     */
    async devLogin(origin: string): Promise<boolean> {
      try {
        // Asked first (always 200): a normal open, where the server would refuse, makes no failing request.
        const { available } = parseAnswer(
          walletPage.devLoginAvailable.Response,
          await request('GET', forOrigin(walletPage.devLoginAvailable.path, origin)),
          'automatic login',
        )
        if (!available) return false
        const answer = await request('POST', walletPage.devLogin.path, {
          origin,
        } satisfies walletPage.devLogin.Request)
        storage.write(parseAnswer(walletPage.devLogin.Response, answer, 'login'))
        return true
      } catch {
        return false
      }
    },
    /**
     * getLoginStatus for the app at `origin`, as the server sees the stored login. A login the server no
     * longer honours (expired, logged out, unknown) is forgotten: `{isLoggedIn: false}`, and the next
     * request that needs the user shows the login screen.
     */
    async loginStatus(origin: string): Promise<LoginStatus> {
      if (storage.read() === undefined) return { isLoggedIn: false }
      let answer: unknown
      try {
        answer = await request('GET', forOrigin(walletPage.loginStatus.path, origin))
      } catch (error) {
        if (!isWebWalletError(error, 'USER_LOGGED_OUT')) throw error
        answer = { isLoggedIn: false }
      }
      const status = parseAnswer(walletPage.loginStatus.Response, answer, 'login status')
      if (!status.isLoggedIn) storage.clear()
      return status
    },
  }
}

/** The account, the chain, the dapps the user connected, and the approval policy's answer for a prompt. */
function accountCalls(request: Request) {
  // The simulator's chain id never changes while the page lives (devnet_restart keeps it): ask once.
  let chainId: Promise<string> | undefined
  return {
    /** The account; with `origin`, also whether the user connected it (`connected`), in the same request. */
    account: async (origin?: string): Promise<Account> => {
      const path = origin === undefined ? walletPage.account.path : forOrigin(walletPage.account.path, origin)
      return parseAnswer(walletPage.account.Response, await request('GET', path), 'account')
    },
    chainId: (): Promise<string> => {
      chainId ??= request('GET', walletPage.chainId.path).then(
        (answer) => parseAnswer(walletPage.chainId.Response, answer, 'chain id').chainId,
        (error: unknown) => {
          chainId = undefined
          throw error
        },
      )
      return chainId
    },
    isConnected: async (origin: string): Promise<boolean> => {
      const answer = await request('GET', forOrigin(walletPage.permissions.path, origin))
      return parseAnswer(walletPage.permissions.Response, answer, 'permission').connected
    },
    connect: async (origin: string): Promise<walletPage.connect.Response> => {
      const answer = await request('POST', walletPage.connect.path, {
        origin,
      } satisfies walletPage.connect.Request)
      return parseAnswer(walletPage.connect.Response, answer, 'connection')
    },
    /** Forgets the user's connection of `origin` (its sessions stay until they are revoked or expire). */
    disconnect: async (origin: string): Promise<void> => {
      await request('POST', walletPage.disconnect.path, { origin } satisfies walletPage.disconnect.Request)
    },
    deploymentData: async (origin: string): Promise<DeploymentData> => {
      const answer = await request('GET', forOrigin(walletPage.deploymentData.path, origin))
      return parseAnswer(walletPage.deploymentData.Response, answer, 'deployment data')
    },
    /**
     * Whether the simulator answers the next prompt of the dapp at `origin` for the user (`--approve
     * auto|reject`, a test's one-shot answer); `manual` (show the screen) whenever it cannot say.
     * USER_LOGGED_OUT when the server no longer honours the stored login (it took no answer then),
     * SERVICE_UNREACHABLE when it does not answer at all.
     */
    async decide(origin: string): Promise<ApprovalDecision> {
      try {
        const answer = await request('POST', walletPage.decide.path, {
          origin,
        } satisfies walletPage.decide.Request)
        const decision = walletPage.decide.Response.safeParse(answer)
        return decision.success ? decision.data : { answer: 'manual' }
      } catch (error) {
        // A login the server dropped, or no server at all, is the request's answer; a screen would not help.
        if (isWebWalletError(error, 'USER_LOGGED_OUT') || isWebWalletError(error, 'SERVICE_UNREACHABLE'))
          throw error
        return { answer: 'manual' }
      }
    },
  }
}

/** What the user approved on screen, signed and sent by the server. */
function signingCalls(request: Request) {
  return {
    signTypedData: async (origin: string, typedData: TypedData): Promise<string[]> => {
      const body: walletPage.signTypedData.Request = { origin, typedData }
      const answer = await request('POST', walletPage.signTypedData.path, body)
      return parseAnswer(walletPage.signTypedData.Response, answer, 'signature').signature
    },
    signSession: async (origin: string, request_: SessionSignRequest): Promise<SessionSignResult> => {
      const body: walletPage.signSession.Request = { origin, request: request_ }
      const answer = await request('POST', walletPage.signSession.path, body)
      return parseAnswer(walletPage.signSession.Response, answer, 'session signature')
    },
    execute: async (origin: string, calls: Call[]): Promise<string> => {
      const body: walletPage.execute.Request = { origin, calls: jsonSafeCalls(calls) }
      const answer = await request('POST', walletPage.execute.path, body)
      return parseAnswer(walletPage.execute.Response, answer, 'transaction').transactionHash
    },
  }
}

/** What the screens show before the user decides (nothing signed), and the Connected apps page. */
function screenCalls(request: Request, market: () => Promise<Market>) {
  return {
    /** The fee `calls` would cost and the called contracts' names; nothing is signed. */
    review: async (origin: string, calls: Call[]): Promise<TransactionReview> => {
      const body: walletPage.review.Request = { origin, calls: jsonSafeCalls(calls) }
      return parseAnswer(
        walletPage.review.Response,
        await request('POST', walletPage.review.path, body),
        'review',
      )
    },
    /** The class names of the contracts at `addresses` the chain knows, by address. */
    contractNames: async (addresses: string[]): Promise<Record<string, string>> => {
      const body: walletPage.contractNames.Request = { addresses }
      const answer = await request('POST', walletPage.contractNames.path, body)
      return parseAnswer(walletPage.contractNames.Response, answer, 'contract names').contracts
    },
    /** Token symbols, decimals and USD prices from the portfolio backend (no login token sent there). */
    market,
    /** The Connected apps page: the apps the user connected or signed sessions for, with their sessions. */
    apps: async (): Promise<walletPage.apps.Response['apps']> =>
      parseAnswer(walletPage.apps.Response, await request('GET', walletPage.apps.path), 'app list').apps,
    /** Revokes one of the user's sessions (at the cosigner, and on chain once the account is deployed). */
    revokeSession: async (sessionHash: string): Promise<walletPage.revokeSession.Response> => {
      const body: walletPage.revokeSession.Request = { sessionHash }
      const answer = await request('POST', walletPage.revokeSession.path, body)
      return parseAnswer(walletPage.revokeSession.Response, answer, 'revocation')
    },
  }
}

/**
 * @example
 * const api = createPageClient({ storage: loginStorage(localStorage) })
 * await api.startLogin('ann@example.com')
 */
export function createPageClient(options: PageClientOptions) {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis)
  const request = requester(options, doFetch)
  return {
    ...loginCalls(request, options.storage),
    ...accountCalls(request),
    ...signingCalls(request),
    ...screenCalls(request, () => fetchMarket(doFetch, options.baseUrl ?? '')),
  }
}

export type PageClient = ReturnType<typeof createPageClient>
/** @deprecated Renamed `createPageClient`. */
export const createWalletApi = createPageClient
/** @deprecated Renamed `PageClient`. */
export type WalletApi = PageClient
/** @deprecated Renamed `PageClientOptions`. */
export type WalletApiOptions = PageClientOptions

/** postMessage can carry bigints; JSON to the server cannot. */
export function jsonSafeCalls(calls: readonly Call[]): Call[] {
  return calls.map((call) => ({
    ...call,
    calldata: (call.calldata ?? []).map((value) => (typeof value === 'bigint' ? toHex(value) : value)),
  }))
}

/**
 * The backend's tokens with their USD prices (`ccyValue`), by address.
 *
 * @example
 * const market = await fetchMarket(fetch, '')
 * market.get(addressKey(STRK))?.usd // 0.3
 */
export async function fetchMarket(doFetch: typeof fetch, base: string): Promise<Market> {
  const get = async (path: string) => {
    const response = await doFetch(`${base}/v1/${path}?chain=starknet`)
    if (!response.ok) throw new Error(`The price service answered HTTP ${response.status}`)
    return response.json() as Promise<unknown>
  }
  const [tokens, prices] = await Promise.all([get('tokens/info'), get('tokens/prices')])
  const tokenList = TokenInfoListSchema.safeParse(tokens)
  const priceList = PriceListSchema.safeParse(prices)
  if (!tokenList.success || !priceList.success) throw new Error('The price service answered invalid prices')
  const usd = new Map(priceList.data.prices.map((price) => [price.pricingId, Number(price.ccyValue)]))
  const market = new Map<string, MarketToken>()
  for (const token of tokenList.data.tokens) {
    const price = token.pricingId === undefined ? undefined : usd.get(token.pricingId)
    market.set(addressKey(token.address), {
      symbol: token.symbol,
      decimals: token.decimals,
      ...(price !== undefined && Number.isFinite(price) ? { usd: price } : {}),
    })
  }
  return market
}
