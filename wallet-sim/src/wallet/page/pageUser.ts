// Who the page's user is, at one round trip: the account and the dapp's permission read together
// (GET /wallet/api/account?origin=), and none for a listed dapp's later requests, which reuse the account the
// page read. Nothing stale is used: the permission is never reused, and a reused account's login is proved by
// the next request the procedure makes anyway, before any consent (the hands-free decision, or the permission
// read); a 401 there re-runs the whole request with the account read again, as if it had never been reused.
import { isWebWalletError, UserLoggedOutError } from '@webwallet/protocol/errors'
import type { WalletContext, WalletHandlers } from '@webwallet/protocol/router'
import type { Account, PageClient } from './client'

/** The page mode's user: the account, and whether it connected `permission.origin` (read in this request). */
export type PageUser = Omit<Account, 'connected'> & {
  readonly permission?: { readonly origin: string; readonly connected: boolean }
}

/** A reused account's login the server no longer honours, found before anything was asked or signed. */
class StaleLogin extends Error {
  override name = 'StaleLogin'
}

/**
 * The page's users: `read` answers a request's user, `proved` runs a request that proves a reused account's
 * login, `retrying` re-runs a handler whose reused account proved stale.
 * @example const users = createPageUsers(api, isListed); const user = await users.read(ctx)
 */
export function createPageUsers(
  api: Pick<PageClient, 'account' | 'email'>,
  isListed: (origin: string) => boolean,
) {
  let remembered: { email: string; account: PageUser } | undefined
  const reused = new WeakSet<WalletContext | PageUser>()
  return {
    /** The logged-in user (call it only with a stored login): the remembered account for a listed dapp, else read. */
    async read(ctx: WalletContext): Promise<PageUser> {
      const email = api.email()
      if (remembered !== undefined && remembered.email === email && isListed(ctx.origin)) {
        const account = { ...remembered.account }
        reused.add(ctx).add(account)
        return account
      }
      const { connected, ...account } = await api.account(ctx.origin)
      if (email !== undefined) remembered = { email, account }
      return connected === undefined ? account : { ...account, permission: { origin: ctx.origin, connected } }
    },
    /** `request`, made for `ctx` or `user`: its USER_LOGGED_OUT is a stale reused login when they were reused. */
    async proved<T>(key: WalletContext | PageUser, request: () => Promise<T>): Promise<T> {
      try {
        return await request()
      } catch (error) {
        if (reused.has(key) && isWebWalletError(error, 'USER_LOGGED_OUT')) throw new StaleLogin()
        throw error
      }
    },
    /** The handlers, each run once more from the start (the account read again) when its reused login was stale. */
    retrying(handlers: WalletHandlers): WalletHandlers {
      const wrapped: Record<string, unknown> = { ...handlers }
      for (const [name, handler] of Object.entries(handlers)) {
        if (name === 'updateModal' || name === 'walletEvents' || typeof handler !== 'function') continue
        const run = handler as (input: unknown, ctx: WalletContext) => unknown
        wrapped[name] = async (input: unknown, ctx: WalletContext) => {
          try {
            return await run(input, ctx)
          } catch (error) {
            if (!(error instanceof StaleLogin)) throw error
            remembered = undefined
            // Read afresh now; stale again only if another request remembered a stale login meanwhile.
            return Promise.resolve(run(input, { ...ctx })).catch((again: unknown) => {
              throw again instanceof StaleLogin ? new UserLoggedOutError() : again
            })
          }
        }
      }
      return wrapped as WalletHandlers
    },
  }
}
