// wallet-sim's HTTP services: portfolio backend, iframe allow-list, dev control API, e-mail login, state store.

export { CLIENT_HEADERS, cors } from '../infra/http/cors'
export { HttpError, handleErrors } from '../infra/http/HttpError'
export { type Served, serve, serveApp } from '../infra/http/serve'
export { type LoadedState, openStateStore, type StateStore } from '../infra/state/store'
export { type AllowlistConfig, createAllowlistRouter, DEFAULT_ALLOWED_DAPPS } from './allowlist/router'
export { type BackendConfig, type BackendDependencies, createBackendRouter } from './backend/router'
export {
  createPortfolioFixtures,
  PortfolioFixtureState,
  type PortfolioFixtures,
} from './backend/setups'
export { buildCatalog, type CatalogEntry, type DemoToken, ETH_ADDRESS, STRK_ADDRESS } from './backend/tokens'
export type { SessionRecord } from './cosigner/checks'
export { type CosignerDependencies, createCosignerRouter } from './cosigner/router'
export { createSpendingLedger, type SpendingLedger, SpendingState } from './cosigner/spending'
export { ApprovalMode, type ApprovalPolicy, createApprovalPolicy } from './dev/approval'
export { type FaultInjectorOptions, faultInjector, SIGNATURE_HEADER } from './dev/faultInjector'
export { createFaultRegistry, type Fault, type FaultRegistry, FaultSpec } from './dev/faults'
export { createInbox, type Inbox, type Mail } from './dev/inbox'
export {
  createDevRouter,
  type DevAccount,
  type DevAccounts,
  type DevClock,
  type DevDependencies,
} from './dev/router'
export { devAccountsFrom } from './login/devAccounts'
export {
  CODE_TRIES,
  CODE_TTL_MS,
  DEFAULT_INITIAL_FUNDS,
  type LoginDependencies,
  LoginService,
  type PublicUser,
} from './login/LoginService'
export { bearerToken, createLoginRouter } from './login/router'
export { AccountDeployment, LoginState, User } from './login/state'
export { createRelayer, type Relayer, type RelayerAccount } from './paymaster/relayer'
export {
  createPaymasterRouter,
  DEFAULT_GAS_TOKENS,
  type GasToken,
  type PaymasterDependencies,
  paymasterFeeRecipient,
} from './paymaster/router'
export { answerDigest } from './paymaster/signature'
export { createSnip29Router, PAYMASTER_API_KEY_HEADER } from './paymaster/snip29/router'
