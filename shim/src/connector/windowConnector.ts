// The lazy connector's chunk (./lazy imports it): the window connector only, so the app's bundler leaves out
// the WebSocket and HTTP transports (nothing here reaches ./openTransport or their lazy chunks).
import { type Connector, type ConnectorOptions, createConnectorWith } from './createConnectorWith'
import { openWindowTransport } from './walletTransport'

/**
 * `createConnector` for the iframe and the popup only, without the WebSocket and HTTP transports' code:
 * the browser SDK's default connector. 'websocket' and 'http' are 'Wallet not available'.
 *
 * @example
 * const connector = createWindowConnector({ environment: 'sepolia' })
 * button.onclick = () => connector.connect() // inside the click: a popup opens synchronously
 */
export function createWindowConnector(options: ConnectorOptions = {}): Connector {
  return createConnectorWith(openWindowTransport, options)
}
