// @webwallet/shim/react: React hooks for the session SDK and the starknet-react connector. React is an
// optional peer dependency, which is why none of this is in the main entry.
export { type ConnectorData, type ConnectorEvents, WebWalletConnector } from './connector'
export type { HookErrorOptions } from './hooks/errorOptions'
export { type UseExecuteResult, useExecute } from './hooks/useExecute'
export { type UsePortfolioResult, usePortfolio } from './hooks/usePortfolio'
export { type UseSessionResult, useSession } from './hooks/useSession'
export { useWebWallet } from './hooks/useWebWallet'
export { type SessionConnectorOptions, WebWalletSessionConnector } from './sessionConnector'
