// The lazy connector's chunk: only the window connector is exported, so the app's bundler leaves out the
// WebSocket and HTTP transports (a dynamically imported module keeps every export it has).
export { createWindowConnector } from './createConnector'
