import {
  CONNECTOR_VERSION,
  type EnvironmentName,
  getEnvironment,
  networkFromWalletUrl,
  PERMISSION_ACCOUNTS,
} from '@webwallet/protocol/constants'
import {
  ConnectionFailedError,
  ConnectorNotConnectedError,
  isWebWalletError,
  ValidationError,
} from '@webwallet/protocol/errors'
import type { CallLimits } from '../messenger/link'
import { type ChooseTransportOptions, chooseTransport } from '../transport/choose'
import { createEvents, type WalletEventHandlers, type WalletEventName } from './events'
import { CONNECTOR_ICON, CONNECTOR_ID, CONNECTOR_NAME, connectorSetup } from './identity'
import { type ConnectorStorage, lastConnection } from './lastConnection'
import type { WalletCall } from './procedures'
import { isQuiet, routeRequest, type WalletRequest } from './request'
import { readSessionResult, type SessionSignRequest, type SessionSignResult, sessionError } from './session'
import { starknetkitSessionError } from './starknetkitErrors'
import type { OpenTransportOptions, TransportKind, WalletTransport } from './walletTransport'

/** Options of `createConnector`. */
export type ConnectorOptions = {
  /** The hosted wallet's URL; defaults to the environment's. */
  url?: string | undefined
  environment?: EnvironmentName | undefined
  theme?: 'light' | 'dark' | 'auto' | undefined
  /** Single sign-on: connects with `connectWebwalletSSO` instead of the e-mail login. */
  ssoToken?: string | undefined
  authorizedPartyId?: string | undefined
  /** `auto` (default) follows docs/protocol.md, Connection states; `websocket` and `http` talk to wallet-sim headless. */
  transport?: 'auto' | TransportKind | undefined
  /** Shown after 'Powered by'. */
  brandName?: string | undefined
  /** Inputs of the transport choice (user agent, storage, heap limit, fetch, caches, hostname). */
  choose?: Omit<ChooseTransportOptions, 'walletUrl'> | undefined
  /**
   * Where the last connection (starknetkit's last-connected-wallet key, the account and chain id) lives;
   * `localStorage` by default. With `getItem`, a reload keeps the connector ready.
   */
  storage?: ConnectorStorage | undefined
} & Omit<OpenTransportOptions, 'walletUrl' | 'brandName'>

/** Limits of one wallet request: see {@link WALLET_READ_TIMEOUT_MS} and {@link WALLET_USER_TIMEOUT_MS}. */
export type { CallLimits }

/** Default time limit of a read-only wallet request (chain id, permissions, silent accounts). */
export const WALLET_READ_TIMEOUT_MS = 20_000
/** Default time limit of a request the user answers in the wallet (login, connect, sign, review). */
export const WALLET_USER_TIMEOUT_MS = 600_000

/** What `connect()` returns: the wallet's accounts and chain id. */
export type ConnectResult = { account: string[]; chainId: string }

export { CONNECTOR_ICON, CONNECTOR_ID, CONNECTOR_NAME }

/** Opens the wallet over one transport kind: `openTransport`, or `openWindowTransport` (iframe and popup only). */
export type OpenTransport = (kind: TransportKind, options: OpenTransportOptions) => WalletTransport

/**
 * The connector over the transports `open` reaches: `createConnector` (every kind) and
 * `createWindowConnector` (iframe and popup only, so the WebSocket and HTTP code stays out of its graph)
 * are this with their opener.
 *
 * @example
 * const connector = createConnectorWith(openWindowTransport, { environment: 'sepolia' })
 */
