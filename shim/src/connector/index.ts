// @webwallet/shim/connector: the web-wallet connector, its transports and dialogs.

export * as Dialog from '../dialog/Dialog'
export type { Dialog as DialogType, ModalUpdate, PopupPlacement } from '../dialog/types'
export * from '../messenger'
export * from '../transport'
export type { StarknetWindowObject } from '../walletObject'
export { createStarknetWindowObject } from '../walletObject'
export type { Connector, ConnectorOptions, ConnectResult } from './createConnector'
export {
  type CallLimits,
  CONNECTOR_ICON,
  CONNECTOR_ID,
  CONNECTOR_NAME,
  createConnector,
  createWindowConnector,
  WALLET_READ_TIMEOUT_MS,
  WALLET_USER_TIMEOUT_MS,
} from './createConnector'
export type { WalletEventHandlers, WalletEventName } from './events'
export type { ConnectorStorage } from './lastConnection'
export { openTransport } from './openTransport'
export { isSessionTypedData, popupPlacement } from './placement'
export type { RequestRoute, WalletRequest } from './request'
export { routeRequest } from './request'
export type { SessionSignRequest, SessionSignResult } from './session'
export {
  ConnectAndSignSessionError,
  ConnectorNotAvailableError,
  ConnectorNotConnectedError,
  ConnectorNotFoundError,
  UserNotConnectedError,
  UserRejectedRequestError,
  WebwalletError,
} from './starknetkitErrors'
export type { OpenTransportOptions, TransportKind, WalletTransport } from './walletTransport'
export { openWindowTransport, parseModalUpdate, websocketUrl } from './walletTransport'
