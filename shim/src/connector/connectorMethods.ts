import { PERMISSION_ACCOUNTS } from '@webwallet/protocol/constants'
import {
  ConnectionFailedError,
  ConnectorNotConnectedError,
  isWebWalletError,
  ValidationError,
} from '@webwallet/protocol/errors'
import type { CallLimits } from '../messenger/link'
import { type Grant, isStringArray } from './grant'
import { isQuiet, routeRequest, type WalletRequest } from './request'
import { readSessionResult, type SessionSignRequest, type SessionSignResult, sessionError } from './session'
import { starknetkitSessionError } from './starknetkitErrors'
import { WALLET_READ_TIMEOUT_MS, type WalletRequests } from './walletRequests'

/** What `connect()` returns: the wallet's accounts and chain id. */
export type ConnectResult = { account: string[]; chainId: string }

/** What the connects read of the connector's options. */
export type ConnectOptions = {
  theme?: 'light' | 'dark' | 'auto' | undefined
  ssoToken?: string | undefined
  authorizedPartyId?: string | undefined
}

/**
 * The connector's connects and their ending: connect, connectAndSignSession, close, logout, disconnect.
 *
 * @example
 * const { connect } = connectMethods(requests, grant, { theme: 'dark' })
 */
export function connectMethods(requests: WalletRequests, grant: Grant, options: ConnectOptions) {
  return {
    /**
     * Logs in through the wallet and stores the first account; 'connection failed' on other errors than
     * the user's refusal, a blocked popup, an unreachable wallet, a timeout (default 10 min) or an abort.
     */
    async connect(limits?: CallLimits): Promise<ConnectResult> {
      const { ssoToken, authorizedPartyId } = options
      const pending =
        ssoToken === undefined
          ? requests.invoke(
              { procedure: 'connectWebwallet', input: { theme: options.theme ?? 'dark' } },
              limits,
            )
          : requests.invoke(
              { procedure: 'connectWebwalletSSO', input: { token: ssoToken, authorizedPartyId } },
              limits,
            )
      let result: ConnectResult
      try {
        result = readConnectResult(await pending)
      } catch (error) {
        if (isWebWalletError(error) && PASS_THROUGH.has(error.code)) throw error
        throw new ConnectionFailedError({ cause: error })
      }
      grant.setChainId(result.chainId)
      grant.setAccounts(result.account)
      grant.save(result.account[0] as string, result.chainId)
      requests.watch()
      return result
    },

    /**
     * Closes the wallet's iframe, popup or WebSocket (a pending request rejects) and keeps the wallet's grant
     * remembered: `ready()` answers as after a reload, and the next request opens the wallet again.
     */
    close: async () => requests.close(),

    /**
     * Logs the user out of the wallet (no prompt; a popup opens and closes, the login lives in the wallet's
     * storage) and forgets the grant, as the wallet's pushed logout would; true when a login ended. 20 s unless
     * `limits` say otherwise.
     */
    async logout(limits?: CallLimits): Promise<boolean> {
      const call = { procedure: 'logout', input: undefined } as const
      const ended = await requests.invoke(call, { timeoutMs: WALLET_READ_TIMEOUT_MS, ...limits })
      grant.forget()
      return ended === true
    },

    /** Forgets the wallet and the account and removes the last-connected-wallet key. */
    async disconnect(): Promise<void> {
      requests.close()
      grant.forget()
    },

    /**
     * Connects and signs a session in one wallet step. The wallet's refusal is starknetkit's
     * ConnectAndSignSessionError (`code` the wallet's, our CONNECT_AND_SIGN_SESSION as `cause`).
     */
    async connectAndSignSession(
      request: SessionSignRequest,
      limits?: CallLimits,
    ): Promise<SessionSignResult> {
      let result: SessionSignResult
      try {
        result = readSessionResult(
          await requests.invoke({ procedure: 'connectAndSignSession', input: request }, limits),
        )
      } catch (error) {
        throw starknetkitSessionError(sessionError(error))
      }
      if (result.chainId) grant.setChainId(result.chainId)
      if (result.account?.length) grant.setAccounts(result.account)
      requests.watch()
      return result
    },
  }
}

/**
 * The connector's questions to the wallet: ready, account, chainId and the wallet API's request.
 *
 * @example
 * const { request } = askMethods(requests, grant)
 */
export function askMethods(requests: WalletRequests, grant: Grant) {
  return {
    /**
     * True when the wallet grants `accounts`: an iframe or socket this page already asked is asked again (false
     * on any error, within 20 s); otherwise (popup, or after a reload) the last connect's remembered grant
     * answers. Opens no window.
     */
    async ready(limits?: CallLimits): Promise<boolean> {
      const wallet = requests.wallet()
      if (!wallet || wallet.kind === 'popup' || !requests.asked()) return grant.account !== undefined
      try {
        const call = { procedure: 'getPermissions', input: undefined } as const
        const permissions = await requests.invoke(call, limits, false)
        return Array.isArray(permissions) && permissions.includes(PERMISSION_ACCOUNTS)
      } catch {
        return false
      }
    },

    /** The connected account address (also the one remembered across a reload); 'Connector not connected' before. */
    async account(): Promise<string> {
      if (grant.account === undefined) throw new ConnectorNotConnectedError()
      return grant.account
    },

    /**
     * The wallet's chain id: asked again over the iframe or socket (networkChanged fires when it differs),
     * the one of the connect with the popup.
     */
    async chainId(limits?: CallLimits): Promise<string> {
      if (grant.account === undefined) throw new ConnectorNotConnectedError()
      const next = await requests.quiet({ procedure: 'requestChainId', input: undefined }, limits)
      if (typeof next !== 'string') throw new ConnectionFailedError()
      grant.setChainId(next)
      return next
    },

    /**
     * Serves one `wallet_*` request of docs/protocol.md, Procedures. Read-only ones (silent accounts, chain id,
     * permissions) never open a popup; every request has a time limit and takes an AbortSignal.
     */
    async request(call: WalletRequest, limits?: CallLimits): Promise<unknown> {
      if (typeof call?.type !== 'string') {
        throw new ValidationError([{ path: ['type'], message: 'A request needs a string type' }])
      }
      const route = routeRequest(call)
      if ('local' in route) return route.local
      const result = isQuiet(route)
        ? await requests.quiet(route, limits)
        : await requests.invoke(route, limits)
      if (route.procedure === 'requestAccounts' && isStringArray(result) && result.length > 0)
        grant.setAccounts(result)
      if (route.procedure === 'requestChainId' && typeof result === 'string') grant.setChainId(result)
      // The router answers the hash; the wallet API wants {transaction_hash}.
      if (route.procedure === 'addInvokeTransaction') return { transaction_hash: result }
      return result
    },
  }
}

// Errors that say more than 'connection failed' and reach the caller unchanged.
const PASS_THROUGH = new Set([
  'USER_REJECTED',
  'POPUP_BLOCKED',
  'IFRAME_TIMEOUT',
  'USER_LOGGED_OUT',
  'WALLET_NOT_AVAILABLE',
  'SERVICE_UNREACHABLE',
  'OPERATION_TIMEOUT',
  'OPERATION_ABORTED',
  'VALIDATION',
])

function readConnectResult(value: unknown): ConnectResult {
  const { account, chainId } = (value ?? {}) as Partial<Record<string, unknown>>
  if (!isStringArray(account) || account.length === 0 || typeof chainId !== 'string') {
    throw new ConnectionFailedError()
  }
  return { account, chainId }
}
