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
 * The web-wallet connector: the hosted wallet in an iframe or popup (wallet-sim also over WebSocket or HTTP).
 *
 * @example
 * const connector = createConnector({ environment: 'sepolia' })
 * button.onclick = () => connector.connect() // inside the click: a popup opens synchronously
 */
export function createConnector(options: ConnectorOptions = {}): Connector {
  return createConnectorWith(openTransport, options)
}
