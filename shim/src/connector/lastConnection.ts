import { LAST_CONNECTED_WALLET_KEY } from '@webwallet/protocol'

/** Where the connector remembers its last connection; `getItem` is needed to remember it across reloads. */
export type ConnectorStorage = Pick<Storage, 'setItem' | 'removeItem'> & Partial<Pick<Storage, 'getItem'>>

/** The connected account and chain id, kept beside starknetkit's last-connected-wallet key. */
export const LAST_ACCOUNT_KEY = 'webwalletLastAccount'

/** What the connector remembers of the wallet's last grant. */
export type LastConnection = { account: string; chainId: string | undefined }

const HEX = /^0x[0-9a-f]{1,64}$/i

// Storage is best effort: a full or forbidden storage (private mode, sandboxed frames) never fails a call.
const safely = <T>(run: () => T): T | undefined => {
  try {
    return run()
  } catch {
    return undefined
  }
}

/**
 * Reads, saves and forgets the last connection: `starknetLastConnectedWallet` holds the connector id (as
 * starknetkit reads it) and {@link LAST_ACCOUNT_KEY} `[account, chainId]`. A value that is not ours, or not
 * an address, reads as no connection.
 *
 * @example
 * const last = lastConnection(localStorage, 'argentWebWallet')
 * last.save('0x1', '0x534e5f5345504f4c4941')
 * last.read() // { account: '0x1', chainId: '0x534e5f5345504f4c4941' }
 */
export function lastConnection(storage: ConnectorStorage | undefined, id: string) {
  return {
    read(): LastConnection | undefined {
      const get = (key: string) => safely(() => storage?.getItem?.(key))
      if (get(LAST_CONNECTED_WALLET_KEY) !== id) return undefined
      const saved: unknown = safely(() => JSON.parse(get(LAST_ACCOUNT_KEY) ?? ''))
      const [account, chainId] = Array.isArray(saved) ? saved : []
      if (typeof account !== 'string' || !HEX.test(account)) return undefined
      return { account, chainId: typeof chainId === 'string' && HEX.test(chainId) ? chainId : undefined }
    },
    save(account: string, chainId: string | undefined): void {
      safely(() => {
        storage?.setItem(LAST_CONNECTED_WALLET_KEY, id)
        storage?.setItem(LAST_ACCOUNT_KEY, JSON.stringify([account, chainId]))
      })
    },
    forget(): void {
      safely(() => {
        storage?.removeItem(LAST_CONNECTED_WALLET_KEY)
        storage?.removeItem(LAST_ACCOUNT_KEY)
      })
    },
  }
}
