// The shim's HTTP transport (tRPC's HTTP wire, `transport: 'http'`) against wallet-sim's router at
// /trpc/<procedure> (approval mode `auto`): starknet.js's WalletAccount connects and executes through it, calls of one
// batch interval share one POST, and a login token the wallet does not know is USER_LOGGED_OUT.
import {
  createConnector,
  createStarknetWindowObject,
  createWindowConnector,
  openTransport,
} from '@webwallet/shim/connector'
import { CONTRACTS, type RunningSim, startSim } from '@webwallet/wallet-sim'
import { RpcProvider, WalletAccount } from 'starknet-v8'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { logIn } from './login'

const COUNTER = CONTRACTS.counter
const EMAIL = 'http@example.com'

let sim: RunningSim
beforeAll(async () => {
  sim = await startSim({ approve: 'auto', email: EMAIL })
})
afterAll(() => sim?.close())

it('starknet.js WalletAccount connects and executes over HTTP (each call waits for the approval)', async () => {
  const connector = createConnector({ transport: 'http', url: sim.url })
  const provider = new RpcProvider({ nodeUrl: `${sim.url}/rpc/v0_9` })
  const account = await WalletAccount.connect(provider, createStarknetWindowObject(connector))
  const user = sim.walletSim.login.users().find((u) => u.email === EMAIL)
  expect(account.address).toBe(user?.address)
  const { transaction_hash } = await account.execute([
    { contractAddress: COUNTER, entrypoint: 'increment', calldata: [] },
  ])
  const receipt = await provider.waitForTransaction(transaction_hash, { retryInterval: 100 })
  expect(receipt.isSuccess()).toBe(true)
  await connector.disconnect()
})

it('sends the calls of one batch interval as one POST, with the login token as a Bearer header', async () => {
  const token = await logIn(sim, 'batch@example.com')
  const sent: Array<{ url: string; method: string | undefined; authorization: string | null }> = []
  const wallet = openTransport('http', {
    walletUrl: sim.url,
    brandName: 'Argent',
    http: {
      batchIntervalMs: 20,
      headers: { authorization: `Bearer ${token}` },
      fetch: (url, init) => {
        sent.push({
          url: String(url),
          method: init?.method,
          authorization: new Headers(init?.headers).get('authorization'),
        })
        return fetch(url, init)
      },
    },
  })
  try {
    const [chainId, accounts, status] = await Promise.all([
      wallet.mutate({ procedure: 'requestChainId', input: undefined }),
      wallet.mutate({ procedure: 'requestAccounts', input: { silent_mode: false } }),
      wallet.mutate({ procedure: 'getLoginStatus', input: undefined }),
    ])
    const user = sim.walletSim.login.users().find((u) => u.email === 'batch@example.com')
    expect([chainId, accounts, status]).toEqual([
      '0x534e5f5345504f4c4941',
      [user?.address],
      { isLoggedIn: true, hasSession: false, isPreauthorized: false },
    ])
    expect(sent).toEqual([
      {
        url: `${sim.url}/trpc/requestChainId,requestAccounts,getLoginStatus?batch=1`,
        method: 'POST',
        authorization: `Bearer ${token}`,
      },
    ])
  } finally {
    wallet.destroy()
  }
})

it('a token the wallet does not know is USER_LOGGED_OUT, and the connector forgets the connection', async () => {
  const connector = createConnector({
    transport: 'http',
    url: sim.url,
    http: { headers: { authorization: 'Bearer not-a-token' } },
  })
  await expect(connector.connect()).rejects.toMatchObject({ code: 'USER_LOGGED_OUT' })
  await expect(connector.request({ type: 'wallet_requestChainId' })).resolves.toBe('0x534e5f5345504f4c4941')
  expect(await connector.ready()).toBe(false)
})

it("the window-only connector (WebWallet's default) has no HTTP transport: 'Wallet not available'", async () => {
  const windowOnly = createWindowConnector({ transport: 'http', url: sim.url })
  await expect(windowOnly.connect()).rejects.toMatchObject({ code: 'WALLET_NOT_AVAILABLE' })
})
