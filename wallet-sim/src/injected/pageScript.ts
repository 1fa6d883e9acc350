// The injected wallet as it runs in the dapp's page. This function is sent to the page as its source text
// (script.ts), so it is self-contained: no imports, no outside names; everything it needs comes in `config`.
// It announces a get-starknet v4 wallet object (`window.starknet_<id>`) and registers a wallet-standard
// Starknet wallet (get-starknet v5). Both forward each request to wallet-sim's own wallet page, loaded in a
// hidden iframe (/iframes/comms) and spoken to over postMessage with the envelope the hosted wallet serves:
// the wallet page checks the dapp's origin exactly as for any embedder, logs in, shows its screens (the iframe
// is shown while the wallet asks) or answers hands-free, and signs with the logged-in user's account.

/** What the page script is told (JSON): who the wallet is and where wallet-sim is. */
export interface InjectedConfig {
  /** wallet-sim's origin, whose /iframes/comms page answers. */
  readonly walletOrigin: string
  /** `window.starknet_<id>` and the wallet API `id`. */
  readonly id: string
  readonly name: string
  /** A data: URI. */
  readonly icon: string
  readonly version: string
  /** The chain's id as hex, and its wallet-standard name (`starknet:SN_SEPOLIA`). */
  readonly chainId: string
  readonly chain: string
  /** The iframe's sandbox and allow attributes, the modal's size and z-index (protocol's constants). */
  readonly frame: { sandbox: string; allow: string; width: number; height: number; zIndex: number }
  /** Our error codes → Starknet wallet-API codes (113 user refused, …); others are 163. */
  readonly walletApiCodes: Readonly<Record<string, number>>
  /** What `wallet_supportedSpecs` answers (the JSON-RPC versions wallet-sim serves). */
  readonly specs: readonly string[]
  /** How long the wallet page may take to answer its first request before every request fails (163). */
  readonly readyTimeoutMs: number
}

type Listener = (...args: unknown[]) => void
type Pending = { resolve: (value: unknown) => void; reject: (error: unknown) => void }
type WalletRequest = { type: string; params?: unknown }

/**
 * Installs the wallet in this page (run by the browser, from its source text: see `injectedWalletScript`).
 * @example installInjectedWallet(config) // window.starknet_argentX now answers wallet_requestAccounts
 */
