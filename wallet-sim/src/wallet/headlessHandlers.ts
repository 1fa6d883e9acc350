// The wallet router's handlers for headless clients (WebSocket): the logged-in user comes from the
// connection (a login token, or the simulator's `--email` user) and the approval policy answers for them.
import type { ModalEvent, TypedData } from '@webwallet/protocol'
import {
  ConnectAndSignSessionError,
  ConnectorNotConnectedError,
  UserLoggedOutError,
  UserRejectedError,
} from '@webwallet/protocol/errors'
import type { WalletContext, WalletHandlers } from '@webwallet/protocol/router'
import type { LoginService } from '../services/login/LoginService'
import type { User } from '../services/login/state'
import type { ApprovalQueue, PendingApproval } from './approvals'
import { isSessionTypedData } from './sessions'
import { toFeltCalls, type WalletService } from './WalletService'

/** A WebSocket connection's context: the dapp origin and, when given, the login token. */
export interface HeadlessContext extends WalletContext {
  token?: string | undefined
  /** A browser page from a host outside the allow-list: without a token it is logged out, never `--email`. */
  foreignPage?: boolean | undefined
}

export interface HeadlessDependencies {
  wallet: WalletService
  login: Pick<LoginService, 'tokenStatus' | 'ensureUser'>
  approvals: ApprovalQueue
  /** The user logged in without a code (`--email`), used when a connection brings no token. */
  defaultEmail?: () => string | undefined
}

const tokenOf = (ctx: WalletContext): string | undefined =>
  'token' in ctx && typeof ctx.token === 'string' ? ctx.token : undefined
const isForeignPage = (ctx: WalletContext): boolean => 'foreignPage' in ctx && ctx.foreignPage === true

/**
 * Builds the headless handlers.
 *
 * @example
 * const router = createWalletRouter(createHeadlessHandlers({ wallet, login, approvals, defaultEmail: () => email }))
 */
