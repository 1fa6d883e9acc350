// Business constants of docs/protocol.md, Constants, so the shim, wallet-sim and tests agree.
// Durations are in milliseconds unless the name says otherwise.

/** Version of the SDK package (docs/protocol.md, Parties and routes). */
export const PACKAGE_VERSION = '1.0.0-alpha.14'
/** Version of the connector; also sent to the backend as the client version header. */
export const CONNECTOR_VERSION = '1.0.0'

/** Chain ids as network names. */
export const CHAIN_NAMES = { SN_MAIN: 'SN_MAIN', SN_SEPOLIA: 'SN_SEPOLIA' } as const
/** A network's name: `SN_MAIN` or `SN_SEPOLIA`. */
export type ChainName = (typeof CHAIN_NAMES)[keyof typeof CHAIN_NAMES]
/** Chain ids as the felt hex of their short-string names (what `starknet_chainId` answers). */
export const CHAIN_IDS = {
  SN_MAIN: '0x534e5f4d41494e',
  SN_SEPOLIA: '0x534e5f5345504f4c4941',
} as const
/** A network's chain id, as `starknet_chainId` answers it. */
export type ChainId = (typeof CHAIN_IDS)[keyof typeof CHAIN_IDS]

// Session
/** How long a session lasts when `sessionParams.validityDays` is left out, in days. */
export const SESSION_VALIDITY_DAYS_DEFAULT = 30
/** Above this a console warning is printed; the value is not clamped (docs/protocol.md, Validation rules). */
export const SESSION_VALIDITY_DAYS_MAX = 30
/**
 * The range `validityDays` must be in: at least one minute (1/1440 day), so no session is signed already
 * expired; at most 100 years, far inside the session's u64 expiry in seconds.
 */
export const SESSION_VALIDITY_DAYS_LIMITS = { min: 1 / 1440, max: 36_500 } as const
/** Added to now when a session request has no expiry. */
export const DEFAULT_SESSION_EXPIRY_MS = 10_000
/** Local-storage key the SDK stores the signed session under. */
export const SESSION_STORAGE_KEY = 'session'
/** Default fee-token allowances in session metadata, in 18-decimal base units (10 and 0.1). */
export const DEFAULT_TX_FEE_MAX_AMOUNTS = ['10000000000000000000', '100000000000000000'] as const

// Outside execution
/** How far ahead of the chain's clock an outside execution the SDK builds stays valid (`executeBefore`). */
export const OUTSIDE_EXECUTION_AHEAD_MS = 20 * 60_000
/** How far behind the chain's clock an outside execution the SDK builds is valid from (`executeAfter`). */
export const OUTSIDE_EXECUTION_BACK_MS = 10 * 60_000

// Storage and lengths
/** The longest storage key the SDK writes or accepts (characters). */
export const STORAGE_KEY_MAX_LENGTH = 128
/** The longest stored value (characters): a stored session must fit it. */
export const STORAGE_VALUE_MAX_LENGTH = 4096
/** The shortest address the connector's address schema accepts (characters, `0x` included). */
export const ADDRESS_MIN_LENGTH = 50
/** The longest address: `0x` and 64 hex digits. */
export const ADDRESS_MAX_LENGTH = 66
/** The most characters a Cairo short string holds. */
export const SHORT_STRING_MAX_LENGTH = 31
/** compactAddress keeps this many leading and trailing characters. */
export const COMPACT_ADDRESS_HEAD = 6
/** compactAddress keeps this many trailing characters. */
export const COMPACT_ADDRESS_TAIL = 4

