// The SDK's one chunk loaded on first use: the window connector, portfolio reads, revokeSession()'s request and
// the sending code. One module, not several: esbuild makes a shared chunk per set of importers, and a page then
// fetched four initial files, each compressed alone, instead of two (about 2.8 KB gzip more).
export * from './account/onSend'
export { createWindowConnector } from './connector/windowConnector'
export { portfolioReads } from './portfolio/reads'
export { revokeAtCosigner } from './sdk/revoke'
