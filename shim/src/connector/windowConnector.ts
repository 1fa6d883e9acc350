// The lazy connector's chunk (./lazy imports it): the window connector only, so the app's bundler leaves out
// the WebSocket and HTTP transports (nothing here reaches ./openTransport or their lazy chunks).
import { type Connector, type ConnectorOptions, createConnectorWith } from './createConnectorWith'
import { openWindowTransport } from './walletTransport'

/**
 * `createConnector` for the iframe and popup only (the browser SDK's default): without the WebSocket and HTTP
 * code, those kinds are 'Wallet not available'.
 *
 * @example
 * button.onclick = () => createWindowConnector({ environment: 'sepolia' }).connect() // a popup opens in the click
 */
export function createWindowConnector(options: ConnectorOptions = {}): Connector {
  return createConnectorWith(openWindowTransport, options)
}
