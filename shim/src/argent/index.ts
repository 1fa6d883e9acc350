// @webwallet/shim/argent: a drop-in for @argent/invisible-sdk 1.0.0 (and 1.1's `webwalletTheme`), on our
// session SDK: every export of invisible-sdk 1.0.0, its gift helpers at '@webwallet/shim/argent/gift'. What
// differs is listed in docs/migrating.md ("The argent entry in detail").

export type { ApprovalRequest } from '@webwallet/protocol'
export { shouldRetryGasless as isOutOfGasError } from '../account/outOfGas'
export {
  ConnectorNotAvailableError,
  ConnectorNotConnectedError,
  ConnectorNotFoundError,
  UserNotConnectedError,
  UserRejectedRequestError,
  WebwalletError,
} from '../connector/starknetkitErrors'
/** invisible-sdk re-exports starknetkit's connector type; this is ours, with starknetkit's shape. */
export type { WebWalletConnector } from '../react/connector'
export {
  type ArgentExtraOptions,
  ArgentWebWallet,
  type ConnectResponse,
  type InitParams,
  type PaymasterParameters,
  type SessionParameters,
  type SignedSession,
} from './ArgentWebWallet'
export {
  type AccountDeploymentPayload,
  ArgentAccount,
  type ArgentSessionAccount,
  type ArgentSessionStatus as SessionStatus,
  type DeployingAccount,
  type OutsideExecutionCall,
  type SessionAccountInterface,
} from './account'
export { ethAddress, StarknetChainId, strkAddress } from './constants'
export { type CreateSessionAccountParameters, createSessionAccount } from './createSessionAccount'
export type { ExecuteDetails } from './details'
export { ConnectAndSignSessionError } from './errors'
export { executeWithPaymaster, type TokenBalanceService } from './executeWithPaymaster'
export { type FeeEstimateLike, type GasTokenFeesAccount, getEstimatedFeesInGasToken } from './gasTokenFees'
export { getNativeFees, type NativeFeesArguments } from './nativeFees'
export { deployAndExecuteWithPaymaster } from './paymaster'
export { gaslessBaseUrls, gasTokenAddress, prependPaymasterTransfer } from './paymasterHelpers'
export { LegacyStarknetKeyPair, RawSigner, randomPrivateKey } from './signers'
export { storageService } from './storageService'
export type {
  Environment,
  IStorageService,
  SelfDeployingAccountInterface,
  StrongAccountInterface,
} from './types'
