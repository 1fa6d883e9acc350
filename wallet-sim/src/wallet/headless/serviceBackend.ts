// The headless backend: the wallet's operations on WalletService in process, for the connection's user.
import type { User } from '../../services/login/state'
import type { WalletBackend } from '../core'
import type { WalletService } from '../server/WalletService'

/**
 * The wallet backend over `wallet`, in process.
 *
 * @example
 * const backend = createServiceBackend(wallet)
 */
export function createServiceBackend(wallet: WalletService): WalletBackend<User> {
  return {
    address: (account) => account.account.address,
    chainId: async () => wallet.chainId,
    isConnected: async (account, origin) => wallet.isConnected(account, origin),
    connect: async (account, origin) => wallet.connect(account, origin),
    feeTokens: () => wallet.feeTokens,
    signTypedData: async (account, origin, typedData) => wallet.signTypedData(account, typedData, origin),
    // A signed session connects its origin, as the page's /wallet/api signSession does.
    signSession: async (account, origin, request) => {
      const result = await wallet.signSession(account, request, origin)
      wallet.connect(account, origin)
      return result
    },
    execute: (account, _origin, calls) => wallet.execute(account, calls),
    // WalletService checks the connection again.
    deploymentData: async (account, origin) => wallet.deploymentData(account, origin),
  }
}
