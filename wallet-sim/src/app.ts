// The whole simulator in one express app: the chain's JSON-RPC, the hosted wallet (UI, its API, the wallet
// router over WebSocket), the paymaster, the cosigner, the portfolio backend, the allow-list, e-mail login
// and the dev control API, with fault injection in front of everything.
import type { Server } from 'node:http'
import express, { type Express } from 'express'
import { starknetId } from 'starknet'
import { ETH_ADDRESS, STRK_ADDRESS } from './chain/contracts/erc20'
import { STARKNET_ID_NAMING_ADDRESS } from './chain/contracts/starknetId'
import { selectorOf, toAddress, toHex } from './chain/felt'
import { DEMO_TOKEN_ADDRESS } from './chain/genesis'
import { starkPublicKey } from './chain/signature'
import type { Simulator } from './chain/simulator'
import { createAccess } from './infra/http/access'
import { exceptRpc, guardUpgrades } from './infra/http/guards'
import { HttpError, handleErrors } from './infra/http/HttpError'
import { hostCheck } from './infra/http/localHosts'
import { notFound } from './infra/http/notFound'
import { injectedScriptRoute } from './injected/route'
import { type ChainAccess, UnsupportedByNode } from './node/access'
import { builtinAccess } from './node/builtin'
import { attachStarknetWebSocket, pathOf, STARKNET_WS_PATHS } from './rpc/wsServer'
import { rejectUnknownUpgrades } from './rpc/wsUpgrade'
import { createServer, type ServerOptions } from './server'
import {
  type ApprovalMode,
  type ApprovalPolicy,
  createAllowlistRouter,
  createApprovalPolicy,
  createBackendRouter,
  createCosignerRouter,
  createDevRouter,
  createFaultRegistry,
  createInbox,
  createLoginRouter,
  createPaymasterRouter,
  createSnip29Router,
  createSpendingLedger,
  devAccountsFrom,
  type FaultRegistry,
  faultInjector,
  type Inbox,
  LoginService,
  openStateStore,
  paymasterFeeRecipient,
  type SpendingLedger,
  type StateStore,
} from './services'
import { createPortfolioFixtures, type PortfolioFixtures } from './services/backend/setups'
import { chainOutcomes } from './services/cosigner/chainOutcomes'
import { chainRevocations } from './services/cosigner/revocations'
import { devLoginAvailable } from './services/dev/devLoginAvailable'
import { indexPage } from './services/dev/indexPage'
import { createDevNames, type DevNames } from './services/dev/names'
import { devGuard, embedderGuard } from './services/dev/pageCors'
import { devRouteList } from './services/dev/routeList'
import { checkStarkKey, randomStarkKey } from './services/keys'
import type { LoginLimits } from './services/login/limits'
import { createRelayer, RELAYER_FUNDING, relayerAccountOf } from './services/paymaster/relayer'
import { argentAccountFactory, type MountedWallet, mountWallet, TRPC_WS_PATH } from './wallet'
import { walletErrors } from './wallet/api'
import { createHandsFreeUser, type HandsFreeUser } from './wallet/handsFree'
import { WALLET_ROUTES } from './wallet/static'

/**
 * Options of {@link createWalletSim}: the server's and chain's, the approval policy, the hands-free user, the
 * paymaster's keys and the login limits.
 * @example createWalletSim({ approve: 'auto', email: 'dev@example.com' })
 */
