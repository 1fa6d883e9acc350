// @webwallet/shim: the session SDK. The connector alone is '@webwallet/shim/connector'; React hooks are
// '@webwallet/shim/react' (kept out of this entry so React stays optional); Starknet ID reads are
// '@webwallet/shim/starknet-id' and non-extractable P-256 session keys '@webwallet/shim/p256' (both kept out
// of this entry for its size budget).
export type { Call, CompiledCall } from './account/context'
export type { Deployer } from './account/deploy'
export {
  type FeeEstimate,
  maxFeeFromEstimate,
  type ResourceBounds,
  resourceBoundsFromEstimate,
} from './account/fees'
export type { OutsideExecutionOptions, OutsideTypedData } from './account/outside'
export { createRpc, type Rpc } from './account/rpc'
export { type ExecuteOptions, SessionAccount, type SessionAccountOptions } from './account/SessionAccount'
export { type WaitOptions, waitForBlock, waitForTransaction } from './account/waitForTransaction'
export { createHttp, type Http, type HttpOptions } from './http/http'
export { type RetryOptions, retry } from './http/retry'
export {
  createPaymaster,
  type Paymaster,
  type PaymasterOptions,
  verifyServerSignature,
} from './paymaster/client'
export { feeInGasToken } from './paymaster/fee'
export { createPortfolio, type Portfolio, type PortfolioOptions } from './portfolio/portfolio'
export { devUrls, type EnvironmentUrls } from './sdk/devUrls'
export type { ProviderOption, SessionConnector, WebWalletOptions } from './sdk/options'
export type { ConnectResult } from './sdk/WebWallet'
export { WebWallet } from './sdk/WebWallet'
export {
  createSessionRequest,
  generateSessionKey,
  sessionAllowedMethods,
  sessionMetadata,
} from './session/request'
export { getSessionStatus } from './session/status'
export {
  createKeyVault,
  indexedDbKeyStore,
  type KeyStore,
  type KeyVault,
  memoryKeyStore,
} from './storage/keyVault'
export { createStorage, memoryStorage, type SdkStorage, type StorageBackend } from './storage/storage'
