// The wallet's pushed account and network changes (docs/protocol.md, Pushed events) for the server's
// connections: one emitter, and a `walletEvents` stream per connection yielding what changed for its dapp.
import type { WalletEvent } from '@webwallet/protocol'
import type { WalletContext } from '@webwallet/protocol/router'
import type { LoginService } from '../../services/login/LoginService'
import type { User } from '../../services/login/state'
import type { WalletService } from './WalletService'

export interface WalletEventsDependencies {
  wallet: Pick<WalletService, 'chainId' | 'isConnected' | 'permissions'>
  login: Pick<LoginService, 'tokenStatus' | 'user' | 'onChange'>
  /** The hands-free (`--email`) user a connection without a token acts as. */
  currentEmail: () => string | undefined
}

/** What a dapp sees of the wallet: its accounts (connected ones only) and the chain id. */
interface View {
  accounts: string[]
  chainId: string
}

/**
 * The emitter: `notify()` after any change (login and permissions notify themselves; the hands-free switch and a
 * chain change must call it), `subscribe(ctx, signal)` as the router's `walletEvents` handler.
 *
 * @example
 * const events = createWalletEvents({ wallet, login, currentEmail: () => handsFree.current() })
 * createWalletRouter({ ...handlers, walletEvents: events.subscribe })
 */
export function createWalletEvents(deps: WalletEventsDependencies) {
  const listeners = new Set<() => void>()
  const notify = () => {
    for (const listener of [...listeners]) listener()
  }
  deps.login.onChange(notify)
  deps.wallet.permissions.onChange(notify)

  // The user the connection acts as, as the router's handlers find it (a token, else the hands-free user
  // unless it is a foreign page); never created here.
  const userOf = (ctx: WalletContext): User | undefined => {
    const token = 'token' in ctx && typeof ctx.token === 'string' ? ctx.token : undefined
    if (token !== undefined) {
      const found = deps.login.tokenStatus(token)
      return found.status === 'active' ? found.user : undefined
    }
    if ('foreignPage' in ctx && ctx.foreignPage === true) return undefined
    const email = deps.currentEmail()
    return email === undefined ? undefined : deps.login.user(email)
  }
  const viewOf = (ctx: WalletContext): View => {
    const user = userOf(ctx)
    const connected = user !== undefined && deps.wallet.isConnected(user, ctx.origin)
    return { accounts: connected ? [user.account.address] : [], chainId: deps.wallet.chainId }
  }

  return {
    notify,
    /** The changes for `ctx`'s dapp from now on (nothing for the state at subscription); ends on `signal`. */
    async *subscribe(ctx: WalletContext, signal: AbortSignal | undefined): AsyncGenerator<WalletEvent> {
      let last = viewOf(ctx)
      let wake: (() => void) | undefined
      let dirty = false
      const listener = () => {
        dirty = true
        wake?.()
      }
      const stop = () => wake?.()
      listeners.add(listener)
      signal?.addEventListener('abort', stop)
      try {
        while (!signal?.aborted) {
          if (!dirty) await new Promise<void>((resolve) => (wake = resolve))
          wake = undefined
          if (signal?.aborted) return
          dirty = false
          const next = viewOf(ctx)
          if (next.chainId !== last.chainId) {
            yield { type: 'networkChanged', chainId: next.chainId, accounts: next.accounts }
          } else if (next.accounts.join() !== last.accounts.join()) {
            yield { type: 'accountsChanged', accounts: next.accounts }
          }
          last = next
        }
      } finally {
        listeners.delete(listener)
        signal?.removeEventListener('abort', stop)
      }
    },
  }
}

export type WalletEvents = ReturnType<typeof createWalletEvents>
