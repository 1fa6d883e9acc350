// @ts-check
// A plain Node ESM script using the SDK headless: the connector's WebSocket transport to a wallet-sim started
// with `--approve auto --email …` (it answers the wallet's prompts for that user), a session, one call.
// Usage: node main.mjs http://127.0.0.1:PORT — prints one JSON line.
import { devUrls, memoryKeyStore, memoryStorage, WebWallet } from '@webwallet/shim'
import { createConnector } from '@webwallet/shim/connector'
import { CONTRACTS, DEFAULT_PAYMASTER_API_KEYS } from '@webwallet/wallet-sim'
import { WebSocket } from 'ws'

const walletUrl = process.argv[2] ?? 'http://localhost:3005'
const connector = createConnector({
  url: walletUrl,
  transport: 'websocket',
  // Node 20 has no global WebSocket: the connector takes ws's.
  WebSocket: /** @type {never} */ (WebSocket),
})
const wallet = WebWallet.init({
  appName: 'consumer-node',
  environment: 'dev',
  urls: devUrls(walletUrl), // every URL of 'dev' on wallet-sim's origin
  connector,
  storage: memoryStorage(),
  keyStore: memoryKeyStore(),
  sessionParams: {
    allowedMethods: [{ contract: CONTRACTS.counter, selector: 'increment' }],
    validityDays: 1,
  },
  // The new account's first call deploys it through the paymaster: sponsored by wallet-sim's default key.
  paymasterParams: { apiKey: DEFAULT_PAYMASTER_API_KEYS[0] },
})

const { account } = await wallet.requestConnection()
const { transaction_hash } = await account.execute([
  { contractAddress: CONTRACTS.counter, entrypoint: 'increment', calldata: [] },
])
const receipt = await account.waitForTransaction(transaction_hash, { retryInterval: 250 })
console.log(JSON.stringify({ address: account.address, transaction_hash, status: receipt.execution_status }))
await connector.disconnect()