export function createConnectorWith(open: OpenTransport, options: ConnectorOptions) {
  const { environment } = options
  const { walletUrl, mode } = connectorSetup(options)
  // The protocol's 'Powered by Argent' for Argent's wallets; the dev environment's wallet is wallet-sim, not Argent.
  const brandName = options.brandName ?? (environment === 'dev' ? 'wallet-sim' : 'Argent')
  const events = createEvents()
  const last = lastConnection(options.storage, CONNECTOR_ID)
  let chosen = mode === 'auto' ? undefined : (mode as TransportKind)
  // Decided early, so a popup can still open synchronously inside the user's click.
  let choosing: Promise<TransportKind> | undefined
  const choice = (): Promise<TransportKind> => {
    if (chosen) return Promise.resolve(chosen)
    // The choice never fails the connector: anything unexpected falls back to the popup.
    choosing ??= chooseTransport({ ...options.choose, walletUrl }).then(
      (kind) => (chosen = kind),
      () => (chosen = 'popup'),
    )
    return choosing
  }
  if (mode === 'auto' && typeof window !== 'undefined') void choice()

  let wallet: WalletTransport | undefined
  // Whether this page has asked the wallet anything (a transport opened only to follow its pushes has not).
  let asked = false
  // The wallet's grant: from this page's connect, or remembered from before a reload.
  const restored = last.read()
  let account = restored?.account
  let chainId = restored?.chainId

  /**
   * The open transport, unless another connector of this page removed its iframe (each new wallet iframe
   * removes the old ones: React StrictMode builds a connector twice, and both may follow pushes after a
   * reload): a removed one is closed, so the next request opens the wallet again.
   */
  const live = (): WalletTransport | undefined => {
    if (wallet?.dialog?.removed()) {
      wallet.destroy()
      wallet = undefined
    }
    return wallet
  }
  const ensure = (kind: TransportKind) => {
    wallet = live() ?? open(kind, { ...options, walletUrl, brandName })
    // A connection restored from before a reload follows the wallet from its first request.
    if (account !== undefined) watch()
    return wallet
  }
  // The wallet's pushed changes (logout, another user, another chain): empty accounts void the connection.
  const watch = () =>
    wallet?.watch((value) => {
      const { type, accounts, chainId: next } = (value ?? {}) as Partial<Record<string, unknown>>
      if (!isStringArray(accounts)) return
      if (type === 'networkChanged' && typeof next === 'string') setChainId(next)
      if (accounts.length > 0) setAccounts(accounts)
      else if (account !== undefined) forget()
    })
  const close = () => {
    wallet?.destroy()
    wallet = undefined
  }
  const forget = () => {
    last.forget()
    setAccounts(undefined)
    chainId = undefined
  }
  const run = (transport: WalletTransport, call: WalletCall, limits: CallLimits, show: boolean) => {
    if (!show) return transport.mutate(call, limits).catch(loggedOut)
    transport.show(call)
    // What was shown for this request goes with it, however it ends.
    const answered = transport.mutate(call, limits)
    const announced = catchUp(transport, call)
    return answered.then(
      async (answer) => {
        await announced
        transport.release(true)
        return answer
      },
      async (error: unknown) => {
        await announced
        transport.release(false)
        return loggedOut(error)
      },
    )
  }
  /**
   * A popup pushes nothing while closed: on each request it is opened for, a connected dapp asks it (silent
   * accounts, chain id) and what changed since is announced before the request's answer is used. Requests
   * that answer the accounts themselves (the connects) need no question. Never fails: a popup that closes
   * first leaves things as they were.
   */
  const catchUp = (transport: WalletTransport, call: WalletCall): Promise<void> => {
    if (transport.kind !== 'popup' || account === undefined || ANSWERS_ACCOUNTS.has(call.procedure))
      return Promise.resolve()
    const read = { timeoutMs: WALLET_READ_TIMEOUT_MS }
    const chain = transport
      .mutate({ procedure: 'requestChainId', input: undefined }, read)
      .then((next) => typeof next === 'string' && setChainId(next))
    const accounts = transport
      .mutate({ procedure: 'requestAccounts', input: { silent_mode: true } }, read)
      .then((next) => {
        if (!isStringArray(next)) return
        if (next.length > 0) setAccounts(next)
        else forget()
      })
    return Promise.allSettled([chain, accounts]).then(() => {})
  }
  const loggedOut = (error: unknown): never => {
    // The wallet ended the login: what the connector remembers is void.
    if (isWebWalletError(error) && error.code === 'USER_LOGGED_OUT') forget()
    throw error
  }
  /**
   * Runs a procedure; with `show`, shows the wallet first, synchronously when the transport is known (a
   * popup must open inside the user's click).
   */
  const invoke = (call: WalletCall, limits: CallLimits = {}, show = true): Promise<unknown> => {
    asked = true
    const bounded = { timeoutMs: show ? WALLET_USER_TIMEOUT_MS : WALLET_READ_TIMEOUT_MS, ...limits }
    try {
      const known = live() ?? (chosen ? ensure(chosen) : undefined)
      if (known) return run(known, call, bounded, show)
    } catch (error) {
      return Promise.reject(error)
    }
    return choice().then((kind) => run(ensure(kind), call, bounded, show))
  }
  /**
   * A read-only request never opens a popup. The iframe and the socket are asked without showing anything;
   * with the popup, the connect grant answers (accounts, permissions, chain id). A chain id no connect told
   * is the wallet's network: the environment's, else the one its URL belongs to (as docs/protocol.md, Connection states
   * infers it for the allow-list; each hosted wallet serves one network).
   */
  const quiet = async (call: WalletCall, limits: CallLimits = {}): Promise<unknown> => {
    if ((live()?.kind ?? chosen ?? (await choice())) !== 'popup') return invoke(call, limits, false)
    if (call.procedure === 'requestChainId') {
      if (chainId !== undefined) return chainId
      return getEnvironment(options.environment ?? networkFromWalletUrl(walletUrl)).chainId
    }
    if (account === undefined) return []
    return call.procedure === 'getPermissions' ? [PERMISSION_ACCOUNTS] : [account]
  }
  // A connection restored from before a reload follows the wallet's pushes at once, asking nothing and
  // showing nothing (the iframe loads hidden). A popup cannot open without the user's click: it learns what
  // changed at its next request.
  if (account !== undefined) {
    void choice().then((kind) => {
      if (kind === 'popup' || wallet || account === undefined) return
      try {
        ensure(kind)
      } catch {
        // no wallet here (e.g. no page for an iframe): the first request reports it
      }
    })
  }
  const setAccounts = (accounts: string[] | undefined) => {
    const next = accounts?.[0]
    if (next === account) return
    account = next
    if (next !== undefined) last.save(next, chainId)
    events.emit('accountsChanged', accounts)
  }
  const setChainId = (next: string | undefined) => {
    if (next === chainId) return
    chainId = next
    if (account !== undefined) last.save(account, next)
    events.emit('networkChanged', next, account === undefined ? undefined : [account])
  }

  return {
    id: CONNECTOR_ID,
    name: CONNECTOR_NAME,
    icon: CONNECTOR_ICON,
    version: CONNECTOR_VERSION,
    walletUrl,
    /** The transport in use, once decided. */
    transport: (): TransportKind | undefined => wallet?.kind ?? chosen,
    /** The WebSocket transport's state: connecting, open or closed (undefined for iframe and popup). */
    websocketState: () => wallet?.websocketState(),

    /**
     * Logs in through the wallet and stores the first account; 'connection failed' on other errors than
     * the user's refusal, a blocked popup, an unreachable wallet, a timeout (default 10 min) or an abort.
     */
    async connect(limits?: CallLimits): Promise<ConnectResult> {
      const { ssoToken, authorizedPartyId } = options
      const pending =
        ssoToken === undefined
          ? invoke({ procedure: 'connectWebwallet', input: { theme: options.theme ?? 'dark' } }, limits)
          : invoke(
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
      setChainId(result.chainId)
      setAccounts(result.account)
      last.save(result.account[0] as string, result.chainId)
      watch()
      return result
    },

    /**
     * Closes the wallet's iframe, popup or WebSocket (a pending request rejects) and keeps the wallet's grant
     * remembered: `ready()` answers as after a reload, and the next request opens the wallet again.
     */
    close: async () => close(),

    /**
     * Logs the user out of the wallet (its `logout` procedure: the wallet page's login ends, so the next
     * connect asks for the e-mail login again; a WebSocket's token ends) and forgets the grant, as the wallet's
     * pushed logout would. True when a login ended, false when nobody was logged in. No prompt; a popup opens
     * and closes (the login lives in the wallet's own storage). Within 20 s unless `limits` say otherwise.
     */
    async logout(limits?: CallLimits): Promise<boolean> {
      const call = { procedure: 'logout', input: undefined } as const
      const ended = await invoke(call, { timeoutMs: WALLET_READ_TIMEOUT_MS, ...limits })
      forget()
      return ended === true
    },

    /** Forgets the wallet and the account and removes the last-connected-wallet key. */
    async disconnect(): Promise<void> {
      close()
      forget()
    },

    /**
     * True when the wallet grants the `accounts` permission. An iframe or socket this page already asked is
     * asked (false on any error, within 20 s); otherwise (popup, or nothing asked yet, as after a reload) the
     * grant of the last connect answers: in this page, or in an earlier one the storage remembers, as the
     * wallet's pushed events keep it. Opens no window.
     */
    async ready(limits?: CallLimits): Promise<boolean> {
      if (!wallet || wallet.kind === 'popup' || !asked) return account !== undefined
      try {
        const permissions = await invoke({ procedure: 'getPermissions', input: undefined }, limits, false)
        return Array.isArray(permissions) && permissions.includes(PERMISSION_ACCOUNTS)
      } catch {
        return false
      }
    },

    /** The connected account address (also the one remembered across a reload); 'Connector not connected' before. */
    async account(): Promise<string> {
      if (account === undefined) throw new ConnectorNotConnectedError()
      return account
    },

    /**
     * The wallet's chain id: asked again over the iframe or socket (networkChanged fires when it differs),
     * the one of the connect with the popup.
     */
    async chainId(limits?: CallLimits): Promise<string> {
      if (account === undefined) throw new ConnectorNotConnectedError()
      const next = await quiet({ procedure: 'requestChainId', input: undefined }, limits)
      if (typeof next !== 'string') throw new ConnectionFailedError()
      setChainId(next)
      return next
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
          await invoke({ procedure: 'connectAndSignSession', input: request }, limits),
        )
      } catch (error) {
        throw starknetkitSessionError(sessionError(error))
      }
      if (result.chainId) setChainId(result.chainId)
      if (result.account?.length) setAccounts(result.account)
      watch()
      return result
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
      const result = isQuiet(route) ? await quiet(route, limits) : await invoke(route, limits)
      if (route.procedure === 'requestAccounts' && isStringArray(result) && result.length > 0)
        setAccounts(result)
      if (route.procedure === 'requestChainId' && typeof result === 'string') setChainId(result)
      // The router answers the hash; the wallet API wants {transaction_hash}.
      if (route.procedure === 'addInvokeTransaction') return { transaction_hash: result }
      return result
    },

    on<E extends WalletEventName>(event: E, handler: WalletEventHandlers[E]): void {
      events.on(event, handler)
    },
    off<E extends WalletEventName>(event: E, handler: WalletEventHandlers[E]): void {
      events.off(event, handler)
    },
  }
}

/** The connector `createConnector` returns. */
export type Connector = ReturnType<typeof createConnectorWith>

// Requests whose answer carries the accounts (a popup asks nothing more for them).
const ANSWERS_ACCOUNTS = new Set<string>([
  'connect',
  'connectWebwallet',
  'connectWebwalletSSO',
  'connectAndSignSession',
  'requestAccounts',
  'enable',
])

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

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((entry) => typeof entry === 'string')
}

function readConnectResult(value: unknown): ConnectResult {
  const { account, chainId } = (value ?? {}) as Partial<Record<string, unknown>>
  if (!isStringArray(account) || account.length === 0 || typeof chainId !== 'string') {
    throw new ConnectionFailedError()
  }
  return { account, chainId }
}
