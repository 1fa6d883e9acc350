// The Messenger namespace: how messages travel between the host page and the wallet.
export { create, randomId } from './create'
export { exactOrigin, fromWindow } from './fromWindow'
// The WebSocket and HTTP channels load their code at their first request (./headless).
export { fromHttp, fromWebSocket } from './headless'
export { memory } from './memory'
