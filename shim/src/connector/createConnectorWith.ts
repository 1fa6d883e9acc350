import { CONNECTOR_VERSION, type EnvironmentName } from '@webwallet/protocol/constants'
import type { CallLimits } from '../messenger/link'
import type { ChooseTransportOptions } from '../transport/choose'
import { askMethods, connectMethods } from './connectorMethods'
import { createEvents, type WalletEventHandlers, type WalletEventName } from './events'
import { createGrant } from './grant'
import { CONNECTOR_ICON, CONNECTOR_ID, CONNECTOR_NAME, connectorSetup } from './identity'
import type { ConnectorStorage } from './lastConnection'
import { type OpenTransport, walletRequests } from './walletRequests'
import type { OpenTransportOptions, TransportKind } from './walletTransport'

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

export type { ConnectResult } from './connectorMethods'
export { type OpenTransport, WALLET_READ_TIMEOUT_MS, WALLET_USER_TIMEOUT_MS } from './walletRequests'
/** Limits of one wallet request: see {@link WALLET_READ_TIMEOUT_MS} and {@link WALLET_USER_TIMEOUT_MS}. */
export type { CallLimits }
export { CONNECTOR_ICON, CONNECTOR_ID, CONNECTOR_NAME }

/**
 * The connector over the transports `open` reaches (`createWindowConnector`'s opener keeps the WebSocket and
 * HTTP code out of its graph).
 *
 * @example
 * const connector = createConnectorWith(openWindowTransport, { environment: 'sepolia' })
 */
export function createConnectorWith(open: OpenTransport, options: ConnectorOptions) {
  const { walletUrl, mode } = connectorSetup(options)
  // The protocol's 'Powered by Argent' for Argent's wallets; the dev environment's wallet is wallet-sim, not Argent.
  const brandName = options.brandName ?? (options.environment === 'dev' ? 'wallet-sim' : 'Argent')
  const events = createEvents()
  const grant = createGrant(options.storage, events)
  const requests = walletRequests(open, options, walletUrl, brandName, mode, grant)
  return {
    id: CONNECTOR_ID,
    name: CONNECTOR_NAME,
    icon: CONNECTOR_ICON,
    version: CONNECTOR_VERSION,
    walletUrl,
    /** The transport in use, once decided. */
    transport: requests.kind,
    /** The WebSocket transport's state: connecting, open or closed (undefined for iframe and popup). */
    websocketState: () => requests.wallet()?.websocketState(),
    ...connectMethods(requests, grant, options),
    ...askMethods(requests, grant),
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
