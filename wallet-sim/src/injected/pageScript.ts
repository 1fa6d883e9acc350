// The injected wallet as it runs in the dapp's page. This function is sent to the page as its source text
// (script.ts), so it is self-contained: no outside names; what it needs comes in `config` and `parts`.
// It announces a get-starknet v4 wallet object (`window.starknet_<id>`) and registers a wallet-standard
// Starknet wallet (get-starknet v5). Both forward each request to wallet-sim's own wallet page, loaded in a
// hidden iframe (/iframes/comms) and spoken to over postMessage with the envelope the hosted wallet serves:
// the wallet page checks the dapp's origin exactly as for any embedder, logs in, shows its screens (the iframe
// is shown while the wallet asks) or answers hands-free, and signs with the logged-in user's account.

import type { InjectedConfig } from './pageConfig'
import type { openWalletFrame } from './pageFrame'
import type { registerStandardWallet } from './pageStandard'

export type { InjectedConfig }

type Listener = (...args: unknown[]) => void
type WalletRequest = { type: string; params?: unknown }

/** The script's other page functions, handed in (the script is their source text, not modules). */
export interface InjectedParts {
  readonly openWalletFrame: typeof openWalletFrame
  readonly registerStandardWallet: typeof registerStandardWallet
}

/**
 * Installs the wallet in this page (run by the browser, from its source text: see `injectedWalletScript`).
 * @example installInjectedWallet(config, { openWalletFrame, registerStandardWallet }) // window.starknet_argentX
 */
export function installInjectedWallet(config: InjectedConfig, parts: InjectedParts): void {
  const w = window as unknown as Record<string, unknown>
  const key = `starknet_${config.id}`
  if ((w[key] as { isWalletSim?: boolean } | undefined)?.isWalletSim) return // a second run (a re-injection)
  const listeners: Record<string, Set<Listener>> = { accountsChanged: new Set(), networkChanged: new Set() }
  const changeListeners = new Set<Listener>()
  let accounts: string[] = []
  const refuse = (message: string, code = 163) => Object.assign(new Error(message), { code })

  const setAccounts = (next: readonly string[]) => {
    const changed = next.join() !== accounts.join()
    accounts = [...next]
    wallet.selectedAddress = accounts[0]
    wallet.isConnected = accounts.length > 0
    wallet.account = accounts[0] === undefined ? undefined : accountOf(accounts[0])
    if (!changed) return
    for (const listener of listeners.accountsChanged ?? [])
      listener(accounts.length ? [...accounts] : undefined)
    for (const listener of changeListeners) listener({ accounts: standard.accounts })
  }
  const { call } = parts.openWalletFrame(config, {
    accounts: setAccounts,
    network: (chainId, list) => {
      for (const listener of listeners.networkChanged ?? []) listener(chainId, list)
    },
  })

  const request = async ({ type, params }: WalletRequest): Promise<unknown> => {
    switch (type) {
      case 'wallet_requestAccounts': {
        const answer = (await call('requestAccounts', params ?? undefined)) as string[]
        setAccounts(answer)
        return answer
      }
      case 'wallet_requestChainId':
        return call('requestChainId')
      case 'wallet_getPermissions':
        return call('getPermissions')
      case 'wallet_addInvokeTransaction': {
        const calls = (params as { calls?: unknown } | undefined)?.calls
        return { transaction_hash: await call('addInvokeTransaction', calls) }
      }
      case 'wallet_signTypedData':
        return call('signTypedData', [params])
      case 'wallet_deploymentData':
        return call('deploymentData')
      case 'wallet_watchAsset':
        return call('watchAsset', params)
      case 'wallet_addStarknetChain':
        return call('addStarknetChain', params)
      case 'wallet_switchStarknetChain':
        return call('switchStarknetChain', params)
      case 'wallet_supportedSpecs':
        return [...config.specs]
      case 'wallet_supportedWalletApi':
        return ['0.7']
      case 'wallet_addDeclareTransaction':
        // The built-in chain's contracts are TypeScript classes: it has no Sierra or CASM to declare against.
        throw Object.assign(
          refuse(
            `${config.name} (wallet-sim) cannot declare: the built-in chain's contracts are built in and it declares no classes. To test a declare, run wallet-sim with --node <starknet-devnet URL> and declare with one of the node's accounts (starknet.js Account.declare); the injected wallet does not forward declares`,
          ),
          { data: { webwalletErrorCode: 'NOT_IMPLEMENTED', operation: 'wallet_addDeclareTransaction' } },
        )
      default:
        throw refuse(`${config.name} (wallet-sim) does not know the wallet API method ${String(type)}`, 114)
    }
  }

  // For dapps of get-starknet v3 that call `wallet.account` directly: what it can do without starknet.js.
  const accountOf = (address: string) => ({
    address,
    execute: (calls: unknown) =>
      request({
        type: 'wallet_addInvokeTransaction',
        params: { calls: (Array.isArray(calls) ? calls : [calls]).map(toWalletCall) },
      }),
    signMessage: (typedData: unknown) => request({ type: 'wallet_signTypedData', params: typedData }),
  })
  const toWalletCall = (c: { contractAddress?: string; entrypoint?: string; calldata?: unknown[] }) => ({
    contract_address: c.contractAddress,
    entry_point: c.entrypoint,
    calldata: (c.calldata ?? []).map((v) => (typeof v === 'bigint' ? `0x${v.toString(16)}` : String(v))),
  })

  const wallet = {
    id: config.id,
    name: config.name,
    version: config.version,
    icon: config.icon,
    isWalletSim: true,
    chainId: config.chainId,
    isConnected: false,
    selectedAddress: undefined as string | undefined,
    account: undefined as ReturnType<typeof accountOf> | undefined,
    request,
    enable: async (options?: { starknetVersion?: string }) => {
      void options
      return (await request({ type: 'wallet_requestAccounts' })) as string[]
    },
    isPreauthorized: async () => ((await call('getPermissions')) as string[]).includes('accounts'),
    on: (event: string, listener: Listener) => void listeners[event]?.add(listener),
    off: (event: string, listener: Listener) => void listeners[event]?.delete(listener),
  }
  w[key] = wallet

  const standard = parts.registerStandardWallet(config, {
    accounts: () => accounts,
    request,
    forget: () => setAccounts([]),
    changeListeners,
  })
}
