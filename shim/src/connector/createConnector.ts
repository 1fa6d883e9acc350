import {
  CONNECTOR_VERSION,
  type EnvironmentName,
  getEnvironment,
  LAST_CONNECTED_WALLET_KEY,
  PERMISSION_ACCOUNTS,
} from '@webwallet/protocol'
import {
  ConnectionFailedError,
  ConnectorNotConnectedError,
  isWebWalletError,
} from '@webwallet/protocol/errors'
import { type ChooseTransportOptions, chooseTransport } from '../transport/choose'
import { createEvents, type WalletEventHandlers, type WalletEventName } from './events'
import type { WalletCall } from './procedures'
import { routeRequest, type WalletRequest } from './request'
import { readSessionResult, type SessionSignRequest, type SessionSignResult, sessionError } from './session'
import {
  type OpenTransportOptions,
  openTransport,
  type TransportKind,
  type WalletTransport,
} from './transport'

/** Options of {@link createConnector}. */
export type ConnectorOptions = {
  /** The hosted wallet's URL; defaults to the environment's. */
  url?: string | undefined
  environment?: EnvironmentName | undefined
  theme?: 'light' | 'dark' | 'auto' | undefined
  /** Single sign-on: connects with `connectWebwalletSSO` instead of the e-mail login. */
  ssoToken?: string | undefined
  authorizedPartyId?: string | undefined
  /** `auto` (default) follows SPEC.md section 4; `websocket` talks to wallet-sim headless. */
  transport?: 'auto' | TransportKind | undefined
  /** Shown after 'Powered by'. */
  brandName?: string | undefined
  /** Inputs of the transport choice (user agent, storage, heap limit, fetch, caches, hostname). */
  choose?: Omit<ChooseTransportOptions, 'walletUrl'> | undefined
  /** Where the last-connected-wallet key lives; `localStorage` by default. */
  storage?: Pick<Storage, 'setItem' | 'removeItem'> | undefined
} & Omit<OpenTransportOptions, 'walletUrl' | 'brandName'>

/** What `connect()` returns: the wallet's accounts and chain id. */
export type ConnectResult = { account: string[]; chainId: string }

export const CONNECTOR_ID = 'argentWebWallet'
export const CONNECTOR_NAME = 'Argent Web Wallet'
export const CONNECTOR_ICON =
  'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCAzMiAzMiI+PHJlY3Qgd2lkdGg9IjMyIiBoZWlnaHQ9IjMyIiByeD0iOCIgZmlsbD0iI0ZGODc1QiIvPjxwYXRoIGQ9Ik0xOSA3aC02bC0uMyA1LjVDMTAgMTQgOCAxNi41IDggMjBoMTZjMC0zLjUtMi02LTQuNy03LjV6IiBmaWxsPSIjZmZmIi8+PC9zdmc+'

/**
 * The web-wallet connector: opens the hosted wallet in an iframe or popup (or wallet-sim over WebSocket),
 * connects, answers `wallet_*` requests and reports account and network changes.
 *
 * @example
 * const connector = createConnector({ environment: 'sepolia' })
 * button.onclick = async () => {
 *   const { account } = await connector.connect() // call inside the click: a popup opens synchronously
 *   console.log(account[0], await connector.chainId())
 * }
 */