export interface WalletSimOptions extends ServerOptions {
  // `node` (ServerOptions): with `await connectNode(url)`, every service uses that node instead of the
  // built-in chain (`--node URL`); see docs/wallet-sim-cli.md, "In front of a real node".
  /** Who answers wallet prompts over WebSocket: the user (`manual`, default), or always yes / always no. */
  readonly approve?: ApprovalMode
  /**
   * With `approve: 'auto' | 'reject'`: the user headless clients act as, and the one the wallet page logs in
   * for allowed dapps, without typing a code (`PUT /dev/user` switches it).
   */
  readonly email?: string
  /** Paymaster api keys that sponsor fees; default `['wallet-sim-sponsor']`. */
  readonly paymasterApiKeys?: readonly string[]
  /** Stark private key the paymaster signs its answers with (`ask-signature: true`). */
  readonly paymasterPrivateKey?: string
  /**
   * `--guardian-private-key`: the guardian (cosigner) key of this instance's accounts. Default: the one kept
   * in the `stateFile`, else a random key (kept there when there is one). For reproducible tests only: with
   * it and a stolen session key, anyone co-signs without the cosigner and its fee caps.
   */
  readonly guardianPrivateKey?: string
  /**
   * `--relayer-private-key`: the key of the paymaster's relayer, an account of its own (OpenZeppelin, salt
   * and calldata its public key) that wallet-sim deploys and funds. Default: kept in the `stateFile`, else
   * random. Never a predeployed account: their keys are public.
   */
  readonly relayerPrivateKey?: string
  /**
   * `--allow-dapp`: host names allowed to embed the wallet in an iframe (any port; default localhost and
   * 127.0.0.1), and exact origins (`http://localhost:5173`), which may also use the dev powers (devnet_*,
   * /dev, devLogin, the `--email` user over /trpc). An origin's host name joins the iframe allow-list.
   */
  readonly allowedDapps?: readonly string[]
  /** `--allow-host`: more Host names the server answers besides localhost names and its own address. */
  readonly allowedHosts?: readonly string[]
  /** `--open-dev-api`: dev powers for every origin again (no Origin checks); the Host check stays. */
  readonly openDevApi?: boolean
  /** The address or name the server listens on (`--host`): answered as a Host name. */
  readonly host?: string
  /** Balance polls of a new account that answer `initialising` before `initialised`; default 1. */
  readonly initialisingPolls?: number
  /** Where login codes are printed; default the console. */
  readonly logger?: { info(message: string): void }
  /** E-mail login lifetimes and rate limits (`LoginService` `limits`); each one left out keeps its default. */
  readonly loginLimits?: Partial<LoginLimits>
  /** The built wallet UI; default wallet-sim/ui/dist. */
  readonly uiDir?: string
}

/**
 * The wallet-sim services on one express app: the chain, the hosted wallet, paymaster, cosigner, backend, login
 * and dev API, with their state and controls.
 * @example const sim = await startSim(); sim.walletSim.approval.set('reject')
 */
export interface WalletSim {
  readonly app: Express
  readonly sim: Simulator
  readonly login: LoginService
  readonly inbox: Inbox
  readonly approval: ApprovalPolicy
  /** The hands-free user (`email`), as `PUT /dev/user` switches it. */
  readonly handsFree: HandsFreeUser
  readonly faults: FaultRegistry
  /** Starknet ID names by real `register` transactions: `await names.register(address, 'alice.stark')`. */
  readonly names: DevNames
  /** What each session has spent on fees, as the cosigner charged it (persisted with `stateFile`). */
  readonly spending: SpendingLedger
  /** DeFi positions and airdrops set up per account (the dev API's `/accounts/:address/defi`, `/airdrops`). */
  readonly portfolio: PortfolioFixtures
  /** The guardian's public key (every account this instance creates has it); the private key stays inside. */
  readonly guardianPublicKey: string
  /** The paymaster's relayer: the caller of its outside executions and the default fee recipient. */
  readonly relayer: { readonly address: string }
  /**
   * Deploys and funds the relayer's account where the chain does not have it yet (the paymaster also does
   * so before its first relay); `startSim` waits for it.
   */
  deployRelayer(): Promise<void>
  /**
   * Serves the WebSockets on `server`: the wallet router (`/trpc`) and the Starknet WebSocket API (`/rpc`,
   * `/rpc/v0_10`, `/ws`: 0.10; `/rpc/v0_9`: 0.9; `/rpc/v0_8`: 0.8); other paths get 404. Returns the function that stops them.
   */
  attach(server: Server): () => Promise<void>
  /** The paths `attach` serves WebSockets at (`/trpc`, and the Starknet WebSocket API's without a node). */
  readonly webSocketPaths: readonly string[]
  /** Saves what is persisted (with `stateFile`) and stops the chain's timers. */
  close(): void
}

