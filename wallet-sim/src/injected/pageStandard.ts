// The injected wallet's wallet-standard face (get-starknet v5 discovers wallets through it), as it runs in the
// dapp's page: the Starknet features over the same requests as the get-starknet v4 object, registered with
// wallet-standard's handshake. Sent to the page as source text with the rest of the script (script.ts).
import type { InjectedConfig } from './pageConfig'

type Listener = (...args: unknown[]) => void

/** What the standard wallet reads from the v4 object it sits on. */
export interface StandardWalletSource {
  accounts(): readonly string[]
  request(call: { type: string; params?: unknown }): Promise<unknown>
  forget(): void
  /** Listeners of `change` (the v4 object calls them when its accounts change). */
  readonly changeListeners: Set<Listener>
}

/**
 * Registers the wallet-standard wallet: announced now, and again to an app that says it is ready later.
 * @example registerStandardWallet(config, { accounts, request, forget, changeListeners })
 */
export function registerStandardWallet(config: InjectedConfig, source: StandardWalletSource) {
  const { request, changeListeners } = source
  const standard = {
    version: '1.0.0' as const,
    name: config.name,
    icon: config.icon,
    chains: [config.chain],
    get accounts() {
      return source.accounts().map((address) => ({
        address,
        publicKey: new Uint8Array(),
        chains: [config.chain],
        features: [],
      }))
    },
    features: {
      'standard:connect': {
        version: '1.0.0',
        connect: async (input?: { silent?: boolean }) => {
          await request({ type: 'wallet_requestAccounts', params: { silent_mode: input?.silent === true } })
          return { accounts: standard.accounts }
        },
      },
      'standard:disconnect': { version: '1.0.0', disconnect: async () => source.forget() },
      'standard:events': {
        version: '1.0.0',
        on: (event: string, listener: Listener) => {
          if (event !== 'change') return () => {}
          changeListeners.add(listener)
          return () => changeListeners.delete(listener)
        },
      },
      'starknet:walletApi': { version: '1.0.0', id: config.id, walletVersion: config.version, request },
    },
  }
  const register = (api: { register: (wallet: unknown) => unknown }) => api.register(standard)
  window.addEventListener('wallet-standard:app-ready', (event) =>
    register((event as CustomEvent<{ register: (wallet: unknown) => unknown }>).detail),
  )
  window.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: register }))
  return standard
}
