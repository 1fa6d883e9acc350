export type { AllowlistOptions } from './allowlist'
export { allowlistUrl, getAllowlist } from './allowlist'
export type { BrowserInfo } from './browser'
export { browserInfo, isChromeLike } from './browser'
export type { ChooseTransportOptions, WindowTransport } from './choose'
export { chooseTransport } from './choose'
export type { FromHttpOptions } from './fromHttp'
export type {
  FromWebSocketOptions,
  WebSocketChannel,
  WebSocketConstructor,
  WebSocketState,
} from './fromWebSocket'
export type { FromWindowOptions } from './fromWindow'
export type { LinkCaller } from './link'
export { callLink, messengerLink, unwrapError } from './link'
export * as Messenger from './Messenger'
export type { MemoryPeer } from './memory'
export type { Channel, Messenger as MessengerType, Observer, RpcRequest, RpcResponse } from './types'
