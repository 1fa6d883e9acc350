// The injected wallet as it runs in the dapp's page: a get-starknet v4 object (`window.starknet_<id>`) and a
// wallet-standard Starknet wallet (get-starknet v5), both forwarding to wallet-sim's wallet page in a hidden
// iframe, which checks the dapp's origin as for any embedder. Sent as source text (script.ts), so each function
// is self-contained: what it needs comes in `config` and `parts`.

import type { InjectedConfig } from './pageConfig'
import type { FrameParts, openWalletFrame } from './pageFrame'
import type { registerStandardWallet } from './pageStandard'

export type { InjectedConfig }

type Listener = (...args: unknown[]) => void
type WalletRequest = { type: string; params?: unknown }
type Call = (path: string, input?: unknown) => Promise<unknown>

/** The script's other page functions, handed in (the script is their source text, not modules). */
export interface InjectedParts extends FrameParts {
  readonly openWalletFrame: typeof openWalletFrame
  readonly registerStandardWallet: typeof registerStandardWallet
  readonly walletRequest: typeof walletRequest
  readonly legacyAccount: typeof legacyAccount
}

/**
 * One wallet API request, as the wallet page's router procedure it maps to (`call`), or answered here.
 * @example await walletRequest(config, call, setAccounts, { type: 'wallet_requestChainId' })
 */
export async function walletRequest(
  config: InjectedConfig,
  call: Call,
  setAccounts: (accounts: readonly string[]) => void,
  { type, params }: WalletRequest,
): Promise<unknown> {
  const refuse = (message: string, code: number) => Object.assign(new Error(message), { code })
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
    case 'wallet_addStarknetChain':
    case 'wallet_switchStarknetChain':
      return call(type.slice('wallet_'.length), params)
    case 'wallet_supportedSpecs':
      return [...config.specs]
    case 'wallet_supportedWalletApi':
      return ['0.7']
    case 'wallet_addDeclareTransaction':
      // The built-in chain's contracts are TypeScript classes: it has no Sierra or CASM to declare against.
      throw Object.assign(
        refuse(
          `${config.name} (wallet-sim) cannot declare: the built-in chain's contracts are built in and it declares no classes. To test a declare, run wallet-sim with --node <starknet-devnet URL> and declare with one of the node's accounts (starknet.js Account.declare); the injected wallet does not forward declares`,
          163,
        ),
        { data: { webwalletErrorCode: 'NOT_IMPLEMENTED', operation: 'wallet_addDeclareTransaction' } },
      )
    default:
      throw refuse(`${config.name} (wallet-sim) does not know the wallet API method ${String(type)}`, 114)
  }
}

/**
 * `wallet.account` for dapps of get-starknet v3 that call it directly: what it can do without starknet.js.
 * @example await legacyAccount('0x1', request).execute({ contractAddress, entrypoint: 'increment', calldata: [] })
 */
export function legacyAccount(address: string, request: (call: WalletRequest) => Promise<unknown>) {
  const toWalletCall = (c: { contractAddress?: string; entrypoint?: string; calldata?: unknown[] }) => ({
    contract_address: c.contractAddress,
    entry_point: c.entrypoint,
    calldata: (c.calldata ?? []).map((v) => (typeof v === 'bigint' ? `0x${v.toString(16)}` : String(v))),
  })
  return {
    address,
    execute: (calls: unknown) =>
      request({
        type: 'wallet_addInvokeTransaction',
        params: { calls: (Array.isArray(calls) ? calls : [calls]).map(toWalletCall) },
      }),
    signMessage: (typedData: unknown) => request({ type: 'wallet_signTypedData', params: typedData }),
  }
}

/**
 * Installs the wallet in this page (run by the browser, from its source text: see `injectedWalletScript`).
 * @example installInjectedWallet(config, parts) // window.starknet_argentX
 */
export function installInjectedWallet(config: InjectedConfig, parts: InjectedParts): void {
  const w = window as unknown as Record<string, unknown>
  const key = `starknet_${config.id}`
  if ((w[key] as { isWalletSim?: boolean } | undefined)?.isWalletSim) return // a second run (a re-injection)
  const listeners: Record<string, Set<Listener>> = { accountsChanged: new Set(), networkChanged: new Set() }
  const changeListeners = new Set<Listener>()
  let accounts: string[] = []

  const setAccounts = (next: readonly string[]) => {
    const changed = next.join() !== accounts.join()
    accounts = [...next]
    wallet.selectedAddress = accounts[0]
    wallet.isConnected = accounts.length > 0
    wallet.account = accounts[0] === undefined ? undefined : parts.legacyAccount(accounts[0], request)
    if (!changed) return
    for (const listener of listeners.accountsChanged ?? [])
      listener(accounts.length ? [...accounts] : undefined)
    for (const listener of changeListeners) listener({ accounts: standard.accounts })
  }
  const events = {
    accounts: setAccounts,
    network: (chainId: string | undefined, list: string[] | undefined) => {
      for (const listener of listeners.networkChanged ?? []) listener(chainId, list)
    },
  }
  const { call } = parts.openWalletFrame(config, events, parts)
  const request = (r: WalletRequest) => parts.walletRequest(config, call, setAccounts, r)

  const wallet = {
    id: config.id,
    name: config.name,
    version: config.version,
    icon: config.icon,
    isWalletSim: true,
    chainId: config.chainId,
    isConnected: false,
    selectedAddress: undefined as string | undefined,
    account: undefined as ReturnType<typeof legacyAccount> | undefined,
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
