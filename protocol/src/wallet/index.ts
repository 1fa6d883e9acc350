// @webwallet/protocol/wallet: the rules the hosted wallet's server and page must apply alike. Browser-safe and
// without zod: the wallet page bundles it, the server imports the same file.
export * from './dappOrigins'
export * from './decisionError'
export * from './policy'
