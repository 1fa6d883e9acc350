// Accounts for new users: an owner key, its counterfactual Argent-style account, and the test funds every new
// account receives. The login service asks for one at a user's first verified login; nothing here knows
// about codes or tokens.
import { ec } from 'starknet'
import { type ChainAccess, UnsupportedByNode } from '../../node/access'
import { ETH_ADDRESS, STRK_ADDRESS } from '../backend/tokens'
import type { AccountDeployment } from './state'

/** Test funds every new account receives: 1000 STRK and 1 ETH. */
export const DEFAULT_INITIAL_FUNDS: readonly { token: string; amount: bigint }[] = [
  { token: STRK_ADDRESS, amount: 1000n * 10n ** 18n },
  { token: ETH_ADDRESS, amount: 10n ** 18n },
]

export interface AccountProvisioningDependencies {
  accounts: { createAccountFor(ownerPublicKey: string): AccountDeployment | Promise<AccountDeployment> }
  fund(address: string, token: string, amount: bigint): void | Promise<void>
  initialFunds?: readonly { token: string; amount: bigint }[]
}

/** A new user's owner key pair and funded account. */
export interface ProvisionedAccount {
  ownerPrivateKey: string
  ownerPublicKey: string
  account: AccountDeployment
}

/**
 * Creates accounts for new users: a random owner key, the account the factory computes for it, funded with
 * `initialFunds` (default DEFAULT_INITIAL_FUNDS).
 *
 * @example
 * const { account } = await createAccountProvisioning({ accounts, fund }).provision()
 */
export function createAccountProvisioning(deps: AccountProvisioningDependencies) {
  return {
    async provision(): Promise<ProvisionedAccount> {
      const ownerPrivateKey = `0x${Buffer.from(ec.starkCurve.utils.randomPrivateKey()).toString('hex')}`
      const ownerPublicKey = ec.starkCurve.getStarkKey(ownerPrivateKey)
      const account = await deps.accounts.createAccountFor(ownerPublicKey)
      for (const { token, amount } of deps.initialFunds ?? DEFAULT_INITIAL_FUNDS) {
        await deps.fund(account.address, token, amount)
      }
      return { ownerPrivateKey, ownerPublicKey, account }
    },
  }
}
export type AccountProvisioning = ReturnType<typeof createAccountProvisioning>

/**
 * Funds from the chain's faucet (`devnet_mint`); on a node that cannot mint, the account is created all the
 * same, and `logger` says its user funds it.
 *
 * @example
 * const fund = faucetFunding(chain, console)
 * await fund(address, STRK_ADDRESS, 10n ** 18n)
 */
export function faucetFunding(
  chain: Pick<ChainAccess, 'mint'>,
  logger: { info(message: string): void },
): AccountProvisioningDependencies['fund'] {
  return async (address, token, amount) => {
    try {
      await chain.mint(BigInt(address), BigInt(token), amount)
    } catch (error) {
      if (!(error instanceof UnsupportedByNode)) throw error
      logger.info(`${error.message}; fund ${address} yourself`)
    }
  }
}
