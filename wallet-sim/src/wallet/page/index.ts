// The wallet core's page mode, bundled by the wallet page (ui/src); browser-safe like the core
// (ui/src/imports.test.ts holds it).

// The screens' token list lives in the core; named here too for the page's older imports.
export type { Market, MarketToken } from '../core'
export {
  APPROVAL_WINDOW_ROUTE,
  type ApprovalWindow,
  type ApprovalWindowOptions,
  type ApprovalWindowState,
  createApprovalWindow,
  type FrameWindow,
} from './approvalWindow'
export {
  type ApprovalWindowPage,
  type ApprovalWindowPhase,
  type PopupWindow,
  receiveApproval,
} from './approvalWindowPage'
export {
  type Account,
  ApiMessageError,
  type ApprovalDecision,
  createPageClient,
  createWalletApi,
  fetchMarket,
  type HandsFreeDecision,
  jsonSafeCalls,
  type PageClient,
  type PageClientOptions,
  parseAnswer,
  type ReviewFailure,
  type TransactionReview,
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
export {
  browserStorage,
  LOGIN_STORAGE_KEY,
  type LoginStorage,
  loginStorage,
  type StoredLogin,
  StoredLoginSchema,
} from './loginStorage'
export {
  createModalSize,
  type ModalSize,
  modalEvents,
  modalEventsFor,
  modalTitle,
  SCREEN_SIZES,
  SIGN_TITLES,
} from './modal'
export { createPageEvents, type PageEvents, type PageEventsOptions } from './pageEvents'
export { createHttpBackend, createPageHandlers, createPageMode, type PageModeDependencies } from './pageMode'
export { createPopupFit, type Fit, type ResizableWindow } from './popupSize'
export {
  createEnvelopeServer,
  type EnvelopePort,
  type EnvelopeServer,
  type EnvelopeServerOptions,
} from './serveEnvelopes'
export { hostWindowOf, type ServeWindowOptions, serveWindow, type WalletWindow } from './windowHandler'
