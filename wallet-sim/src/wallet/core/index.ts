// The hosted wallet's core: the router's procedures written once over a WalletMode. Browser-safe (the
// wallet page bundles it): it imports only @webwallet/protocol and itself, which imports.test.ts holds.

export { APPROVAL_WINDOW_ROUTE } from './approvalWindowRoute'
export { checkSessionRequest, checkSessionTypedData, checkTypedData } from './checks'
export { createWalletHandlers } from './createWalletHandlers'
export { feltCalls } from './feltCalls'
export type { ApproveOptions, Prompt, WalletBackend, WalletMode } from './mode'
export {
  type AskPromptOptions,
  createPromptQueue,
  decidedAnswer,
  type PendingPrompt,
  type PromptDecision,
  type PromptQueue,
} from './promptQueue'
export { silentModal } from './silentModal'
