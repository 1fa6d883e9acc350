import { describe, expect, it } from 'vitest'
import * as connector from './index'

// The public surface of @webwallet/shim/connector: a change here is an API change.
describe('@webwallet/shim/connector exports', () => {
  it('are exactly these', () => {
    expect(Object.keys(connector).sort()).toEqual([
      'CONNECTOR_ICON',
      'CONNECTOR_ID',
      'CONNECTOR_NAME',
      'ConnectAndSignSessionError',
      'ConnectorNotAvailableError',
      'ConnectorNotConnectedError',
      'ConnectorNotFoundError',
      'Dialog',
      'Messenger',
      'UserNotConnectedError',
      'UserRejectedRequestError',
      'WALLET_READ_TIMEOUT_MS',
      'WALLET_USER_TIMEOUT_MS',
      'WebwalletError',
      'allowlistUrl',
      'browserInfo',
      'callLink',
      'chooseTransport',
      'createConnector',
      'createStarknetWindowObject',
      'createWindowConnector',
      'getAllowlist',
      'isChromeLike',
      'isSessionTypedData',
      'messengerLink',
      'openTransport',
      'openWindowTransport',
      'parseModalUpdate',
      'popupPlacement',
      'routeRequest',
      'unwrapError',
      'websocketUrl',
    ])
    expect(Object.keys(connector.Messenger).sort()).toEqual([
      'create',
      'exactOrigin',
      'fromHttp',
      'fromWebSocket',
      'fromWindow',
      'memory',
      'randomId',
    ])
    expect(Object.keys(connector.Dialog).sort()).toEqual(['iframe', 'popup', 'removeStale'])
  })
})
