// @webwallet/wallet-sim/playwright/core: the helpers without @playwright/test, for plain playwright-core
// (or any runner): start a simulator, control it, drive the dapp's page.
export { ARGENT_DEV_HOSTS, argentTarget, routeArgentToWalletSim } from './argent'
export {
  type ApprovalMode,
  type FailCode,
  type PendingApproval,
  type SimMail,
  type WalletControl,
  WalletSimRequestError,
  walletControl,
} from './control'
export { addressPattern, type DappHelpers, dappHelpers } from './dapp'
export { addInjectedWallet, type InjectedIdentity } from './injected'
export { DEFAULT_TEST_EMAIL, type LaunchedWalletSim, type LaunchOptions, launchWalletSim } from './launch'
export {
  type SignedInContexts,
  type SignIn,
  type SignInArgs,
  type SignInOption,
  signedInContext,
  signedInContexts,
  signInSteps,
} from './signedIn'
export { LASTING_PAGE_METHODS, type SignedInPages, signedInPages } from './signedInPage'
