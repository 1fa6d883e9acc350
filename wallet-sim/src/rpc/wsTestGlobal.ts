// Gives Node 20 the global WebSocket that starknet.js's WebSocketChannel looks for when its module loads
// (Node 22 has one). Import it before anything that loads starknet.js.
import { WebSocket } from 'ws'

if (typeof globalThis.WebSocket === 'undefined') Object.assign(globalThis, { WebSocket })