/** The api keys the paymaster sponsors when none are given (`--paymaster-key`). @example paymasterParams: { apiKey: DEFAULT_PAYMASTER_API_KEYS[0] } */
export const DEFAULT_PAYMASTER_API_KEYS = ['wallet-sim-sponsor'] as const

/**
 * Builds the simulator's app. `listen` it, then `attach` the server for the WebSocket router.
 * @example
 * const walletSim = createWalletSim({ seed: 1 })
 * const server = walletSim.app.listen(3005)
 * walletSim.attach(server)
 */
export function createWalletSim(options: WalletSimOptions = {}): WalletSim {
  const access = createAccess(options)
  const saved = openWalletState(options.stateFile)
  const keys = instanceKeys(options, saved)
  const guardianPrivateKey = keys.guardian
  // The paymaster's relayer: an account of this instance's own key, in the built-in chain's genesis (not among
  // the predeployed accounts); on a node, and where a chain lost it, it deploys itself (relayer.ts).
  const relayer = relayerAccountOf(keys.relayer)
  const relayerGenesis = { publicKey: starkPublicKey(keys.relayer), strk: RELAYER_FUNDING }
  // The minter behind devnet_mint can mint any amount: its key is random per instance too, not the seed's
  // (a saved chain keeps its own minter; devnet_restart keeps this one).
  const { app: chainApp, sim } = createServer(
    {
      minterPrivateKey: BigInt(randomStarkKey()),
      ...options,
      unlistedAccounts: [...(options.unlistedAccounts ?? []), relayerGenesis],
    },
    access.devRefusal,
  )
  const logger = options.logger ?? { info: (message: string) => console.log(message) }
  const faults = createFaultRegistry()
  const inbox = createInbox()
  const approval = createApprovalPolicy(options.approve ?? 'manual')
  // Every service reaches the chain through this one interface: the built-in chain in process, or the node.
  const chain: ChainAccess =
    options.node?.access ??
    builtinAccess(
      () => sim.chain,
      () => sim.accounts,
    )
  const fund = async (address: string, token: string, amount: bigint) => {
    try {
      await chain.mint(BigInt(address), BigInt(token), amount)
    } catch (error) {
      // A public node cannot mint: the account is created all the same, and funded by its user.
      if (!(error instanceof UnsupportedByNode)) throw error
      logger.info(`${error.message}; fund ${address} yourself`)
    }
  }
  const login = new LoginService({
    inbox,
    logger,
    accounts: { createAccountFor: argentAccountFactory(guardianPrivateKey) },
    fund,
    now: () => chain.clockMs(),
    ...(options.loginLimits ? { limits: options.loginLimits } : {}),
    ...(saved.login === undefined ? {} : { state: saved.login }),
  })

  // DeFi positions and airdrops: none until the dev API sets them up (persisted with `stateFile`).
  const portfolio = createPortfolioFixtures({
    now: () => chain.clockMs(),
    ...(saved.portfolio === undefined ? {} : { initial: saved.portfolio }),
  })

  const handsFree = createHandsFreeUser({ login, email: options.email })

  // Starknet ID lives on the built-in chain's naming contract; a node has none (see nodeNames).
  const names = options.node
    ? nodeNames()
    : createDevNames({ chain: () => sim.chain, predeployed: () => sim.accounts, login, guardianPrivateKey })

  const app = express()
  app.disable('x-powered-by')
  // Every route refuses Host names the server does not answer (DNS rebinding), before anything else runs,
  // but the chain's JSON-RPC: like a node it answers any Host; its devnet_* methods check Host and Origin.
  app.use(exceptRpc(hostCheck(access.hostNames)))
  app.use(faultInjector(faults))
  app.use(chainApp)
  app.use(
    '/v1',
    createBackendRouter({
      readBalance: (token, address) => chain.balanceOf(BigInt(token), BigInt(address)),
      lookupName: (address) => (options.node ? undefined : lookupStarkName(sim, address)),
      now: () => chain.clockMs(),
      fixtures: portfolio,
      config: {
        initialisingPolls: options.initialisingPolls ?? 1,
        demoTokens: [
          { address: toAddress(DEMO_TOKEN_ADDRESS), name: 'Demo Token', symbol: 'DEMO', decimals: 18 },
        ],
      },
    }),
  )
  app.use('/allowlist', createAllowlistRouter(allowlistConfig(options.allowedDapps && access.dapps.hosts)))
  app.use('/login', createLoginRouter(login))
  app.get('/', indexPage(indexSource(sim, chain, options.node?.request)))
  app.get('/dev', devRouteList)
  app.get(
    '/injected.js',
    injectedScriptRoute(() => toHex(chain.chainId())),
  )
  app.use(
    '/dev',
    createDevRouter({
      inbox,
      faults,
      approval,
      clock: {
        now: () => chain.now(),
        set: (seconds) => refusedByNode(chain.setTime(seconds)),
        increase: (seconds) => refusedByNode(chain.increaseTime(seconds)),
      },
      accounts: devAccountsFrom(login, fund),
      names,
      portfolio,
      user: handsFree,
      gate: access.devRefusal,
    }),
  )
  // The approvals of manual mode answer wallet prompts for the user: a dev power too.
  app.use('/wallet/approvals', devGuard(access.devRefusal))
  // A page that asked for the hands-free user while the policy answers for the user (--approve auto or
  // reject) and got the login screen: one line per origin says why, instead of a silent manual login.
  const refusedOrigins = new Set<string>()
  const handsFreeRefused = (origin: string) => {
    if (approval.get() === 'manual' || refusedOrigins.has(origin)) return
    refusedOrigins.add(origin)
    logger.info(
      `[hands-free] ${origin} gets the login screen, not the --email user of --approve ${approval.get()}: ` +
        `it is not an exact --allow-dapp origin (restart with --allow-dapp ${origin})`,
    )
  }
  // Asked by the wallet page before it tries the automatic login (no failing request on a normal open); the
  // USE chain below catches its errors.
  app.get(
    '/wallet/api/devLogin',
    devGuard(access.devRefusal),
    devLoginAvailable({
      ready: () => approval.get() !== 'manual' && handsFree.current() !== undefined,
      trusted: access.trustedOrigin,
      onRefused: handsFreeRefused,
    }),
  )
  // The automatic login acts as the --email user: for the same clients as the dev API, and, when the wallet
  // page asks for the dapp it serves, only for a dapp allowed the same way.
  app.use(
    '/wallet/api/devLogin',
    devGuard(access.devRefusal),
    express.json(),
    embedderGuard(access.trustedOrigin, handsFreeRefused),
    walletErrors,
  )
  // The hands-free answers take the tests' one-shot answers: a dev power as well (the wallet page's own
  // requests pass; it then says which dapp asks, and only a trusted one is answered by the policy).
  app.use('/wallet/api/decide', devGuard(access.devRefusal))
  const paymaster = {
    chain,
    relayer,
    apiKeys: options.paymasterApiKeys ?? DEFAULT_PAYMASTER_API_KEYS,
    ...(options.paymasterPrivateKey ? { serverPrivateKey: options.paymasterPrivateKey } : {}),
  }
  const relayerDeployer = createRelayer(chain, relayer)
  app.use('/paymaster/v1', createPaymasterRouter(paymaster))
  // SNIP-29 JSON-RPC (starknet.js PaymasterRpc) at POST /paymaster, on the same relayer and fee recipient.
  app.use('/paymaster', createSnip29Router(paymaster))
  // The cosigner checks each call against the session the wallet signed (allowed methods, expiry), and
  // its fees against the session's caps: fee-token transfers only to this paymaster's fee recipient.
  let signedSessions: MountedWallet['wallet']['sessions'] | undefined
  const spending = createSpendingLedger(saved.spending)
  app.use(
    '/cosigner',
    createCosignerRouter({
      guardianPrivateKey,
      now: () => chain.now(),
      lookupSession: (hash) => signedSessions?.lookup(hash),
      feeRecipient: paymasterFeeRecipient({ relayer }),
      spending,
      outcomeOf: chainOutcomes(chain),
      isSessionRevoked: chainRevocations(chain),
    }),
  )
  const wallet = mountWallet(app, {
    chain,
    ...(options.allowedDapps ? { pageHosts: access.dapps.hosts } : {}),
    trustedPage: access.trustedPage,
    trustedOrigin: access.trustedOrigin,
    handsFree,
    login,
    approval,
    inbox,
    guardianPrivateKey,
    ...(options.uiDir ? { uiDir: options.uiDir } : {}),
    ...(saved.permissions === undefined ? {} : { permissions: saved.permissions }),
    ...(saved.sessions === undefined ? {} : { sessions: saved.sessions }),
  })
  signedSessions = wallet.wallet.sessions
  // Last: any path no service serves (`/nope`, `/wallet/nope`) is a 404 page or NOT_FOUND JSON, not express's.
  app.use(notFound)
  // An error no service's own handler answered (a guard that throws, an unreadable path) is a coded JSON
  // answer too (`{code, message}`, 500 without internals), never express's HTML page with a stack.
  app.use(handleErrors)
  const unsubscribe = [
    login.onChange((state) => saved.append({ login: state })),
    wallet.wallet.permissions.onChange((state) => saved.append({ permissions: state })),
    wallet.wallet.sessions.onChange((state) => saved.append({ sessions: state })),
    spending.onChange((state) => saved.append({ spending: state })),
    portfolio.onChange((state) => saved.append({ portfolio: state })),
  ]
  const close = () => {
    for (const stop of unsubscribe) stop()
    saved.close()
    sim.close()
  }
  // Every WebSocket handler with the paths it upgrades: the 404 of other paths and `webSocketPaths` read
  // this one table, so a handler cannot serve a path the list of listeners (listeners.ts) does not know.
  // With a node, its own WebSocket API serves subscriptions: wallet-sim's would watch the idle built-in chain.
  const webSockets: readonly { paths: readonly string[]; attach(server: Server): () => Promise<void> }[] = [
    { paths: [TRPC_WS_PATH], attach: wallet.attach },
    ...(options.node
      ? []
      : [
          {
            paths: Object.keys(STARKNET_WS_PATHS),
            attach: (server: Server) => attachStarknetWebSocket(server, sim, access.devRefusal),
          },
        ]),
  ]
  const webSocketPaths = webSockets.flatMap(({ paths }) => paths)
  const attach = (server: Server) => {
    // WebSocket upgrades pass the Host check first (the Starknet API's devnet_* check theirs per connection).
    const upgrades = guardUpgrades(server, (req) =>
      Object.hasOwn(STARKNET_WS_PATHS, pathOf(req)) ? undefined : access.hostRefusal(req),
    )
    const stops = [
      ...webSockets.map((webSocket) => webSocket.attach(upgrades.server)),
      rejectUnknownUpgrades(upgrades.server, webSocketPaths),
      upgrades.stop,
    ]
    return async () => {
      await Promise.all(stops.map((stop) => stop()))
    }
  }
  return {
    app,
    sim,
    login,
    inbox,
    approval,
    handsFree,
    faults,
    names,
    spending,
    portfolio,
    guardianPublicKey: toHex(starkPublicKey(guardianPrivateKey)),
    relayer: { address: relayer.address },
    deployRelayer: () => relayerDeployer.deploy(),
    attach,
    webSocketPaths,
    close,
  }
}

