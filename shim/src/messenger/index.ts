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
export type {
  Channel,
  Messenger as MessengerType,
  Observer,
  RpcRequest,
  RpcResponse,
  TrpcRequest,
  TrpcResponse,
} from './types'
