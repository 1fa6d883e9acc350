// @webwallet/shim/connector: the web-wallet connector, its transports and dialogs.

export * as Dialog from '../dialog/Dialog'
export type { Dialog as DialogType, ModalUpdate, PopupPlacement } from '../dialog/types'
export * from '../transport'
export type { Connector, ConnectorOptions, ConnectResult } from './createConnector'
export { CONNECTOR_ICON, CONNECTOR_ID, CONNECTOR_NAME, createConnector } from './createConnector'
export type { WalletEventHandlers, WalletEventName } from './events'
export { isSessionTypedData, popupPlacement } from './placement'
export type { RequestRoute, WalletRequest } from './request'
export { routeRequest } from './request'
export type { SessionSignRequest, SessionSignResult } from './session'
export type { OpenTransportOptions, TransportKind, WalletTransport } from './transport'
export { openTransport, parseModalUpdate, websocketUrl } from './transport'
