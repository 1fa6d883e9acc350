/**
 * How long a request waits for a socket that does not open (the iframe's load bound), from the request on:
 * the WebSocket channel's `openTimeoutMs` default, read also by its lazy wrapper while the chunk loads.
 */
export const WEBSOCKET_OPEN_TIMEOUT_MS = 20_000
