// The page of tabs.test.ts: an app bundled with the shim's sources, opened in two tabs of one origin. Both
// keep the session where an app does (localStorage, the key in IndexedDB) and connect headless (WebSocket
// connector, the session approved by wallet-sim).

import { type SessionAccount, WebWallet } from '@webwallet/shim'
import { createConnector } from '@webwallet/shim/connector'

export interface TabConfig {
  readonly url: string
  readonly rpcUrl: string
  readonly trpcUrl: string
  readonly token: string
  readonly counter: string
}

let wallet: WebWallet | undefined
let counter = ''
let held: SessionAccount | undefined

const sdk = () => {
  if (!wallet) throw new Error('init first')
  return wallet
}

function init(config: TabConfig): void {
  counter = config.counter
  wallet = WebWallet.init({
    appName: 'tabs',
    sessionParams: { allowedMethods: [{ contract: config.counter, selector: 'increment' }] },
    environment: 'dev',
    urls: {
      webWalletUrl: config.url,
      providerDefaultUrl: config.rpcUrl,
      providerBaseUrl: config.url,
      backendUrl: `${config.url}/v1`,
      paymasterUrl: config.url,
    },
    connector: createConnector({
      transport: 'websocket',
      websocketUrl: `${config.trpcUrl}?token=${config.token}`,
      WebSocket: globalThis.WebSocket as never,
      url: config.url,
    }),
  })
}

async function connect(): Promise<string | undefined> {
  held = (await sdk().connect())?.account
  return held?.address
}

async function sign(): Promise<string> {
  held = (await sdk().requestConnection()).account
  return held.session.sessionKey.publicKey
}

/** `n` executes at once with the account this tab holds: their hashes, or their error codes. */
async function run(n: number): Promise<{ hash?: string; code?: string }[]> {
  const account = held
  if (!account) throw new Error('connect first')
  const call = { contractAddress: counter, entrypoint: 'increment', calldata: [] }
  return Promise.all(
    Array.from({ length: n }, () =>
      account.execute(call).then(
        ({ transaction_hash }) => ({ hash: transaction_hash }),
        (error: { code?: string; message?: string }) => ({ code: error.code ?? String(error.message) }),
      ),
    ),
  )
}

async function wait(hash: string): Promise<boolean> {
  if (!held) throw new Error('connect first')
  return (await held.waitForTransaction(hash, { retryInterval: 50 })).isSuccess()
}

const state = () => ({
  status: sdk().getSessionStatus() ?? null,
  publicKey: sdk().sessionAccount?.session.sessionKey.publicKey ?? null,
})

const clear = () => sdk().clearSession()

/** revokeSession(): undefined when it worked, else its error code. */
const revoke = () =>
  sdk()
    .revokeSession()
    .then(
      () => undefined,
      (error: { code?: string }) => error.code ?? 'no code',
    )

Object.assign(globalThis, { tabs: { init, connect, sign, run, wait, state, clear, revoke } })