// Chain waits
/** How often the SDK polls for an account's deployment after sending it (ms). */
export const DEPLOYMENT_POLL_INTERVAL_MS = 2000
/** How many times `waitForTransaction` polls before `WAIT_FOR_TRANSACTION_TIMEOUT`. */
export const TRANSACTION_WAIT_RETRIES = 200
/** The wait between `waitForTransaction` polls (ms). */
export const TRANSACTION_WAIT_INTERVAL_MS = 5000
/** The wait between `waitForBlock` polls (ms). */
export const BLOCK_WAIT_INTERVAL_MS = 5000
/**
 * The JSON-RPC version the SDK speaks (block tags of 0.9+, the fee fields of 0.8+), as a node URL path
 * segment: the default sepolia and mainnet nodes are served under `/rpc/v0_10`, like starknet.js v10's.
 */
export const DEFAULT_RPC_SPEC_VERSION = 'v0_10'

// Retries
/** How many times balances are asked again while the backend initialises the account. */
export const BALANCE_POLL_RETRIES = 5
/** The first wait before balances are asked again (ms); each next wait doubles. */
export const BALANCE_POLL_MIN_WAIT_MS = 5000
/** `retry`'s default number of retries. */
export const RETRY_DEFAULT_RETRIES = 10
/** `retry`'s default growth of each wait. */
export const RETRY_DEFAULT_FACTOR = 2
/** `retry`'s default first wait (ms). */
export const RETRY_DEFAULT_MIN_WAIT_MS = 1000

/** Fee margins as percentages added on top of the estimate. */
export const FEE_MARGIN_MAX_FEE_PERCENT = 50
/** The margin added to every resource bound's amount (%). */
export const FEE_MARGIN_L1_GAS_AMOUNT_PERCENT = 50
/** The margin added to every resource bound's price per unit (%). */
export const FEE_MARGIN_GAS_PRICE_PERCENT = 50

// Connector transport
/** How long the wallet's iframe may take to load before `IFRAME_TIMEOUT` (ms). */
export const IFRAME_LOAD_TIMEOUT_MS = 20_000
/** How long a popup may take to send its handshake before `WALLET_NOT_AVAILABLE` (ms). */
export const POPUP_LOAD_WAIT_MS = 15_000
/** How long the iframe allow-list is kept in Cache Storage (ms). */
export const ALLOWLIST_CACHE_MS = 24 * 60 * 60_000
/** How often a loading popup is checked (ms). */
export const POPUP_CREATION_POLL_MS = 100
/** How often an open popup is checked for being closed (ms). */
export const POPUP_CLOSE_POLL_MS = 1000
/** The first WebSocket reconnect delay (ms); each attempt doubles it. */
export const WEBSOCKET_RECONNECT_BASE_MS = 1000
/** The longest WebSocket reconnect delay (ms). */
export const WEBSOCKET_RECONNECT_MAX_MS = 30_000
/** Default heap limit used by the transport choice when the browser does not report one (1 GiB). */
export const DEFAULT_HEAP_LIMIT_BYTES = 1024 ** 3

/**
 * Websocket reconnect delay: 1000 ms times 2 to the attempt count, capped at 30000 ms.
 *
 * @example
 * websocketReconnectDelay(0) // 1000
 * websocketReconnectDelay(10) // 30000
 */
export function websocketReconnectDelay(attempt: number): number {
  return Math.min(WEBSOCKET_RECONNECT_BASE_MS * 2 ** attempt, WEBSOCKET_RECONNECT_MAX_MS)
}

/** Popup sizes in CSS pixels. */
export const POPUP_SIZES = {
  default: { width: 775, height: 385 },
  signing: { width: 385, height: 440 },
  review: { width: 385, height: 775 },
} as const

/** Popup routes of the hosted wallet. */
export const WALLET_ROUTES = {
  login: '/interstitialLogin',
  signMessage: '/signMessage',
  signSessionKeys: '/signSessionKeys',
  review: '/review',
  iframe: '/iframes/comms',
} as const

/** Iframe modal geometry. */
export const IFRAME_MODAL = { width: 380, height: 420, borderRadiusPx: 40, zIndex: 99999 } as const
/** Sandbox tokens of the wallet iframe (docs/protocol.md, Session scope). */
export const IFRAME_SANDBOX =
  'allow-scripts allow-same-origin allow-forms allow-top-navigation allow-popups' as const
