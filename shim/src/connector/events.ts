import { WALLET_EVENTS } from '@webwallet/protocol/constants'
import { UnknownEventError } from '@webwallet/protocol/errors'

/** The wallet's events: the account list and the chain id. */
export type WalletEventName = (typeof WALLET_EVENTS)[number]
/**
 * The listener each wallet event takes: `accountsChanged` gets the accounts (`undefined` once forgotten),
 * `networkChanged` the chain id and the accounts.
 * @example connector.on('accountsChanged', (accounts) => console.log(accounts?.[0]))
 */
export type WalletEventHandlers = {
  accountsChanged: (accounts: string[] | undefined) => void
  networkChanged: (chainId: string | undefined, accounts?: string[]) => void
}

/**
 * Listener sets for accountsChanged / networkChanged; any other name throws 'Unknwown event: X'.
 *
 * @example
 * const events = createEvents()
 * events.on('accountsChanged', (accounts) => console.log(accounts))
 */
export function createEvents() {
  const listeners = { accountsChanged: new Set<never>(), networkChanged: new Set<never>() } as {
    [E in WalletEventName]: Set<WalletEventHandlers[E]>
  }
  const check = (event: string): WalletEventName => {
    if (!(WALLET_EVENTS as readonly string[]).includes(event)) throw new UnknownEventError(event)
    return event as WalletEventName
  }
  return {
    on<E extends WalletEventName>(event: E, handler: WalletEventHandlers[E]): void {
      listeners[check(event)].add(handler as never)
    },
    off<E extends WalletEventName>(event: E, handler: WalletEventHandlers[E]): void {
      listeners[check(event)].delete(handler as never)
    },
    emit<E extends WalletEventName>(event: E, ...args: Parameters<WalletEventHandlers[E]>): void {
      for (const handler of [...listeners[event]]) (handler as (...a: unknown[]) => void)(...args)
    },
  }
}
