// invisible-sdk 1.0.0's `createSessionAccount`: the account of a stored signed session (its key in the clear),
// with no wallet: what a backend or a second page does with a session the app exported. It runs the path
// `connect()` runs on invisible-sdk's stored session (./sdk.ts, ./carry.ts), on a store of its own in memory.
import { CHAIN_IDS, SESSION_STORAGE_KEY } from '@webwallet/protocol'
import { InvalidOptionsError, NotImplementedError } from '@webwallet/protocol/errors'
import { chainIdFelt } from '@webwallet/protocol/session'
import type { SessionConnector } from '../sdk/options'
import { memoryKeyStore } from '../storage/keyVault'
import { memoryStorage } from '../storage/storage'
import type { SignedSession } from './ArgentWebWallet'
import type { ArgentAccount, SessionAccountInterface } from './account'
import type { InitParams, PaymasterParameters, SessionParameters } from './params'
import { argentSdk } from './sdk'

/** What {@link createSessionAccount} takes: invisible-sdk's argument object. */
export interface CreateSessionAccountParameters {
  /** The signed session, its `sessionKey.privateKey` in the clear (invisible-sdk's stored session, or ours). */
  session: SignedSession
  /** The app's allowed methods: `getSessionStatus()` answers INVALID_SCOPE when the session lacks one. */
  sessionParams: SessionParameters
  /** The node (any starknet.js version's provider: its node URL is used). */
  provider: NonNullable<InitParams['provider']>
  /** `StarknetChainId.SN_MAIN` or `SN_SEPOLIA`: the session's chain. */
  chainId: string
  /** The cosigner's host (invisible-sdk's `environment.argentBaseUrl`; wallet-sim's origin with wallet-sim). */
  argentBaseUrl: string
  /** Accepted for invisible-sdk's signature; every V3 transaction is sent. */
  transactionVersion?: '0x2' | '0x3'
  /**
   * invisible-sdk's token service (balances for its gas-token route). Not needed: this account's paymaster
   * route reads the gas-token balances from the chain (`executeWithPaymaster` takes one to read them from).
   */
  tokenService?: unknown
  /** The paymaster: `apiKey` sponsors, `baseUrl` (default AVNU's host of the chain), `tokenAddress`. */
  paymasterParams: PaymasterParameters
}

// The account never asks the wallet: a wallet request would be a programmer error of this module.
const noWallet: SessionConnector = {
  connectAndSignSession: () => Promise.reject(new NotImplementedError()),
  ready: async () => false,
}

/**
 * The session account of `session`, as `connect()` answers a stored one; no wallet is opened, nothing stored.
 * A key that is not the session's is STORED_SESSION_DISCARDED (`cause` says why), another chain's session
 * SESSION_INVALID, a chain other than SN_MAIN / SN_SEPOLIA or no session INVALID_OPTIONS. An expired session
 * gives an account whose `execute` is SESSION_EXPIRED.
 *
 * @example
 * const params = { session, sessionParams, provider, chainId: StarknetChainId.SN_SEPOLIA, argentBaseUrl }
 * const account = await createSessionAccount(params)
 */
export async function createSessionAccount(
  parameters: CreateSessionAccountParameters,
): Promise<SessionAccountInterface> {
  const { session, sessionParams, provider, chainId, argentBaseUrl, paymasterParams } = parameters
  const base = baseUrlOf(argentBaseUrl)
  const storage = memoryStorage()
  if (typeof session === 'object' && session !== null)
    storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session))
  const sdk = argentSdk(
    {
      // No session is signed here: the name goes nowhere (the fee tokens a session may carry do not depend on it).
      appName: 'invisible-sdk',
      sessionParams,
      provider,
      environment: environmentOf(chainId),
      ...(paymasterParams === undefined ? {} : { paymasterParams }),
    },
    {
      storage,
      keyStore: memoryKeyStore(),
      urls: { providerBaseUrl: base, cosignerUrl: `${base}/cosigner`, backendUrl: base },
    },
    noWallet,
    false,
  )
  const restored = await sdk.connect()
  if (!restored) {
    throw sdk.discardedSession ?? new InvalidOptionsError('session', 'must be a signed session')
  }
  return restored.account as ArgentAccount
}

function environmentOf(chainId: string): 'mainnet' | 'sepolia' {
  let felt: bigint | undefined
  try {
    felt = chainIdFelt(chainId)
  } catch {}
  if (felt === BigInt(CHAIN_IDS.SN_MAIN)) return 'mainnet'
  if (felt === BigInt(CHAIN_IDS.SN_SEPOLIA)) return 'sepolia'
  throw new InvalidOptionsError('chainId', 'must be SN_MAIN or SN_SEPOLIA')
}

function baseUrlOf(url: string): string {
  try {
    return new URL(url).href.replace(/\/+$/, '')
  } catch (cause) {
    throw new InvalidOptionsError('argentBaseUrl', 'must be a URL', { cause })
  }
}
