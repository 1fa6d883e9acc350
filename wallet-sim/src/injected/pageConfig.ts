// What the injected wallet's page functions are told (pageScript, pageFrame, pageStandard read it).

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
  /** Whether the wallet page starts loading once the dapp's page has loaded, rather than at the first request. */
  readonly preload: boolean
}
