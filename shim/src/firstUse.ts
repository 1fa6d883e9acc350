// The SDK's one chunk loaded on first use: the window connector (its dialogs and transports), the portfolio
// reads and revokeSession()'s request. One lazy module, not two, so a bundler puts what it shares with the page's code in one initial chunk
// (esbuild makes a shared chunk per set of importers): a page fetches two initial files, each compressed alone,
// about 1.3 KB gzip less than four. A first portfolio read loads the connector too (it comes on the first
// wallet request anyway).
export { createWindowConnector } from './connector/windowConnector'
export { portfolioReads } from './portfolio/reads'
export { revokeAtCosigner } from './sdk/revoke'
