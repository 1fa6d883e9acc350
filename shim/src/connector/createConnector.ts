import { type Connector, type ConnectorOptions, createConnectorWith } from './createConnectorWith'
import { openTransport } from './openTransport'

export {
  type CallLimits,
  CONNECTOR_ICON,
  CONNECTOR_ID,
  CONNECTOR_NAME,
  type Connector,
  type ConnectorOptions,
  type ConnectResult,
  WALLET_READ_TIMEOUT_MS,
  WALLET_USER_TIMEOUT_MS,
} from './createConnectorWith'
export { createWindowConnector } from './windowConnector'

/**
 * The web-wallet connector: opens the hosted wallet in an iframe or popup (or wallet-sim over WebSocket or
 * HTTP, whose code loads at the first request), connects, answers `wallet_*` requests and reports account and
 * network changes.
 *
 * @example
 * const connector = createConnector({ environment: 'sepolia' })
 * button.onclick = async () => {
 *   const { account } = await connector.connect() // call inside the click: a popup opens synchronously
 *   console.log(account[0], await connector.chainId())
 * }
 */
export function createConnector(options: ConnectorOptions = {}): Connector {
  return createConnectorWith(openTransport, options)
}
