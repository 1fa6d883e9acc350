// The headless mode of the wallet core (WebSocket and HTTP tRPC clients): the logged-in user comes from the
// connection (a login token, or the simulator's `--email` user), the approval queue and its policy answer
// for them, and WalletService runs in process as its backend.

import { UserLoggedOutError } from '@webwallet/protocol/errors'
import type { WalletContext, WalletHandlers } from '@webwallet/protocol/router'
import type { LoginService } from '../../services/login/LoginService'
import type { User } from '../../services/login/state'
import { createWalletHandlers, type WalletBackend, type WalletMode } from '../core'
import type { WalletService } from '../server/WalletService'
import type { ApprovalQueue } from './approvals'

/** A WebSocket connection's context: the dapp origin and, when given, the login token. */
export interface HeadlessContext extends WalletContext {
  token?: string | undefined
  /** A browser page from a host outside the allow-list: without a token it is logged out, never `--email`. */
  foreignPage?: boolean | undefined
  /**
   * The signal of the call being handled, where the wire's own `signal` misses how a call ends: over
   * WebSocket, tRPC aborts a query's or mutation's signal neither on a stop message by its id nor on the
   * socket's close (ws.ts keeps its own per connection, wsCalls.ts). Read within the call.
   */
  callSignal?: (() => AbortSignal | undefined) | undefined
}

export interface HeadlessDependencies {
  wallet: WalletService
  login: Pick<LoginService, 'tokenStatus' | 'ensureUser' | 'logout'>
  approvals: ApprovalQueue
  /** The user logged in without a code (`--email`), used when a connection brings no token. */
  defaultEmail?: () => string | undefined
}

const tokenOf = (ctx: WalletContext): string | undefined =>
  'token' in ctx && typeof ctx.token === 'string' ? ctx.token : undefined
const isForeignPage = (ctx: WalletContext): boolean => 'foreignPage' in ctx && ctx.foreignPage === true

/**
 * Fires when the client gave up on this call: the wire's signal (a dropped HTTP request; a stop over the
 * envelope server) or the WebSocket call's own (a stop by its id, a closed socket).
 */
function givenUp(ctx: WalletContext): AbortSignal | undefined {
  const call = 'callSignal' in ctx && typeof ctx.callSignal === 'function' ? ctx.callSignal() : undefined
  const signals = [ctx.signal, call].filter((signal): signal is AbortSignal => signal instanceof AbortSignal)
  return signals.length > 1 ? AbortSignal.any(signals) : signals[0]
}

/** The wallet backend over `wallet`, in process. */
function createServiceBackend(wallet: WalletService): WalletBackend<User> {
  return {
    address: (account) => account.account.address,
    chainId: async () => wallet.chainId,
    isConnected: async (account, origin) => wallet.isConnected(account, origin),
    connect: async (account, origin) => wallet.connect(account, origin),
    feeTokens: () => wallet.feeTokens,
    signTypedData: async (account, origin, typedData) => wallet.signTypedData(account, typedData, origin),
    // A signed session connects its origin, as the page's /wallet/api signSession does.
    signSession: async (account, origin, request) => {
      const result = await wallet.signSession(account, request, origin)
      wallet.connect(account, origin)
      return result
    },
    execute: (account, _origin, calls) => wallet.execute(account, calls),
    // WalletService checks the connection again.
    deploymentData: async (account, origin) => wallet.deploymentData(account, origin),
  }
}

/**
 * The headless mode.
 *
 * @example
 * const router = createWalletRouter(createWalletHandlers(createHeadlessMode({ wallet, login, approvals })))
 */
export function createHeadlessMode(deps: HeadlessDependencies): WalletMode<User> {
  const { wallet, approvals } = deps
  const userOfToken = (token: string): User => {
    const found = deps.login.tokenStatus(token)
    // An unknown, logged-out or expired token: the client sees starknetkit's USER_LOGGED_OUT (it forgets the
    // wallet when a wallet_* request answers it).
    if (found.status !== 'active') throw new UserLoggedOutError()
    return found.user
  }
  // The `--email` user is created on first use, like a first login (owner key, account, test funds).
  const user = async (ctx: WalletContext): Promise<User | undefined> => {
    const token = tokenOf(ctx)
    if (token !== undefined) return userOfToken(token)
    // Any web page can open a WebSocket to localhost: only the allowed hosts' pages may act as `--email`.
    if (isForeignPage(ctx)) throw new UserLoggedOutError()
    const email = deps.defaultEmail?.()
    return email === undefined ? undefined : deps.login.ensureUser(email)
  }

  return {
    user,
    // No screen to log in on: a connection's login is its token (or `--email`), so nobody can log in here.
    logIn: async () => undefined,
    // The client is the user's own program: its token is its login, as a token on the connection is.
    ssoUser: async (token) => userOfToken(token),
    // A foreign page (any site can open a WebSocket to localhost) is never answered by the policy, not even
    // with a valid login token: it waits for a manual answer, as a wallet screen would make it. A client that
    // gives up takes its pending approval with it (a refusal, as a timeout is).
    approve: (prompt, ctx, options) => {
      if (prompt.kind === 'login') return Promise.resolve(false)
      return approvals.ask(prompt, {
        origin: ctx.origin,
        trusted: !isForeignPage(ctx),
        connectAndSign: options?.connectAndSign === true,
        signal: givenUp(ctx),
      })
    },
    // A connection's login is its token; the `--email` user has none to end (the server logs it in again).
    logOut: async (ctx) => {
      const token = tokenOf(ctx)
      if (token === undefined || deps.login.tokenStatus(token).status !== 'active') return false
      deps.login.logout(token)
      return true
    },
    loginStatus: async (ctx) => {
      // A status probe does not fail for a logged-out user (expired, logged-out or unknown token), as on the
      // wallet page; the calls that need the user still answer USER_LOGGED_OUT.
      const token = tokenOf(ctx)
      if (token !== undefined && deps.login.tokenStatus(token).status !== 'active')
        return { isLoggedIn: false }
      if (token === undefined && isForeignPage(ctx)) return { isLoggedIn: false }
      const account = await user(ctx)
      return account === undefined ? { isLoggedIn: false } : wallet.loginStatus(account, ctx.origin)
    },
    backend: createServiceBackend(wallet),
  }
}

/**
 * The wallet router's handlers for headless clients (WebSocket, HTTP): the one wallet core over the headless
 * mode.
 *
 * @example
 * const router = createWalletRouter(createHeadlessHandlers({ wallet, login, approvals, defaultEmail: () => email }))
 */
export function createHeadlessHandlers(deps: HeadlessDependencies): WalletHandlers {
  return createWalletHandlers(createHeadlessMode(deps))
}
