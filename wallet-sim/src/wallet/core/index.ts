// The hosted wallet's core: the router's procedures written once over a WalletMode, the checks once, the one
// prompt queue, and the one reading of what will be signed that the screens render (typed data, calls and
// their balance changes, session scopes, the chain's clock). Browser-safe (the wallet page bundles it): it
// imports only @webwallet/protocol and itself, which ui/src/imports.test.ts holds.

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