export function createConnector(options: ConnectorOptions = {}) {
  const walletUrl = options.url ?? getEnvironment(options.environment).webWalletUrl
  const brandName = options.brandName ?? 'Argent'
  const events = createEvents()
  const storage = options.storage ?? (globalThis as { localStorage?: Storage }).localStorage
  const mode = options.transport ?? 'auto'
  let chosen: TransportKind | undefined = mode === 'auto' ? undefined : mode
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
  let account: string | undefined
  let chainId: string | undefined

  const ensure = (kind: TransportKind) => {
    wallet ??= openTransport(kind, { ...options, walletUrl, brandName })
    return wallet
  }
  /** Shows the wallet synchronously when the transport is known, then runs the procedure. */
  const invoke = (call: WalletCall): Promise<unknown> => {
    try {
      const ready = wallet ?? (chosen ? ensure(chosen) : undefined)
      if (ready) {
        ready.show(call)
        return ready.mutate(call)
      }
    } catch (error) {
      return Promise.reject(error)
    }
    return choice().then((kind) => {
      const late = ensure(kind)
      late.show(call)
      return late.mutate(call)
    })
  }
  const setAccounts = (accounts: string[] | undefined) => {
    const next = accounts?.[0]
    if (next === account) return
    account = next
    events.emit('accountsChanged', accounts)
  }
  const setChainId = (next: string | undefined) => {
    if (next === chainId) return
    chainId = next
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

    /** Logs in through the wallet and stores the first account; 'connection failed' on other errors. */
    async connect(): Promise<ConnectResult> {
      const { ssoToken, authorizedPartyId } = options
      const pending =
        ssoToken === undefined
          ? invoke({ procedure: 'connectWebwallet', input: { theme: options.theme ?? 'dark' } })
          : invoke({ procedure: 'connectWebwalletSSO', input: { token: ssoToken, authorizedPartyId } })
      let result: ConnectResult
      try {
        result = readConnectResult(await pending)
      } catch (error) {
        if (isWebWalletError(error) && PASS_THROUGH.has(error.code)) throw error
        throw new ConnectionFailedError({ cause: error })
      }
      setAccounts(result.account)
      setChainId(result.chainId)
      storage?.setItem(LAST_CONNECTED_WALLET_KEY, CONNECTOR_ID)
      return result
    },

    /** Forgets the wallet and the account and removes the last-connected-wallet key. */
    async disconnect(): Promise<void> {
      wallet?.destroy()
      wallet = undefined
      storage?.removeItem(LAST_CONNECTED_WALLET_KEY)
      setAccounts(undefined)
      chainId = undefined
    },

    /** True only when the wallet grants the `accounts` permission. */
    async ready(): Promise<boolean> {
      if (!wallet) return false
      // A closed popup cannot be asked without a click: rely on what the wallet granted at connect.
      if (wallet.kind === 'popup' && !wallet.dialog?.window()) return account !== undefined
      try {
        const permissions = await wallet.mutate({ procedure: 'getPermissions', input: undefined })
        return Array.isArray(permissions) && permissions.includes(PERMISSION_ACCOUNTS)
      } catch {
        return false
      }
    },

    /** The connected account address; 'Connector not connected' before connect. */
    async account(): Promise<string> {
      if (!wallet || account === undefined) throw new ConnectorNotConnectedError()
      return account
    },

    /** The wallet's chain id (asked again each time; networkChanged fires when it differs). */
    async chainId(): Promise<string> {
      if (!wallet) throw new ConnectorNotConnectedError()
      const next = await wallet.mutate({ procedure: 'requestChainId', input: undefined })
      if (typeof next !== 'string') throw new ConnectionFailedError()
      setChainId(next)
      return next
    },

    /** Connects and signs a session in one wallet step; errors carry webwalletErrorCode/Message. */
    async connectAndSignSession(request: SessionSignRequest): Promise<SessionSignResult> {
      let result: SessionSignResult
      try {
        result = readSessionResult(await invoke({ procedure: 'connectAndSignSession', input: request }))
      } catch (error) {
        throw sessionError(error)
      }
      if (result.account?.length) setAccounts(result.account)
      if (result.chainId) setChainId(result.chainId)
      return result
    },

    /** Serves one `wallet_*` request of SPEC.md section 7. */
    async request(call: WalletRequest): Promise<unknown> {
      const route = routeRequest(call)
      if ('local' in route) return route.local
      const result = await invoke(route)
      if (route.procedure === 'requestAccounts' && isStringArray(result)) setAccounts(result)
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

/** The connector {@link createConnector} returns. */
export type Connector = ReturnType<typeof createConnector>

// Errors that say more than 'connection failed' and reach the caller unchanged.
const PASS_THROUGH = new Set(['USER_REJECTED', 'POPUP_BLOCKED', 'IFRAME_TIMEOUT', 'USER_LOGGED_OUT'])

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
