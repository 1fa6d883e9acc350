import { isHexFelt as hex, LAST_CONNECTED_WALLET_KEY } from '@webwallet/protocol/constants'

/** Where the connector remembers its last connection; `getItem` is needed to remember it across reloads. */
export type ConnectorStorage = Pick<Storage, 'setItem' | 'removeItem'> & Partial<Pick<Storage, 'getItem'>>

/** The connected account and chain id, kept beside starknetkit's last-connected-wallet key. */
export const LAST_ACCOUNT_KEY = 'webwalletLastAccount'

/** What the connector remembers of the wallet's last grant. */
export type LastConnection = { account: string; chainId: string | undefined }

/**
 * The last connection: `starknetLastConnectedWallet` holds the connector id (as starknetkit reads it) and
 * {@link LAST_ACCOUNT_KEY} `[account, chainId]`; a full or forbidden storage never fails a call.
 *
 * @example
 * lastConnection(localStorage, 'argentWebWallet').read() // { account: '0x1', chainId: '0x534e5f5345504f4c4941' }
 */
export function lastConnection(given: ConnectorStorage | undefined, id: string) {
  const storage = () => given ?? (globalThis as { localStorage?: ConnectorStorage }).localStorage
  return {
    read(): LastConnection | undefined {
      try {
        const store = storage()
        if (store?.getItem?.(LAST_CONNECTED_WALLET_KEY) !== id) return undefined
        // Not an array, or no address in it: throws or fails the test, and reads as nothing.
        const [account, chainId] = JSON.parse(store.getItem?.(LAST_ACCOUNT_KEY) ?? '')
        if (hex(account)) return { account, chainId: hex(chainId) ? chainId : undefined }
      } catch {}
      return undefined
    },
    save(account: string, chainId: string | undefined): void {
      try {
        storage()?.setItem(LAST_CONNECTED_WALLET_KEY, id)
        storage()?.setItem(LAST_ACCOUNT_KEY, JSON.stringify([account, chainId]))
      } catch {}
    },
    forget(): void {
      try {
        storage()?.removeItem(LAST_CONNECTED_WALLET_KEY)
        storage()?.removeItem(LAST_ACCOUNT_KEY)
      } catch {}
    },
  }
}
