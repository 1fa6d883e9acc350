// The SDK's one chunk loaded on first use: the window connector (its dialogs and transports), the portfolio
// reads, revokeSession()'s request, and what a session account sends with (./account/onSend.ts). One lazy
// module, not several, so a bundler puts what it shares with the page's code in one initial chunk (esbuild
// makes a shared chunk per set of importers): a page fetches two initial files, each compressed alone, not four
// (about 2.8 KB gzip less measured for the sending code). A first execute loads the connector's code too, a
// sign-in the sending code.
export * from './account/onSend'
export { createWindowConnector } from './connector/windowConnector'
export { portfolioReads } from './portfolio/reads'
export { revokeAtCosigner } from './sdk/revoke'
