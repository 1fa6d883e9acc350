// The page of lostAnswer.test.ts: an app bundled with the shim's sources that connects headless (WebSocket
// connector, the session approved by wallet-sim) and sends its node and paymaster requests through the
// test's lossy proxy. Each step answers what the app sees: the execute's hash or its error's code and data.

import { memoryKeyStore, memoryStorage, type SessionAccount, WebWallet } from '@webwallet/shim'
import { createConnector } from '@webwallet/shim/connector'

export interface PageConfig {
  readonly url: string
  readonly proxyUrl: string
  readonly trpcUrl: string
  readonly token: string
  readonly counter: string
}

export interface Outcome {
  readonly hash?: string | undefined
  readonly code?: string | undefined
  readonly data?: unknown
  readonly causeCode?: string | undefined
}

let account: SessionAccount | undefined
let counter = ''

async function connect(config: PageConfig): Promise<string> {
  counter = config.counter
  const wallet = WebWallet.init({
    appName: 'lost-answer',
    sessionParams: { allowedMethods: [{ contract: config.counter, selector: 'increment' }] },
    environment: 'dev',
    urls: {
      webWalletUrl: config.url,
      providerDefaultUrl: `${config.proxyUrl}/rpc`,
      providerBaseUrl: config.url,
      backendUrl: `${config.url}/v1`,
      paymasterUrl: config.proxyUrl,
    },
    connector: createConnector({
      transport: 'websocket',
      websocketUrl: `${config.trpcUrl}?token=${config.token}`,
      WebSocket: globalThis.WebSocket as never,
      url: config.url,
    }),
    storage: memoryStorage(),
    keyStore: memoryKeyStore(),
  })
  account = (await wallet.requestConnection()).account
  return account.address
}

async function increment(options: { gasless?: boolean } = {}): Promise<Outcome> {
  if (!account) throw new Error('connect first')
  try {
    const { transaction_hash } = await account.execute(
      { contractAddress: counter, entrypoint: 'increment', calldata: [] },
      options,
    )
    return { hash: transaction_hash }
  } catch (error) {
    const { code, data, cause } = error as { code?: string; data?: unknown; cause?: { code?: string } }
    return { code, data, causeCode: cause?.code }
  }
}

async function wait(hash: string): Promise<boolean> {
  if (!account) throw new Error('connect first')
  return (await account.waitForTransaction(hash, { retryInterval: 50 })).isSuccess()
}

Object.assign(globalThis, { lostAnswer: { connect, increment, wait } })