export function installInjectedWallet(config: InjectedConfig): void {
  const w = window as unknown as Record<string, unknown>
  const key = `starknet_${config.id}`
  if ((w[key] as { isWalletSim?: boolean } | undefined)?.isWalletSim) return // a second run (a re-injection)
  const pending = new Map<string, Pending>()
  const listeners: Record<string, Set<Listener>> = { accountsChanged: new Set(), networkChanged: new Set() }
  const changeListeners = new Set<Listener>()
  let accounts: string[] = []
  let frame: HTMLIFrameElement | undefined
  let overlay: HTMLDivElement | undefined
  let ready: Promise<void> | undefined

  const refuse = (message: string, code = 163) => Object.assign(new Error(message), { code })
  const newId = () =>
    typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`
  const post = (message: unknown) =>
    frame?.contentWindow?.postMessage(message, { targetOrigin: config.walletOrigin })
  const subscribe = (path: string, onData: (data: unknown) => void) => {
    const id = `${path}-${newId()}`
    pending.set(id, { resolve: onData, reject: () => pending.delete(id) })
    post({ trpc: { id, jsonrpc: '2.0', method: 'subscription', params: { path } } })
  }

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

  const show = (visible: boolean) => {
    if (overlay) overlay.style.display = visible ? 'flex' : 'none'
  }

  // The wallet page, loaded once on the first request; it stays hidden until it asks to be shown. A page
  // that does not answer is removed, and the next request tries again (wallet-sim started after the dapp).
  const ensureFrame = (): Promise<void> => {
    ready ??= new Promise<void>((resolve, fail) => {
      const reject = (error: unknown) => {
        overlay?.remove()
        overlay = undefined
        frame = undefined
        ready = undefined
        fail(error)
      }
      const mount = () => {
        const { width, height, zIndex, sandbox, allow } = config.frame
        overlay = document.createElement('div')
        overlay.setAttribute('data-wallet-sim', config.id)
        overlay.style.cssText = `position:fixed;inset:0;z-index:${zIndex};display:none;align-items:center;justify-content:center;background:rgba(0,0,0,.5)`
        frame = document.createElement('iframe')
        frame.title = config.name
        frame.setAttribute('sandbox', sandbox)
        frame.setAttribute('allow', allow)
        frame.style.cssText = `width:${width}px;height:${height}px;max-width:calc(100vw - 16px);max-height:calc(100vh - 32px);border:0;border-radius:24px;background:#1c1c1c`
        frame.addEventListener('load', () => {
          // A page that answers nothing (wallet-sim refused to be framed here, or is down) fails every request.
          const timer = setTimeout(
            () =>
              reject(
                refuse(`${config.name} (wallet-sim at ${config.walletOrigin}) does not answer this site`),
              ),
            config.readyTimeoutMs,
          )
          send('requestChainId').then(() => {
            clearTimeout(timer)
            resolve()
          }, reject)
          subscribe('updateModal', (event) => {
            const action = (event as { action?: string } | undefined)?.action
            if (action === 'show' || action === 'hide') show(action === 'show')
          })
          subscribe('walletEvents', (event) => {
            const e = event as { type?: string; accounts?: string[]; chainId?: string }
            if (e.type === 'accountsChanged' && Array.isArray(e.accounts)) setAccounts(e.accounts)
            if (e.type === 'networkChanged')
              for (const listener of listeners.networkChanged ?? []) listener(e.chainId, e.accounts)
          })
        })
        frame.addEventListener('error', () => reject(new Error(`${config.name}: wallet-sim did not load`)))
        frame.src = new URL('/iframes/comms', config.walletOrigin).href
        overlay.append(frame)
        ;(document.body ?? document.documentElement).append(overlay)
      }
      if (document.body) mount()
      else document.addEventListener('DOMContentLoaded', mount, { once: true })
    })
    return ready
  }

  window.addEventListener('message', (event) => {
    if (frame === undefined || event.source !== frame.contentWindow || event.origin !== config.walletOrigin)
      return
    const trpc = (
      event.data as { trpc?: { id?: unknown; result?: { type?: string; data?: unknown }; error?: unknown } }
    )?.trpc
    const call = typeof trpc?.id === 'string' ? pending.get(trpc.id) : undefined
    if (!trpc || !call) return
    const id = trpc.id as string
    const subscription = id.startsWith('updateModal-') || id.startsWith('walletEvents-')
    if (trpc.error !== undefined) {
      pending.delete(id)
      call.reject(walletError(trpc.error))
    } else if (subscription) {
      if (trpc.result?.type === 'data' || trpc.result?.type === undefined) call.resolve(trpc.result?.data)
    } else {
      pending.delete(id)
      call.resolve(trpc.result?.data)
    }
  })

  // A wallet-API error (`code` 113 for a refusal, 163 when there is no better one), our code in `data`.
  const walletError = (shape: unknown): Error => {
    const s = shape as { message?: string; data?: { webwalletError?: { code?: string; message?: string } } }
    const ours = s?.data?.webwalletError
    const error = new Error(ours?.message ?? s?.message ?? 'Unknown error') as Error & {
      code: number
      data?: unknown
    }
    error.code = (ours?.code && config.walletApiCodes[ours.code]) || 163
    if (ours?.code) error.data = { webwalletErrorCode: ours.code }
    return error
  }

  const send = (path: string, input?: unknown): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const id = newId()
      pending.set(id, { resolve, reject })
      post({ trpc: { id, jsonrpc: '2.0', method: 'mutation', params: { path, input } } })
    })
  const call = async (path: string, input?: unknown): Promise<unknown> => {
    await ensureFrame()
    return send(path, input)
  }

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
        throw refuse(`${config.name} (wallet-sim) declares no classes: its chain's contracts are built in`)
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

  const standard = {
    version: '1.0.0' as const,
    name: config.name,
    icon: config.icon,
    chains: [config.chain],
    get accounts() {
      return accounts.map((address) => ({
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
      'standard:disconnect': { version: '1.0.0', disconnect: async () => setAccounts([]) },
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
  // wallet-standard's handshake: announce now, and again to an app that says it is ready later.
  const register = (api: { register: (wallet: unknown) => unknown }) => api.register(standard)
  window.addEventListener('wallet-standard:app-ready', (event) =>
    register((event as CustomEvent<{ register: (wallet: unknown) => unknown }>).detail),
  )
  window.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: register }))
}
