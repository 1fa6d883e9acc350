// Every listener of wallet-sim in one list: each HTTP route and mount, each WebSocket path, and each kind
// of message a socket reads. The hostile-input tests are generated from it (listeners.http.test.ts,
// listeners.trpc.test.ts, listeners.ws.test.ts), and listeners.test.ts fails when the server serves a route,
// a WebSocket path, a procedure or a subscribe method that is not here (or no longer serves one that is).
// Adding a listener: add its row here; the hostile-input tests then cover it.

/** `USE`: a mount or middleware at a path (it sees every method below it); `ALL`: one route, every method. */
export type ListenerMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'ALL' | 'USE'

/** `METHOD /path` with express's `:param` segments, the path as the app mounts it. */
export type HttpListener = `${ListenerMethod} /${string}`

/**
 * Every HTTP route and mount of `createWalletSim`'s app (with the built-in chain), in mounting order, each
 * once (a guard and the router after it at one path are one `USE`).
 */
export const HTTP_LISTENERS: readonly HttpListener[] = [
  // The chain's JSON-RPC (server.ts), one router per spec version, and its own 404 below /rpc.
  ...(['/rpc/v0_7', '/rpc/v0_8', '/rpc/v0_9', '/rpc/v0_10', '/rpc'] as const).flatMap(
    (path): HttpListener[] => [`USE ${path}`, `POST ${path}/`],
  ),
  'USE /rpc',
  'GET /is_alive',
  // The portfolio backend.
  'USE /v1',
  'GET /v1/tokens/info',
  'GET /v1/tokens/info/:address',
  'GET /v1/tokens/prices',
  'GET /v1/activity/starknet/:network/account/:address/balance',
  'GET /v1/tokens/defi/:address/investments',
  'GET /v1/airdrops/:address',
  'GET /v1/starknet-id/profile/:address',
  'USE /allowlist',
  'GET /allowlist/mainnet.json',
  'GET /allowlist/sepolia.json',
  'USE /login',
  'POST /login/start',
  'POST /login/verify',
  'GET /login/me',
  'POST /login/logout',
  'GET /',
  'GET /dev',
  // The dev API (routeList.ts describes each).
  'USE /dev',
  'USE /dev/accounts/:address/name',
  'USE /dev/accounts/:address/defi',
  'USE /dev/accounts/:address/airdrops',
  'GET /dev/inbox',
  'GET /dev/inbox/:email',
  'GET /dev/approval',
  'PUT /dev/approval',
  'POST /dev/approval/next',
  'DELETE /dev/approval/next',
  'GET /dev/user',
  'PUT /dev/user',
  'GET /dev/time',
  'POST /dev/time',
  'GET /dev/accounts',
  'POST /dev/accounts',
  'POST /dev/accounts/:address/fund',
  'GET /dev/accounts/:address/name',
  'POST /dev/accounts/:address/name',
  'POST /dev/accounts/:address/defi',
  'DELETE /dev/accounts/:address/defi',
  'POST /dev/accounts/:address/airdrops',
  'DELETE /dev/accounts/:address/airdrops',
  'GET /dev/faults',
  'POST /dev/faults',
  'DELETE /dev/faults',
  // Guards in front of the wallet's dev powers.
  'USE /wallet/approvals',
  'GET /wallet/api/devLogin',
  'USE /wallet/api/devLogin',
  'USE /wallet/api/decide',
  // The paymaster (AVNU's REST API, then SNIP-29 JSON-RPC) and the cosigner.
  'USE /paymaster/v1',
  'GET /paymaster/v1/status',
  'GET /paymaster/v1/accounts/:address/rewards',
  'GET /paymaster/v1/accounts/:address/compatible',
  'GET /paymaster/v1/gas-token-prices',
  'POST /paymaster/v1/build-typed-data',
  'POST /paymaster/v1/execute',
  'USE /paymaster',
  'POST /paymaster/',
  'USE /cosigner',
  'POST /cosigner/signSession',
  'POST /cosigner/signSessionEFO',
  'POST /cosigner/revokeSession',
  // The hosted wallet: its page's API, the dev approvals, the router over HTTP, the UI.
  'POST /wallet/api/decide/',
  'USE /wallet/api',
  'GET /wallet/api/chainId',
  'GET /wallet/api/account',
  'GET /wallet/api/permissions',
  'GET /wallet/api/loginStatus',
  'POST /wallet/api/connect',
  'POST /wallet/api/disconnect',
  'POST /wallet/api/signTypedData',
  'POST /wallet/api/signSession',
  'POST /wallet/api/execute',
  'POST /wallet/api/review',
  'POST /wallet/api/contractNames',
  'GET /wallet/api/apps',
  'POST /wallet/api/revokeSession',
  'POST /wallet/api/devLogin',
  'GET /wallet/api/deploymentData',
  'GET /wallet/approvals/',
  'POST /wallet/approvals/:id',
  'ALL /trpc',
  'USE /trpc',
  'GET /iframes/comms',
  'GET /interstitialLogin',
  'GET /signMessage',
  'GET /signSessionKeys',
  'GET /review',
  'GET /approvalWindow',
  'GET /apps',
  'GET /injected.js',
  'USE /assets',
]

