// @webwallet/protocol/services: the HTTP contracts of the services a wallet talks to, one namespace per
// service and one per route inside it (`cosigner.signSession.Request`, `walletPage.account.Response`), in the
// manner of Porto's relay schema. Servers validate requests with them, clients parse answers with them; the
// shim imports their types only, so zod stays out of its bundle. A separate entry: the main one is at budget.
export * as cosigner from './cosigner'
export { COSIGNER_REFUSALS, type CosignerRefusal, isCosignerRefusal } from './cosignerRefusals'
export * as walletPage from './walletPage'
/** @deprecated Renamed `walletPage` (the wallet page's own API, `/wallet/api`); the same namespace. */
export * as walletApi from './walletPage'
