// @webwallet/protocol/wallet: what the hosted wallet's server and its page must answer alike — the per-procedure
// policy table (which the shim reads too), the dapp
// allow-list rules (the server's CSP header, the page's own origin check) and the coded error a test's
// `fail` decision becomes. Browser-safe, no zod: the wallet page bundles it, the server imports the same file.
export * from './dappOrigins'
export * from './decisionError'
export * from './policy'