/** The wallet router's procedures (protocol's contract), over HTTP at /trpc/<name> and on the /trpc socket. */
export const TRPC_PROCEDURES: Readonly<Record<string, 'query' | 'mutation' | 'subscription'>> = {
  ...Object.fromEntries(
    [
      'authorize',
      'connect',
      'connectWebwallet',
      'connectWebwalletSSO',
      'connectAndSignSession',
      'enable',
      'execute',
      'signMessage',
      'signTypedData',
      'getLoginStatus',
      'logout',
      'requestAccounts',
      'requestChainId',
      'getPermissions',
      'addInvokeTransaction',
      'deploymentData',
      'addStarknetChain',
      'switchStarknetChain',
      'watchAsset',
    ].map((name) => [name, 'mutation' as const]),
  ),
  updateModal: 'subscription',
  walletEvents: 'subscription',
}

/** What a socket of each wire reads. */
export const WEBSOCKET_WIRES = {
  /** tRPC v11's WebSocket messages (a batch is an array of them; PING and PONG are plain text). */
  trpc: [
    'connectionParams',
    'query',
    'mutation',
    'subscription',
    'subscription.stop',
    'batch',
    'PING',
    'PONG',
  ],
  /** The Starknet WebSocket API: its subscribe methods, unsubscribe, every other method as over HTTP, batches. */
  starknet: [
    'starknet_subscribeNewHeads',
    'starknet_subscribeEvents',
    'starknet_subscribeTransactionStatus',
    'starknet_subscribeNewTransactionReceipts',
    'starknet_subscribeNewTransactions',
    'starknet_unsubscribe',
    'method',
    'batch',
  ],
} as const

/** Every WebSocket path of `attach` (with the built-in chain) and the wire it speaks. */
export const WEBSOCKET_LISTENERS: Readonly<Record<string, keyof typeof WEBSOCKET_WIRES>> = {
  '/trpc': 'trpc',
  '/rpc/v0_8': 'starknet',
  '/rpc/v0_9': 'starknet',
  '/rpc/v0_10': 'starknet',
  '/rpc': 'starknet',
  '/ws': 'starknet',
}

/** The `starknet_*` methods of spec 0.9 and 0.10 (0.10 adds no method; its shapes differ). */
const STARKNET_0_9 = [
  ...['specVersion', 'chainId', 'syncing', 'blockNumber', 'blockHashAndNumber', 'getNonce'],
  ...['getBlockWithTxHashes', 'getBlockWithTxs', 'getBlockWithReceipts', 'getBlockTransactionCount'],
  ...['getStateUpdate', 'traceBlockTransactions', 'getTransactionByHash', 'getTransactionByBlockIdAndIndex'],
  ...['getTransactionReceipt', 'traceTransaction', 'getTransactionStatus', 'getStorageAt', 'getClassHashAt'],
  ...['getClass', 'getClassAt', 'call', 'estimateFee', 'simulateTransactions', 'estimateMessageFee'],
  ...['getMessagesStatus', 'addInvokeTransaction', 'addDeployAccountTransaction', 'addDeclareTransaction'],
  ...['getEvents', 'getStorageProof', 'getCompiledCasm'],
].map((name) => `starknet_${name}`)

