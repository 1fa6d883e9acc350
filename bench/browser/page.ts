// The bench page: the SDK and the connector as an app bundles them, and the measurements run inside the
// page (performance.now around the calls) so the numbers are what the app sees, not the driver's overhead.

import { STRK_ADDRESS } from '@webwallet/protocol'
import { WebWallet } from '@webwallet/shim'
import { createConnector } from '@webwallet/shim/connector'

// wallet-sim's counter: a session call that moves no funds (the cosigner co-signs a STRK transfer only to the
// paymaster, as its fee: the session keeps STRK `transfer` for the first execute's gasless deployment).
const COUNTER = '0x00c0ffee000000000000000000000000000000000000000000000000000c0de2'
const STRK = STRK_ADDRESS
const increment = { contractAddress: COUNTER, entrypoint: 'increment', calldata: [] }

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN
}

let connector: ReturnType<typeof createConnector> | undefined
let wallet: WebWallet | undefined

/**
 * The SDK for this wallet-sim, with an explicit iframe connector (no transport probe at init), or with the
 * SDK's own connector (`ownConnector`), loaded on first use: a connector made by the app and holding a stored
 * connection loads its iframe at once, to follow the wallet's pushes.
 */
function init(walletUrl: string, ownConnector = false) {
  connector = ownConnector ? undefined : createConnector({ url: walletUrl, transport: 'iframe' })
  wallet = WebWallet.init({
    appName: 'bench',
    environment: 'dev',
    sessionParams: {
      allowedMethods: [
        { contract: COUNTER, selector: 'increment' },
        { contract: STRK, selector: 'transfer' },
      ],
      validityDays: 1,
    },
    urls: {
      webWalletUrl: walletUrl,
      providerDefaultUrl: `${walletUrl}/rpc`,
      providerBaseUrl: walletUrl,
      backendUrl: `${walletUrl}/v1`,
      paymasterUrl: walletUrl,
    },
    ...(connector ? { connector } : {}),
  })
  return { connector, wallet }
}

const api = {
  /** First connect through the iframe: milliseconds around `connector.connect()`. */
  async connectIframe(walletUrl: string) {
    const { connector } = init(walletUrl)
    if (!connector) throw new Error('bench: no connector')
    const start = performance.now()
    const result = await connector.connect()
    return { ms: performance.now() - start, account: result.account[0] }
  },
  /** Signs a session (the driver approves it in the wallet) and leaves it stored for a reload. */
  async requestConnection() {
    const { account } = await wallet!.requestConnection()
    return account.address
  },
  /**
   * Restored sessions: milliseconds around `wallet.connect()` on a fresh SDK (its own connector, as an app
   * that passes none), the first after the page loaded and p50 of `count`.
   */
  async restore(walletUrl: string, count: number) {
    const times: number[] = []
    let account: string | undefined
    for (let i = 0; i < count; i++) {
      const { wallet } = init(walletUrl, true)
      const start = performance.now()
      const restored = await wallet.connect()
      times.push(performance.now() - start)
      account = restored?.account.address
      if (!account) break
    }
    return { firstMs: times[0] ?? Number.NaN, p50: percentile(times, 50), count: times.length, account }
  },
  /** `count` wallet requests in a row over postMessage: p50 and p99 in milliseconds. */
  async requestRoundTrips(count: number) {
    const times: number[] = []
    for (let i = 0; i < count; i++) {
      const start = performance.now()
      await connector!.request({ type: 'wallet_requestChainId' })
      times.push(performance.now() - start)
    }
    return { p50: percentile(times, 50), p99: percentile(times, 99), count }
  },
  /** Session executes end to end: to the transaction hash, and to the receipt (100 ms polls). */
  async execute(count: number) {
    const account = wallet!.sessionAccount!
    const toHash: number[] = []
    const toReceipt: number[] = []
    for (let i = 0; i < count; i++) {
      const start = performance.now()
      const { transaction_hash } = await account.execute(increment)
      toHash.push(performance.now() - start)
      const receipt = await account.waitForTransaction(transaction_hash, { retryInterval: 100 })
      if (receipt.execution_status !== 'SUCCEEDED') throw new Error(`execute ${receipt.execution_status}`)
      toReceipt.push(performance.now() - start)
    }
    return { toHashP50: percentile(toHash, 50), toReceiptP50: percentile(toReceipt, 50), count }
  },
}

declare global {
  interface Window {
    bench: typeof api
  }
}
window.bench = api
