// The hosted wallet's core: the procedures, checks and prompt queue once, over a WalletMode. Browser-safe (the
// wallet page bundles it): it imports only @webwallet/protocol and itself (ui/src/imports.test.ts holds it).

export { CHAIN_TICK_MS, type ChainClock, chainClockFrom } from './chainClock'
export { checkSessionRequest, checkSessionTypedData, checkTypedData, feltCalls } from './checks'
export { createWalletHandlers } from './createWalletHandlers'
export {
  type BalanceChange,
  type BalanceChanges,
  type DecodeContext,
  type DecodedCall,
  decodeCall,
  sumBalanceChanges,
} from './decodeCalls'
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
export { type SessionView, sessionView } from './sessionView'
export { isPlainTransfer, methodName, type SpendingFamily, spendingFamily } from './spending'
export { type Market, type MarketToken, tokenOf } from './tokens'
