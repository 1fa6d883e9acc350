// invisible-sdk 1.0.0's option types (and 1.1's `webwalletTheme`): what `ArgentWebWallet.init` and
// `createSessionAccount` take.
import type { EnvironmentName } from '@webwallet/protocol'
import type { ProviderInterface } from 'starknet'

/** invisible-sdk's `SessionParameters`. */
export interface SessionParameters {
  allowedMethods: Array<{ contract: string; selector: string }>
  validityDays?: number
}

/** invisible-sdk's `PaymasterParameters`: `apiKey` sponsors every call. */
export interface PaymasterParameters {
  baseUrl?: string
  apiKey?: string
  tokenAddress?: `0x${string}`
}

/** invisible-sdk's `InitParams`. */
export interface InitParams {
  appName: string
  sessionParams: SessionParameters
  paymasterParams?: PaymasterParameters
  /**
   * The wallet's URL. invisible-sdk 1.0.0 accepts it and ignores it; here it is used. With
   * `environment: 'dev'` (wallet-sim, which serves every service) it moves every dev URL to its origin.
   */
  webwalletUrl?: string
  /** Default 'sepolia'. */
  environment?: EnvironmentName
  /**
   * Default: a starknet.js RpcProvider on the environment's node. Any starknet.js version's provider (e.g.
   * the v6 one an invisible-sdk app has) is taken: the SDK uses its node URL, which must speak JSON-RPC 0.9
   * or 0.10.
   */
  provider?:
    | ProviderInterface
    | { readonly channel?: { readonly nodeUrl?: string }; readonly nodeUrl?: string }
  /** invisible-sdk 1.1's wallet theme (default 'dark'), sent with the wallet's requests. */
  webwalletTheme?: 'light' | 'dark' | 'auto'
}
