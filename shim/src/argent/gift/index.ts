// @webwallet/shim/argent/gift: invisible-sdk 1.0.0's gift helpers (Argent's gift factory and escrow accounts,
// on Starknet mainnet and Sepolia), a subpath of their own so that the Argent entry's apps do not load them.
// An app that used them changes `from '@argent/invisible-sdk'` to `from '@webwallet/shim/argent/gift'`.
export {
  type AccountConstructorArguments,
  buildGiftCallData,
  calculateEscrowAddress,
  createDeposit,
  type DepositParams,
  ETH_GIFT_MAX_FEE,
  executeActionOnAccount,
  type Gift,
  getEscrowAccount,
  getMaxFee,
  STRK_GIFT_MAX_FEE,
} from './escrow'
export {
  type ClaimArguments,
  type ClaimOverrides,
  cancelGift,
  claimInternal,
  deposit,
  simulateClaimInternal,
} from './transactions'
