// @webwallet/protocol/services: the HTTP contracts of the wallet's services, one namespace per route
// (`cosigner.signSession.Request`). A separate entry, and the shim imports types only, so zod stays out of its bundle.
export * as cosigner from './cosigner'
export { COSIGNER_REFUSALS, type CosignerRefusal, isCosignerRefusal } from './cosignerRefusals'
export * as walletPage from './walletPage'
/** @deprecated Renamed `walletPage` (the wallet page's own API, `/wallet/api`); the same namespace. */
export * as walletApi from './walletPage'