export function createHeadlessHandlers(deps: HeadlessDependencies): WalletHandlers {
  const { wallet, approvals } = deps

  // The `--email` user is created on first use, like a first login (owner key, account, test funds).
  const userOf = async (ctx: WalletContext): Promise<User | undefined> => {
    const token = tokenOf(ctx)
    if (token !== undefined) {
      const found = deps.login.tokenStatus(token)
      // An unknown, logged-out or expired token: the client sees starknetkit's USER_LOGGED_OUT (it forgets the
      // wallet when a wallet_* request answers it).
      if (found.status !== 'active') throw new UserLoggedOutError()
      return found.user
    }
    // Any web page can open a WebSocket to localhost: only the allowed hosts' pages may act as `--email`.
    if (isForeignPage(ctx)) throw new UserLoggedOutError()
    const email = deps.defaultEmail?.()
    return email === undefined ? undefined : deps.login.ensureUser(email)
  }
  const requireUser = async (ctx: WalletContext): Promise<User> => {
    const user = await userOf(ctx)
    if (user === undefined) throw new ConnectorNotConnectedError()
    return user
  }
  // A foreign page (any site can open a WebSocket to localhost) is never answered by the policy, not even
  // with a valid login token: it waits for a manual answer, as a wallet screen would make it.
  const ask = (kind: PendingApproval['kind'], ctx: WalletContext, details: unknown, connectAndSign = false) =>
    approvals.ask({ kind, origin: ctx.origin, details }, { trusted: !isForeignPage(ctx), connectAndSign })

  /** Connects the origin (asking first unless it is connected); undefined when there is no user. */
  const connect = async (ctx: WalletContext): Promise<User | undefined> => {
    const user = await userOf(ctx)
    if (user === undefined) return undefined
    if (wallet.isConnected(user, ctx.origin)) return user
    if (!(await ask('connect', ctx, { account: user.account.address }))) throw new UserRejectedError()
    wallet.connect(user, ctx.origin)
    return user
  }
  const connectResult = async (ctx: WalletContext) => {
    const user = await connect(ctx)
    return user === undefined ? {} : { account: [user.account.address], chainId: wallet.chainId }
  }
  const sign = async ([typedData]: [TypedData], ctx: WalletContext) => {
    const user = await requireUser(ctx)
    // Refused before any prompt, as the wallet page refuses it before its screen.
    wallet.checkTypedData(typedData)
    if (!(await ask(isSessionTypedData(typedData) ? 'signSession' : 'signTypedData', ctx, typedData))) {
      throw new UserRejectedError()
    }
    return wallet.signTypedData(user, typedData, ctx.origin)
  }

  return {
    authorize: async (_input, ctx) => (await connect(ctx)) !== undefined,
    connect: (_input, ctx) => connectResult(ctx),
    connectWebwallet: (_input, ctx) => connectResult(ctx),
    connectWebwalletSSO: ({ token }, ctx) => {
      const withToken: HeadlessContext = { ...ctx, token }
      return connectResult(withToken)
    },
    enable: async (_input, ctx) => {
      const user = await connect(ctx)
      if (user === undefined) throw new ConnectorNotConnectedError()
      return user.account.address
    },
    getLoginStatus: async (_input, ctx) => {
      const token = tokenOf(ctx)
      // A status probe does not fail for a logged-out user (expired, logged-out or unknown token), as on the
      // wallet page; the calls that need the user still answer USER_LOGGED_OUT.
      if (token !== undefined && deps.login.tokenStatus(token).status !== 'active')
        return { isLoggedIn: false }
      if (token === undefined && isForeignPage(ctx)) return { isLoggedIn: false }
      const user = await userOf(ctx)
      return user === undefined ? { isLoggedIn: false } : wallet.loginStatus(user, ctx.origin)
    },
    requestAccounts: async (input, ctx) => {
      const user = await userOf(ctx)
      if (user !== undefined && wallet.isConnected(user, ctx.origin)) return [user.account.address]
      if (input?.silent_mode) return []
      const connected = await connect(ctx)
      return connected === undefined ? [] : [connected.account.address]
    },
    requestChainId: () => wallet.chainId,
    getPermissions: async (_input, ctx) => {
      const user = await userOf(ctx)
      return user !== undefined && wallet.isConnected(user, ctx.origin) ? ['accounts'] : []
    },
    signTypedData: sign,
    signMessage: sign,
    connectAndSignSession: async (request, ctx) => {
      const user = await userOf(ctx)
      if (user === undefined) throw new ConnectAndSignSessionError('Not logged in', 'GENERIC_ERROR')
      if (!(await ask('signSession', ctx, request, true))) {
        throw new ConnectAndSignSessionError('User rejected request', 'USER_REJECTED')
      }
      const result = await wallet.signSession(user, request, ctx.origin)
      wallet.connect(user, ctx.origin)
      return result
    },
    addInvokeTransaction: async (input, ctx) => {
      const user = await requireUser(ctx)
      const calls = Array.isArray(input) ? input : [input]
      toFeltCalls(calls)
      if (!(await ask('execute', ctx, calls))) throw new UserRejectedError()
      return wallet.execute(user, calls)
    },
    execute: async ([calls], ctx) => {
      const user = await requireUser(ctx)
      const list = Array.isArray(calls) ? calls : [calls]
      toFeltCalls(list)
      if (!(await ask('execute', ctx, list))) throw new UserRejectedError()
      return wallet.execute(user, list)
    },
    // The address, class hash and salt reveal the user: only to an origin they connected.
    deploymentData: async (_input, ctx) => wallet.deploymentData(await requireUser(ctx), ctx.origin),
    updateModal: (_ctx, signal) => noModal(signal),
  }
}

// A headless client has no modal: the subscription stays open and silent until the client stops it.
async function* noModal(signal: AbortSignal | undefined): AsyncIterable<ModalEvent> {
  if (signal === undefined || signal.aborted) return
  await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }))
}
