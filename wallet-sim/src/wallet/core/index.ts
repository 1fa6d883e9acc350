// The hosted wallet's core: the router's procedures written once over a WalletMode, the checks and the
// signed typed data's view once, the one prompt queue. Browser-safe (the wallet page bundles it): it imports
// only @webwallet/protocol and itself, which ui/src/imports.test.ts holds.

export { checkSessionRequest, checkSessionTypedData, checkTypedData, feltCalls } from './checks'
export { createWalletHandlers } from './createWalletHandlers'
export {
  type MessageMeaning,
  messageMeaning,
  readMeaning,
  statementOf,
} from './messageMeaning'
export { type SignedField, type SignMessageView, signMessageView } from './messageView'
export type { ApproveOptions, Prompt, WalletBackend, WalletModal, WalletMode } from './mode'
export {
  type AskPromptOptions,
  createPromptQueue,
  decidedAnswer,
  type PendingPrompt,
  type PromptDecision,
  type PromptQueue,
} from './promptQueue'
