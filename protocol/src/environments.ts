import { CHAIN_IDS, type ChainId, DEFAULT_RPC_SPEC_VERSION } from './constants'

/** The three environments; `sepolia` is the default. */
export const ENVIRONMENT_NAMES = ['sepolia', 'mainnet', 'dev'] as const
export type EnvironmentName = (typeof ENVIRONMENT_NAMES)[number]
export const DEFAULT_ENVIRONMENT: EnvironmentName = 'sepolia'

/** Where the local wallet simulator listens in `dev`. */
export const DEV_ORIGIN = 'http://localhost:3005'

/**
 * Every URL the SDK needs for one environment. All of them can be overridden by the host app.
 * `providerBaseUrl` is the provider's cloud API (cosigner under `/cosigner`), `backendUrl` the portfolio API.
 */
export interface EnvironmentConfig {
  readonly name: EnvironmentName
  readonly chainId: ChainId
  readonly network: 'mainnet' | 'sepolia'
  readonly webWalletUrl: string
  readonly providerBaseUrl: string
  readonly providerDefaultUrl: string
  readonly cosignerUrl: string
  readonly backendUrl: string
  readonly paymasterUrl: string
  readonly allowListUrl: string
}

const ARGENT_API = 'https://cloud.argent-api.com/v1'

/**
 * The operator's hosted wallet origins per network, the default first: starknetkit 3.x opens
 * `https://web.ready.co` (Argent's web wallet renamed Ready); Argent's hosts stay for apps that still name them.
 * Exact origins only: a window opened at one may answer from another of the same network's list, nothing else.
 *
 * @example
 * HOSTED_WALLET_ORIGINS.mainnet[0] // 'https://web.ready.co'
 */
export const HOSTED_WALLET_ORIGINS = {
  mainnet: ['https://web.ready.co', 'https://web.argent.xyz'],
  sepolia: ['https://sepolia-web.ready.co', 'https://sepolia-web.argent.xyz'],
} as const
/**
 * The public nodes starknet.js v10 itself defaults to (its RPC_DEFAULT_NODES), at the RPC version the SDK
 * speaks: a node of another version answers other block tags and fee fields.
 */
const PUBLIC_NODES = 'https://api.zan.top/public'

/**
 * The environment table. sepolia and mainnet point at the hosted services, dev at wallet-sim.
 *
 * @example
 * ENVIRONMENTS.dev.providerDefaultUrl // 'http://localhost:3005/rpc'
 */
export const ENVIRONMENTS: { readonly [K in EnvironmentName]: EnvironmentConfig } = {
  sepolia: {
    name: 'sepolia',
    chainId: CHAIN_IDS.SN_SEPOLIA,
    network: 'sepolia',
    webWalletUrl: HOSTED_WALLET_ORIGINS.sepolia[0],
    providerBaseUrl: ARGENT_API,
    providerDefaultUrl: `${PUBLIC_NODES}/starknet-sepolia/rpc/${DEFAULT_RPC_SPEC_VERSION}`,
    cosignerUrl: `${ARGENT_API}/cosigner`,
    backendUrl: ARGENT_API,
    paymasterUrl: 'https://sepolia.api.avnu.fi',
    allowListUrl: 'https://static.hydrogen.argent47.net/webwallet/iframe_whitelist_testnet.json',
  },
  mainnet: {
    name: 'mainnet',
    chainId: CHAIN_IDS.SN_MAIN,
    network: 'mainnet',
    webWalletUrl: HOSTED_WALLET_ORIGINS.mainnet[0],
    providerBaseUrl: ARGENT_API,
    providerDefaultUrl: `${PUBLIC_NODES}/starknet-mainnet/rpc/${DEFAULT_RPC_SPEC_VERSION}`,
    cosignerUrl: `${ARGENT_API}/cosigner`,
    backendUrl: ARGENT_API,
    paymasterUrl: 'https://starknet.api.avnu.fi',
    allowListUrl: 'https://static.argent.net/webwallet/iframe_whitelist_mainnet.json',
  },
  dev: {
    name: 'dev',
    chainId: CHAIN_IDS.SN_SEPOLIA,
    network: 'sepolia',
    webWalletUrl: DEV_ORIGIN,
    providerBaseUrl: DEV_ORIGIN,
    providerDefaultUrl: `${DEV_ORIGIN}/rpc`,
    cosignerUrl: `${DEV_ORIGIN}/cosigner`,
    backendUrl: `${DEV_ORIGIN}/v1`,
    paymasterUrl: `${DEV_ORIGIN}/paymaster`,
    allowListUrl: `${DEV_ORIGIN}/allowlist/sepolia.json`,
  },
}

