import type { AllowedMethod, EnvironmentConfig, EnvironmentName } from '@webwallet/protocol'
import {
  DEFAULT_ENVIRONMENT,
  ENVIRONMENT_NAMES,
  getEnvironment,
  isHexFelt,
  SESSION_VALIDITY_DAYS_LIMITS,
} from '@webwallet/protocol/constants'
import { InvalidOptionsError } from '@webwallet/protocol/errors'
import { FIELD_PRIME } from '@webwallet/protocol/session'
import { invalid, isObject } from '../account/arguments'
import type { Deployer } from '../account/deploy'
import { hostAddress } from '../account/hostAddress'
import type { SessionSignRequest, SessionSignResult } from '../connector/session'
import type { SessionKeyKind } from '../session/keyKind'
import type { KeyStore } from '../storage/keyVault'
import type { StorageBackend } from '../storage/storage'

/**
 * The connector calls the SDK makes; a WebSocket connector (tests, scripts) fits as well as the default.
 * A connector that takes `signal` stops the wallet request on abort; the SDK stops waiting either way.
 */
export interface SessionConnector {
  connectAndSignSession(
    request: SessionSignRequest,
    options?: { readonly signal?: AbortSignal },
  ): Promise<SessionSignResult>
  ready(): Promise<boolean>
  /**
   * Closes the connector's transports and keeps its remembered grant ({@link WebWallet.disconnect}); a
   * connector without it is disconnected instead.
   */
  close?(): Promise<void> | void
  /** Closes the connector's transports and forgets its grant (used when it has no `close`). */
  disconnect?(): Promise<void> | void
  /** Ends the wallet's login ({@link WebWallet.logout}); true when a login ended. */
  logout?(options?: { readonly signal?: AbortSignal }): Promise<boolean>
}

/** A node: its URL, or a starknet.js RpcProvider (v8 or v10) whose node URL is used. */
export type ProviderOption =
  | string
  | { readonly channel?: { readonly nodeUrl?: string }; readonly nodeUrl?: string }

/** Options of {@link WebWallet.init} (docs/protocol.md, Entities, init options). */
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
  /**
   * Let `exportSignedSession({ includePrivateKey: true })` hand out the raw session private key (default
   * false: whoever holds that key can spend within the session, off this device, until it expires).
   */
  readonly allowSessionKeyExport?: boolean
  /**
   * The kind of session key, when not the default Stark key: `p256SessionKey()` from '@webwallet/shim/p256'
   * makes each session key a non-extractable WebCrypto P-256 key (page script can use it while the page is
   * open but never read it; see docs/security/session-key.md).
   */
  readonly sessionKey?: SessionKeyKind
  /** Time limit of `requestConnection` (the user signs in the wallet meanwhile); default 10 minutes. */
  readonly connectTimeoutMs?: number
  /**
   * Whether new sessions also grant a `transfer` of STRK and ETH, which the paymaster's gas-token route takes its
   * fee with (docs/protocol.md, Session scope; the cosigner co-signs one only to the fee recipient, within the
   * fee caps). Default: true when a paymaster route is configured (`paymasterParams`, or no `deployer`).
   */
  readonly feeTokenTransfers?: boolean
}

/**
 * Whether new sessions grant the fee-token transfers: the `feeTokenTransfers` option, else whether the SDK
 * has a paymaster route configured (see {@link WebWalletOptions.feeTokenTransfers}).
 *
 * @example
 * feeTokenTransfers({ appName: 'a', sessionParams, deployer }) // false: no paymaster route configured
 */
export function feeTokenTransfers(options: WebWalletOptions): boolean {
  return (
    options.feeTokenTransfers ?? (options.paymasterParams !== undefined || options.deployer === undefined)
  )
}

/** `validityDays` limits (protocol's SESSION_VALIDITY_DAYS_LIMITS): one minute to 100 years. */
export const { min: MIN_VALIDITY_DAYS, max: MAX_VALIDITY_DAYS } = SESSION_VALIDITY_DAYS_LIMITS

const isBelow = (hex: string, limit: bigint) => isHexFelt(hex) && BigInt(hex) < limit

/** Default time limit of `requestConnection`: long enough to log in and read the consent screen. */
export const CONNECT_TIMEOUT_MS = 600_000

/**
 * Checks the init options as protocol's InitOptionsSchema does, without zod in the bundle (a protocol test
 * keeps both in step); throws INVALID_OPTIONS naming the option.
 *
 * @example
 * validateOptions({ appName: '', sessionParams: { allowedMethods: [] } }) // throws 'Invalid option appName: must not be empty'
 */
export function validateOptions(options: WebWalletOptions): WebWalletOptions {
  if (!isObject(options)) invalid('options', 'must be an object')
  if (typeof options.appName !== 'string' || options.appName.trim() === '') {
    invalid('appName', 'must not be empty')
  }
  if (options.environment !== undefined && !ENVIRONMENT_NAMES.includes(options.environment)) {
    invalid('environment', `must be one of ${ENVIRONMENT_NAMES.join(', ')}`)
  }
  const params = options.sessionParams
  if (!isObject(params)) invalid('sessionParams', 'is required')
  if (!Array.isArray(params.allowedMethods)) invalid('sessionParams.allowedMethods', 'must be a list')
  params.allowedMethods.forEach((method, i) => {
    const { selector, contract } = method ?? {}
    // A hex selector is a felt (below the field prime); a name is hashed to one.
    if (
      typeof selector !== 'string' ||
      !selector ||
      (/^0x/i.test(selector) && !isBelow(selector, FIELD_PRIME))
    ) {
      invalid(`sessionParams.allowedMethods.${i}.selector`, 'must be an entrypoint name or a felt')
    }
    try {
      hostAddress(contract)
    } catch (cause) {
      throw new InvalidOptionsError(`sessionParams.allowedMethods.${i}.contract`, 'Invalid Address Format', {
        cause,
      })
    }
    // A contract address is below 2^251 (Starknet's address space), stricter than a felt.
    if (!isBelow(contract, 2n ** 251n))
      invalid(`sessionParams.allowedMethods.${i}.contract`, 'must be below 2^251')
  })
  const days = params.validityDays
  if (
    days !== undefined &&
    !(typeof days === 'number' && days >= MIN_VALIDITY_DAYS && days <= MAX_VALIDITY_DAYS)
  ) {
    invalid(
      'sessionParams.validityDays',
      `must be between ${MIN_VALIDITY_DAYS} and ${MAX_VALIDITY_DAYS} days`,
    )
  }
  if (options.feeTokenTransfers !== undefined && typeof options.feeTokenTransfers !== 'boolean') {
    invalid('feeTokenTransfers', 'must be true or false')
  }
  if (options.allowSessionKeyExport !== undefined && typeof options.allowSessionKeyExport !== 'boolean') {
    invalid('allowSessionKeyExport', 'must be true or false')
  }
  const kind = options.sessionKey
  if (
    kind !== undefined &&
    !['generate', 'guid', 'sign'].every((k) => typeof kind?.[k as 'sign'] === 'function')
  ) {
    invalid('sessionKey', 'must be a session-key kind such as p256SessionKey()')
  }
  const timeout = options.connectTimeoutMs
  if (timeout !== undefined && !(Number.isFinite(timeout) && timeout > 0)) {
    invalid('connectTimeoutMs', 'must be a finite number of milliseconds above 0')
  }
  return options
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
