// The wallet core's page mode, bundled by the wallet page (ui/src): the mode over the login and prompt
// screens, the /wallet/api HTTP client and its login storage, the window handler that serves the router to
// the dapp (embedder check, envelope server). Browser-safe, like the core (core/imports.test.ts holds it).

export {
  type Account,
  ApiMessageError,
  type ApprovalDecision,
  createWalletApi,
  type HandsFreeDecision,
  parseAnswer,
  type WalletApi,
  type WalletApiOptions,
} from './client'
export {
  checkEmbedding,
  createRefusal,
  type Embedding,
  type EmbeddingWindow,
  type Refusal,
  readAllowedDapps,
} from './embedding'
export { createPageHandlers } from './handlers'
export { createHttpBackend } from './httpBackend'
export {
  browserStorage,
  LOGIN_STORAGE_KEY,
  type LoginStorage,
  loginStorage,
  type StoredLogin,
  StoredLoginSchema,
} from './loginStorage'
export {
  fetchMarket,
  jsonSafeCalls,
  type Market,
  type MarketToken,
  marketKey,
  type ReviewFailure,
  type TransactionReview,
} from './market'
export { createPageMode, type PageModeDependencies } from './pageMode'
export {
  createEnvelopeServer,
  type EnvelopePort,
  type EnvelopeServer,
  type EnvelopeServerOptions,
} from './serveEnvelopes'
export { hostWindowOf, type ServeWindowOptions, serveWindow, type WalletWindow } from './windowHandler'
