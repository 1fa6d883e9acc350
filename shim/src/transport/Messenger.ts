// The Messenger namespace: how messages travel between the host page and the wallet.
export { create, randomId } from './create'
export { fromHttp } from './fromHttp'
export { fromWebSocket } from './fromWebSocket'
export { exactOrigin, fromWindow } from './fromWindow'
export { memory } from './memory'