interface WalletState {
  /** This instance's own secrets: the guardian key of its accounts and its paymaster relayer's key. */
  keys?: { guardian?: unknown; relayer?: unknown }
  login?: unknown
  permissions?: unknown
  sessions?: unknown
  spending?: unknown
  portfolio?: unknown
}

/**
 * Users, keys, connected origins and portfolio fixtures, next to the chain's state file (`FILE.wallet`): a
 * journal fsynced on every change, so a login acknowledged to the user survives a kill -9.
 */
function openWalletState(stateFile: string | undefined) {
  if (!stateFile) return { append: () => {}, close: () => {} } as WalletState & PersistedState
  const store: StateStore = openStateStore(`${stateFile}.wallet`)
  const loaded = store.load()
  const state: WalletState = { ...(loaded?.snapshot as WalletState | undefined) }
  for (const entry of loaded?.entries ?? []) Object.assign(state, entry as WalletState)
  let appended = 0
  return {
    ...state,
    append(entry: WalletState) {
      Object.assign(state, entry)
      store.append(entry)
      // Keep the journal short: fold it into a snapshot now and then.
      if (++appended % 100 === 0) store.snapshot(state)
    },
    close: () => store.close(),
  }
}

interface PersistedState {
  append(entry: WalletState): void
  close(): void
}