/**
 * Public nodes per network at the SDK's RPC version, tried in order when the first (the default) is unreachable:
 * ZAN (starknet.js v8/v10's default), then Nethermind's Juno. A node that answers (even an error) is never left;
 * an app's own node (`urls.providerDefaultUrl`, `provider`) has no fallback.
 *
 * @example
 * PUBLIC_NODE_URLS.mainnet[0] === ENVIRONMENTS.mainnet.providerDefaultUrl // true
 */
export const PUBLIC_NODE_URLS: { readonly [K in 'mainnet' | 'sepolia']: readonly string[] } = {
  mainnet: [
    ENVIRONMENTS.mainnet.providerDefaultUrl,
    `https://free-rpc.nethermind.io/mainnet-juno/${DEFAULT_RPC_SPEC_VERSION}`,
  ],
  sepolia: [
    ENVIRONMENTS.sepolia.providerDefaultUrl,
    `https://free-rpc.nethermind.io/sepolia-juno/${DEFAULT_RPC_SPEC_VERSION}`,
  ],
}

/** Allow-list URLs of wallet-sim, per network. */
export const DEV_ALLOWLIST_URLS = {
  mainnet: `${DEV_ORIGIN}/allowlist/mainnet.json`,
  sepolia: `${DEV_ORIGIN}/allowlist/sepolia.json`,
} as const

/**
 * The config of an environment, with optional URL overrides applied (`undefined` overrides are ignored).
 * A name outside ENVIRONMENT_NAMES is a programmer error: TypeError.
 *
 * @example
 * getEnvironment('dev', { providerDefaultUrl: 'http://localhost:4000/rpc' }).webWalletUrl // 'http://localhost:3005'
 */
export function getEnvironment(
  name: EnvironmentName = DEFAULT_ENVIRONMENT,
  overrides: { readonly [K in keyof EnvironmentConfig]?: EnvironmentConfig[K] | undefined } = {},
): EnvironmentConfig {
  const base = ENVIRONMENTS[name]
  // A programmer error (the parameter's type rules it out), kept out of the error table so this entry carries
  // no error class: the SDK checks an app's `environment` first and throws coded errors (INVALID_OPTIONS at
  // init, VALIDATION in createConnector).
  if (!base) throw new TypeError(`Unknown environment: ${String(name)}`)
  const defined = Object.fromEntries(Object.entries(overrides).filter(([, v]) => v !== undefined))
  return { ...base, ...defined, name: base.name }
}

/**
 * The exact origins a wallet window opened at `origin` may answer from: `origin`, then the same network's other
 * hosted-wallet hosts when it is one of them (HOSTED_WALLET_ORIGINS). Never a pattern, never `*`.
 *
 * @example
 * walletOrigins('https://web.argent.xyz') // ['https://web.argent.xyz', 'https://web.ready.co']
 * walletOrigins('https://wallet.example') // ['https://wallet.example']
 */
export function walletOrigins(origin: string): readonly string[] {
  const lists: readonly (readonly string[])[] = Object.values(HOSTED_WALLET_ORIGINS)
  const hosts = lists.find((list) => list.includes(origin)) ?? []
  return [origin, ...hosts.filter((host) => host !== origin)]
}

/**
 * Which network a wallet URL belongs to: localhost and sepolia hosts are the test network, anything else main.
 *
 * @example
 * networkFromWalletUrl('https://sepolia-web.argent.xyz') // 'sepolia'
 */
export function networkFromWalletUrl(url: string): 'mainnet' | 'sepolia' {
  let host: string
  try {
    host = new URL(url).hostname
  } catch {
    return 'mainnet'
  }
  if (host === 'localhost' || host === '127.0.0.1' || host.includes('sepolia') || host.includes('hydrogen')) {
    return 'sepolia'
  }
  return 'mainnet'
}
