// The hosted wallet of wallet-sim, server side: keys, accounts, signing, approvals, the UI's HTTP API
// and the wallet router over WebSocket and over tRPC's HTTP wire.

export {
  ALLOWED_DAPPS_ELEMENT_ID,
  frameAncestors,
  isListedOrigin,
  parseDappEntry,
} from '@webwallet/protocol/wallet'
export { type ApprovalQueue, createApprovalQueue, type PendingApproval } from './headless/approvals'
export {
  createHeadlessHandlers,
  type HeadlessContext,
  type HeadlessDependencies,
} from './headless/headlessMode'
export { bearerToken, createWalletHttpHandler, TRPC_HTTP_PATH, type WalletHttpOptions } from './headless/http'
export { type CallerClaims, callerContext } from './headless/requestContext'
export { attachWalletWebSocket, headlessContext, TRPC_WS_PATH } from './headless/ws'
export { type MountedWallet, mountWallet, type WalletDependencies } from './mount'
export { argentAccountFactory, argentConstructorCalldata } from './server/account'
export { createApprovalsApi, createWalletPageApi, type WalletPageApiDependencies } from './server/api'
export { type FeltCall, Ledger } from './server/ledger'
export { createPermissions, type Permissions, PermissionsState } from './server/permissions'
export { isSessionTypedData } from './server/sessions'
export { type AccountKeys, signAsAccount } from './server/signer'
export { approvalCalls, signSession } from './server/signSession'
export { type AccountView, toFeltCalls, WalletService } from './server/WalletService'
export {
  createWalletUiRouter,
  DEFAULT_UI_DIR,
  IFRAME_ROUTE,
  WALLET_ROUTES,
  type WalletUiOptions,
  walletPagePolicy,
} from './static'