/** The `allow` attribute of the wallet iframe. */
export const IFRAME_ALLOW = 'clipboard-write' as const

/** Typed-data markers the connector routes on. */
export const SESSION_TYPED_DATA_PRIMARY_TYPE = 'Session'
/** The domain name of a session's typed data. */
export const SESSION_TYPED_DATA_DOMAIN_NAME = 'SessionAccount.session'
/** The primary type of an outside execution's typed data (SNIP-9). */
export const OUTSIDE_EXECUTION_PRIMARY_TYPE = 'OutsideExecution'
/** The domain name of an outside execution's typed data (SNIP-9). */
export const OUTSIDE_EXECUTION_DOMAIN_NAME = 'Account.execute_from_outside'

/** Connector labels (docs/protocol.md, Parties and routes). */
export const CONNECTOR_LABELS = { title: 'Email', subtitle: 'Powered by' } as const
/**
 * A title the wallet may give the iframe modal for the screen it shows ("Log in", "Confirm transaction"):
 * short plain words, nothing else, so the page's chrome never carries the wallet's markup or a long text.
 */
export const MODAL_TITLE_PATTERN = /^[A-Z][a-z ]{1,31}$/
/** Key of the last connected wallet, removed on disconnect. */
export const LAST_CONNECTED_WALLET_KEY = 'starknetLastConnectedWallet'
/** The one wallet permission. */
export const PERMISSION_ACCOUNTS = 'accounts'
/** The wallet's events. */
export const WALLET_EVENTS = ['accountsChanged', 'networkChanged'] as const

/** Substring of the node error that makes execution retry through the gasless route. */
export const GAS_BOUNDS_EXCEED_BALANCE = 'validation failed gas bounds exceed balance'
/** Logged (not thrown) when the DeFi answer does not match its schema. */
export const BACKEND_SCHEMA_CHANGED_MESSAGE = 'Backend schema has changed...'

/** Starknet JSON-RPC error codes the product names (docs/protocol.md, Errors, chain). */
export const NODE_ERROR_CODES = {
  CONTRACT_NOT_FOUND: 20,
  BLOCK_NOT_FOUND: 24,
  INVALID_TRANSACTION_NONCE: 52,
  INSUFFICIENT_MAX_FEE: 53,
  INSUFFICIENT_ACCOUNT_BALANCE: 54,
  VALIDATION_FAILURE: 55,
  DUPLICATE_TX: 59,
  UNSUPPORTED_TX_VERSION: 61,
} as const

/** Names of the backend request headers (client, its version, the network) and the client's value. */
export const BACKEND_HEADERS = {
  client: 'argent-client',
  version: 'argent-version',
  network: 'argent-network',
} as const
export const BACKEND_CLIENT_NAME = 'webwallet-sdk'

/**
 * The universal deployer (UDC) and its entry point, which deploy accounts on the gasless route: Starknet's
 * Cairo 1 UDC on mainnet and Sepolia (starknet.js v8/v10 `constants.UDC`).
 *
 * @example
 * { contractAddress: UDC_ADDRESS, entrypoint: UDC_ENTRYPOINT, calldata: [classHash, salt, '0x0', ...] }
 */
export const UDC_ADDRESS = '0x02ceed65a4bd731034c01113685c831b01c15d7d432f71afb1cf1634b53a2125'
export const UDC_ENTRYPOINT = 'deploy_contract'
/** The legacy Cairo 0 UDC (starknet.js `constants.LegacyUDC`), still on chain; wallet-sim deploys it too. */
export const LEGACY_UDC_ADDRESS = '0x041a78e741e5af2fec34b695679bc6891742439f7afb8484ecd7766661ad02bf'
export const LEGACY_UDC_ENTRYPOINT = 'deployContract'
