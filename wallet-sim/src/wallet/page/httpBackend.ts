// The page's backend: the wallet's operations over its server's /wallet/api (client.ts), for the user of
// the page's stored login. The server checks each request again (origin, connection, what is signed).
import type { WalletBackend } from '../core'
import type { Account, WalletApi } from './client'

/**
 * The wallet backend over `/wallet/api`.
 *
 * @example
 * const backend = createHttpBackend(createWalletApi({ storage }))
 */
export function createHttpBackend(api: WalletApi): WalletBackend<Account> {
  return {
    address: (account) => account.address,
    chainId: () => api.chainId(),
    isConnected: (_account, origin) => api.isConnected(origin),
    connect: async (_account, origin) => {
      await api.connect(origin)
    },
    // The server checks again with the same checks (WalletService.checkTypedData).
    feeTokens: (account) => account.feeTokens,
    signTypedData: (_account, origin, typedData) => api.signTypedData(origin, typedData),
    signSession: (_account, origin, request) => api.signSession(origin, request),
    execute: (_account, origin, calls) => api.execute(origin, calls),
    deploymentData: (_account, origin) => api.deploymentData(origin),
  }
}
