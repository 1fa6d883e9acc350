// The session accounts a WebWallet hands out: one guard (send queue, expiry check, revocation) per account
// address, shared by every account object made for it, so that ending a session stops them all.
import type { EnvironmentConfig, Session as StoredSession } from '@webwallet/protocol'
import type { SessionEndReason } from '@webwallet/protocol/errors'
import type { AccountContext } from '../account/context'
import { type AccountGuard, createAccountGuard } from '../account/guard'
import { SessionAccount, type SessionAccountOptions } from '../account/SessionAccount'
import type { Paymaster } from '../paymaster/client'
import type { ChainClock } from '../session/clock'
import type { ActiveSession } from '../session/signature'
import { environmentRpc } from './nodes'
import type { WebWalletOptions } from './options'

/** What an entry built on WebWallet (`@webwallet/shim/argent`) changes in it; not for apps. */
export interface WebWalletInternals {
  /** Builds the session account (a subclass of SessionAccount with another API on top). */
  readonly account?: (ctx: AccountContext, options: SessionAccountOptions) => SessionAccount
  /** Takes a stored session whose key is in the clear (as @argent/invisible-sdk stores it): see createSessionStore. */
  readonly carryPlainKey?: (stored: StoredSession) => string | undefined
  /** The connector in the options is the entry's own (not the app's): dispose() closes it. */
  readonly ownsConnector?: boolean
}

/** The accounts of one WebWallet: {@link createSessionAccounts}. */
export interface SessionAccounts {
  /** A new account object for `active`, sharing the guard of its address with the accounts made before. */
  adopt(active: ActiveSession): SessionAccount
  /** Every account handed out fails with SESSION_REVOKED (`reason`, default 'cleared') from now on. */
  revoke(reason?: SessionEndReason): void
}

/**
 * The session accounts on `environment`'s node, their sends checked against `clock`, their gasless sends
 * through `paymaster`; `make` builds each (a SessionAccount unless an entry gives its own class).
 *
 * @example
 * const accounts = createSessionAccounts(environment, fetch, clock, paymaster, options)
 * const account = accounts.adopt(active)
 */
export function createSessionAccounts(
  environment: EnvironmentConfig,
  fetcher: typeof fetch,
  clock: ChainClock,
  paymaster: Paymaster,
  options: WebWalletOptions,
  make: NonNullable<WebWalletInternals['account']> = newSessionAccount,
): SessionAccounts {
  const guards = new Map<string, AccountGuard>()
  return {
    adopt(active) {
      const address = active.stored.address
      const guard = guards.get(address) ?? createAccountGuard(clock, `webwallet-execute-${address}`)
      guards.set(address, guard)
      return make(
        {
          rpc: environmentRpc(environment, fetcher, { checkSpecVersion: true }),
          session: active,
          address: active.stored.address,
          chainId: active.stored.chainId,
          network: environment.network,
          cosignerBaseUrl: environment.providerBaseUrl,
          fetch: fetcher,
          now: clock.now,
        },
        {
          guard,
          paymaster,
          deployer: options.deployer,
          gasTokenAddress: options.paymasterParams?.tokenAddress,
        },
      )
    },
    revoke(reason) {
      for (const guard of guards.values()) guard.revoke(reason)
      guards.clear()
    },
  }
}

const newSessionAccount = (ctx: AccountContext, options: SessionAccountOptions) =>
  new SessionAccount(ctx, options)