function allowlistConfig(allowedDapps: readonly string[] | undefined) {
  return allowedDapps ? { mainnet: allowedDapps, sepolia: allowedDapps } : {}
}

/** What the landing page shows of the running chain (read on every request: devnet_restart replaces it). */
function indexSource(sim: Simulator, chain: ChainAccess, nodeRequest?: <T>(method: string) => Promise<T>) {
  return {
    accounts: () => chain.predeployedAccounts(),
    chainId: () => toHex(chain.chainId()),
    blockNumber: async () =>
      nodeRequest ? Number(await nodeRequest<number>('starknet_blockNumber')) : sim.chain.latest.number,
    walletRoutes: WALLET_ROUTES,
  }
}

/**
 * The guardian and relayer keys: the options' (`--guardian-private-key`, `--relayer-private-key`), else the
 * state file's, else fresh random ones. Kept in the state file, so that a restart with it keeps its accounts
 * (whose addresses depend on the guardian) and its relayer. A state written before wallet-sim had keys of its
 * own gets fresh ones (docs/wallet-sim-cli.md, "CLI", under the `--state` files).
 */
function instanceKeys(options: WalletSimOptions, saved: WalletState & PersistedState) {
  const stored = (value: unknown) =>
    typeof value === 'string' ? checkStarkKey(value, 'the saved key') : undefined
  const keys = {
    guardian:
      (options.guardianPrivateKey && checkStarkKey(options.guardianPrivateKey, 'guardianPrivateKey')) ??
      stored(saved.keys?.guardian) ??
      randomStarkKey(),
    relayer:
      (options.relayerPrivateKey && checkStarkKey(options.relayerPrivateKey, 'relayerPrivateKey')) ??
      stored(saved.keys?.relayer) ??
      randomStarkKey(),
  }
  if (saved.keys?.guardian !== keys.guardian || saved.keys?.relayer !== keys.relayer) saved.append({ keys })
  return keys
}

