import {
  type AllowedMethod,
  DEFAULT_ENVIRONMENT,
  type EnvironmentConfig,
  type EnvironmentName,
  getEnvironment,
} from '@webwallet/protocol'
import type { Deployer } from '../account/deploy'
import type { Connector } from '../connector/createConnector'
import type { KeyStore } from '../storage/keyVault'
import type { StorageBackend } from '../storage/storage'

/** The connector calls the SDK makes; a WebSocket connector (tests, scripts) fits as well as the default. */
export type SessionConnector = Pick<Connector, 'connectAndSignSession' | 'ready'>

/** A node: its URL, or a starknet.js RpcProvider (v8 or v10) whose node URL is used. */
export type ProviderOption =
  | string
  | { readonly channel?: { readonly nodeUrl?: string }; readonly nodeUrl?: string }

/** Options of {@link WebWallet.init} (SPEC.md section 3, init options). */
export interface WebWalletOptions {
  readonly appName: string
  /** Default 'sepolia'. */
  readonly environment?: EnvironmentName
  readonly sessionParams: {
    readonly allowedMethods: readonly AllowedMethod[]
    readonly validityDays?: number
  }
  readonly paymasterParams?: {
    readonly apiKey?: string
    readonly baseUrl?: string
    /** The gas token to pay in by default. */
    readonly tokenAddress?: string
    /** Verify the paymaster's answers with this Stark public key. */
    readonly serverPublicKey?: string
  }
  /** Default: the environment's public node. */
  readonly provider?: ProviderOption
  /** Any URL of the environment (wallet, node, cosigner base, backend, paymaster). */
  readonly urls?: Partial<Omit<EnvironmentConfig, 'name'>>
  /** Default: the web-wallet connector for the environment (dark theme). */
  readonly connector?: SessionConnector
  readonly deployer?: Deployer
  readonly storage?: StorageBackend
  readonly keyStore?: KeyStore
  readonly fetch?: typeof fetch
  readonly now?: () => number
}

/**
 * The environment with the app's overrides and its node URL.
 *
 * @example
 * resolveEnvironment({ appName: 'demo', environment: 'dev', sessionParams }).providerDefaultUrl // 'http://localhost:3005/rpc'
 */
export function resolveEnvironment(options: WebWalletOptions): EnvironmentConfig {
  const env = getEnvironment(options.environment ?? DEFAULT_ENVIRONMENT, options.urls ?? {})
  const nodeUrl = nodeUrlOf(options.provider)
  return nodeUrl === undefined ? env : { ...env, providerDefaultUrl: nodeUrl }
}

function nodeUrlOf(provider: ProviderOption | undefined): string | undefined {
  if (provider === undefined) return undefined
  if (typeof provider === 'string') return provider
  return provider.channel?.nodeUrl ?? provider.nodeUrl
}

/**
 * The base URL the AVNU paths (`/paymaster/v1/...`) are appended to. The environment table names wallet-sim's
 * mount point (`…/paymaster`); the API paths already start with it.
 *
 * @example
 * paymasterBase('http://localhost:3005/paymaster') // 'http://localhost:3005'
 */
export function paymasterBase(url: string): string {
  return url.replace(/\/+$/, '').replace(/\/paymaster$/, '')
}
