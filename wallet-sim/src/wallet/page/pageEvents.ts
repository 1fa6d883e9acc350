// The wallet page's `walletEvents` (docs/protocol.md, Pushed events) for the dapp that embeds or opened it. It
// learns of changes from its own login and logout, other tabs (the `storage` event), and, for what only the
// server knows, by asking it when the page comes back into view. No timer: a background page sends nothing.
import type { WalletEvent } from '@webwallet/protocol'
import type { WalletContext } from '@webwallet/protocol/router'
import type { PageClient } from './client'
import { LOGIN_STORAGE_KEY } from './loginStorage'

export interface PageEventsOptions {
  api: Pick<PageClient, 'isLoggedIn' | 'email' | 'loginStatus' | 'account' | 'chainId'>
  /** Where other tabs' login changes arrive (`storage` events); the page's window. */
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'> | undefined
  /** Whose `visibilitychange` (back in view) makes the page ask its server again; the page's document. */
  document?: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'> | undefined
}

interface View {
  accounts: string[]
  chainId: string
}

/**
 * The page's emitter: `notify()` after the page's own login or logout, `subscribe` as the `walletEvents` handler.
 *
 * @example
 * const events = createPageEvents({ api, target: window })
 * createWalletRouter({ ...handlers, walletEvents: events.subscribe })
 */
export function createPageEvents(options: PageEventsOptions) {
  const { api } = options
  const listeners = new Set<() => void>()
  const notify = () => {
    for (const listener of [...listeners]) listener()
  }
  const addresses = new Map<string, string>()

  // The accounts the dapp at `origin` may see: the logged-in user's, if it connected this dapp.
  const viewOf = async (origin: string): Promise<View> => {
    const chainId = await api.chainId()
    if (!api.isLoggedIn()) return { accounts: [], chainId }
    const status = await api.loginStatus(origin)
    const email = api.email()
    if (!status.isLoggedIn || status.isPreauthorized !== true || email === undefined) {
      return { accounts: [], chainId }
    }
    let address = addresses.get(email)
    if (address === undefined) {
      address = (await api.account()).address
      addresses.set(email, address)
    }
    return { accounts: [address], chainId }
  }

  return {
    notify,
    /** The changes for `ctx`'s dapp from now on (the first one as it is); ends when `signal` aborts. */
    async *subscribe(ctx: WalletContext, signal: AbortSignal | undefined): AsyncGenerator<WalletEvent> {
      let wake: (() => void) | undefined
      let dirty = false
      const listener = () => {
        dirty = true
        wake?.()
      }
      const onStorage = (event: Event) => {
        if ((event as StorageEvent).key === LOGIN_STORAGE_KEY || (event as StorageEvent).key === null) {
          listener()
        }
      }
      const onVisible = () => {
        if (options.document?.visibilityState !== 'hidden') listener()
      }
      const stop = () => wake?.()
      listeners.add(listener)
      options.target?.addEventListener('storage', onStorage)
      options.document?.addEventListener('visibilitychange', onVisible)
      signal?.addEventListener('abort', stop)
      try {
        // Nothing is asked before a change: the first one is told as it is (the connector ignores an
        // account it already has), so subscribing sends no request of its own.
        let last: View | undefined
        while (!signal?.aborted) {
          if (!dirty) await new Promise<void>((resolve) => (wake = resolve))
          wake = undefined
          if (signal?.aborted) return
          dirty = false
          // A server that does not answer now changes nothing: asked again on the next change.
          const next = await viewOf(ctx.origin).catch(() => undefined)
          if (next === undefined) continue
          if (last !== undefined && next.chainId !== last.chainId) {
            yield { type: 'networkChanged', chainId: next.chainId, accounts: next.accounts }
          } else if (last === undefined || next.accounts.join() !== last.accounts.join()) {
            yield { type: 'accountsChanged', accounts: next.accounts }
          }
          last = next
        }
      } finally {
        listeners.delete(listener)
        options.target?.removeEventListener('storage', onStorage)
        options.document?.removeEventListener('visibilitychange', onVisible)
        signal?.removeEventListener('abort', stop)
      }
    },
  }
}

export type PageEvents = ReturnType<typeof createPageEvents>