/** A dev power the node lacks (time travel on a public node) is the client's 400, with the reason. */
async function refusedByNode(pending: Promise<void>): Promise<void> {
  try {
    await pending
  } catch (error) {
    if (error instanceof UnsupportedByNode) throw new HttpError(400, 'BAD_REQUEST', error.message)
    throw error
  }
}

/** With --node, Starknet ID names are refused: the node has no Starknet ID contracts of wallet-sim's. */
function nodeNames(): DevNames {
  return {
    register: async () => {
      throw new HttpError(
        400,
        'BAD_REQUEST',
        'Starknet ID names live on the built-in chain; with --node the node has no Starknet ID contracts',
      )
    },
    nameOf: () => undefined,
  }
}

/** `address_to_domain` on the simulated Starknet ID naming contract, decoded (`alice.stark`). */
function lookupStarkName(sim: Simulator, address: string): string | undefined {
  const [length, ...labels] = sim.chain.call(
    {
      to: STARKNET_ID_NAMING_ADDRESS,
      selector: selectorOf('address_to_domain'),
      calldata: [BigInt(address), 0n],
    },
    { tag: 'latest' },
  )
  if (!length) return undefined
  // biome-ignore lint/correctness/useHookAtTopLevel: starknet.js's useDecoded is a plain decoder, not a React hook
  return starknetId.useDecoded(labels.slice(0, Number(length)))
}

export { ETH_ADDRESS, STRK_ADDRESS }