/** Spec 0.8's methods are 0.9's; 0.7 lacks these. */
const NOT_IN_0_7 = ['starknet_getMessagesStatus', 'starknet_getStorageProof', 'starknet_getCompiledCasm']

/** The `devnet_*` methods (the same in every version), with those wallet-sim refuses as unsupported. */
const DEVNET = [
  ...['impersonateAccount', 'stopImpersonateAccount', 'autoImpersonate', 'stopAutoImpersonate'],
  ...[
    'postmanLoad',
    'postmanFlush',
    'postmanConsumeMessageFromL2',
    'applyStateDiff',
    'postmanSendMessageToL2',
  ],
  ...['setGasPrice', 'acceptOnL1', 'abortBlocks', 'getPredeployedAccounts', 'mint', 'getAccountBalance'],
  ...['createBlock', 'setTime', 'increaseTime', 'getStatus', 'dump', 'load', 'snapshot', 'revert', 'restart'],
  'getConfig',
].map((name) => `devnet_${name}`)

/**
 * Every JSON-RPC method the chain answers over HTTP, per spec version (the WebSocket API answers the same
 * ones, and RPC_WS_METHODS besides). Each path's version: RPC_HTTP_PATHS and STARKNET_WS_PATHS.
 */
export const RPC_METHODS: Readonly<Record<'0.7' | '0.8' | '0.9' | '0.10', readonly string[]>> = {
  '0.7': [...STARKNET_0_9.filter((m) => !NOT_IN_0_7.includes(m)), ...DEVNET],
  '0.8': [...STARKNET_0_9, ...DEVNET],
  '0.9': [...STARKNET_0_9, ...DEVNET],
  '0.10': [...STARKNET_0_9, ...DEVNET],
}

/** The JSON-RPC paths over HTTP and the spec version each speaks (`POST /rpc…/` rows of HTTP_LISTENERS). */
export const RPC_HTTP_PATHS: Readonly<Record<string, keyof typeof RPC_METHODS>> = {
  '/rpc/v0_7': '0.7',
  '/rpc/v0_8': '0.8',
  '/rpc/v0_9': '0.9',
  '/rpc/v0_10': '0.10',
  '/rpc': '0.10',
}

const SUBSCRIBE_0_9 = WEBSOCKET_WIRES.starknet.filter((kind) => kind.startsWith('starknet_'))

/** What the WebSocket API answers besides RPC_METHODS, per version it speaks (0.7 has none). */
export const RPC_WS_METHODS: Readonly<Record<'0.8' | '0.9' | '0.10', readonly string[]>> = {
  '0.8': [
    ...['NewHeads', 'Events', 'TransactionStatus', 'PendingTransactions'].map(
      (n) => `starknet_subscribe${n}`,
    ),
    'starknet_unsubscribe',
  ],
  '0.9': SUBSCRIBE_0_9,
  '0.10': SUBSCRIBE_0_9,
}

/**
 * The methods whose result may change the chain (a valid request of theirs does); every other method, and
 * every one of these that answers an error, leaves the chain as it was.
 */
export const RPC_CHANGES_STATE: ReadonlySet<string> = new Set([
  ...['addInvokeTransaction', 'addDeployAccountTransaction', 'addDeclareTransaction'].map(
    (n) => `starknet_${n}`,
  ),
  ...['postmanSendMessageToL2', 'setGasPrice', 'acceptOnL1', 'abortBlocks', 'mint', 'createBlock', 'setTime']
    .concat(['increaseTime', 'load', 'revert', 'restart'])
    .map((n) => `devnet_${n}`),
])
