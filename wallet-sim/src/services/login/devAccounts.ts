import type { DevAccount, DevAccounts } from '../dev/router'
import type { LoginService } from './LoginService'

/**
 * The dev API's account operations backed by the login service (create = first login without a code)
 * and the chain's faucet.
 *
 * @example
 * createDevRouter({ …, accounts: devAccountsFrom(login, (address, token, amount) => chain.mint(token, address, amount)) })
 */
export function devAccountsFrom(login: LoginService, fund: DevAccounts['fund']): DevAccounts {
  const view = (user: { email: string; ownerPublicKey: string; address: string }): DevAccount => ({
    address: user.address,
    email: user.email,
    ownerPublicKey: user.ownerPublicKey,
  })
  return {
    list: () => login.users().map(view),
    create: async (email) => {
      const user = await login.ensureUser(email)
      return view({ ...user, address: user.account.address })
    },
    fund,
  }
}
