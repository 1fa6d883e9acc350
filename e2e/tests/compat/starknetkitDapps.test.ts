// Issue 35: pages written as the starknetkit example dapp's 1.x and 2.x pages write them send transactions with
// nested and object calldata through wallet-sim's hosted wallet (popup), and they land:
// - starknetkit 1.1.9 (compat/starknetkit1, starknet.js 6): `connector.account().execute(calls)`, which
//   sends the wallet's `execute` as [calls, {}];
// - starknetkit 2.8.0 (compat/invisible-sdk's, starknet.js 6): starknet.js `WalletAccount` over
//   `connector.wallet`, which sends `wallet_addInvokeTransaction` with the calldata uncompiled.
// Each batch is an ERC-20 transfer whose amount is a u256 object and the multicall's `aggregate(calls)`, an
// array of structs that hold arrays: both as starknet.js's `CallData.compile` compiles them.
import type { Browser } from 'playwright-core'
import { hash, RpcProvider } from 'starknet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../../support/browser'
import { buildWalletUi, startWalletSim } from '../wallet/walletServer'
import { bundle, compatDir, confirmTransaction, logInAndConnect, prompted, serveDapp } from './page'

const STRK = '0x04718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d'
const MULTICALL = '0x05754af3760f3356da99aea5c3ec39ccac7783d925a19666ebbeca58ff0087f4'

const PAGES = [
  {
    name: 'starknetkit 1.1.9 (the example dapp 1.x page)',
    dir: 'starknetkit1',
    recipient: '0x5bd1e501',
    rpc: 'v0_7',
    script: `
import { WebWalletConnector } from 'starknetkit/webwallet'
import { RpcProvider } from 'starknet'
const params = new URLSearchParams(location.search)
const provider = new RpcProvider({ nodeUrl: params.get('rpc') })
const connector = new WebWalletConnector({ url: params.get('wallet'), provider })
window.kitDapp = {
  async connect() {
    return (await connector.connect()).account
  },
  async execute(calls) {
    const account = await connector.account()
    return (await account.execute(calls)).transaction_hash
  },
}`,
  },
  {
    name: 'starknetkit 2.8.0 (the example dapp 2.x page)',
    dir: 'invisible-sdk',
    recipient: '0x5bd1e502',
    rpc: 'v0_7',
    script: `
import { WebWalletConnector } from 'starknetkit/webwallet'
import { RpcProvider, WalletAccount } from 'starknet'
const params = new URLSearchParams(location.search)
const provider = new RpcProvider({ nodeUrl: params.get('rpc') })
const connector = new WebWalletConnector({ url: params.get('wallet') })
let address
window.kitDapp = {
  async connect() {
    address = (await connector.connect()).account
    return address
  },
  async execute(calls) {
    const account = new WalletAccount(provider, connector.wallet, undefined, address)
    return (await account.execute(calls)).transaction_hash
  },
}`,
  },
]

declare global {
  interface Window {
    kitDapp: { connect(): Promise<string>; execute(calls: unknown): Promise<string> }
  }
}

let sim: Awaited<ReturnType<typeof startWalletSim>>
let browser: Browser
beforeAll(async () => {
  buildWalletUi()
  sim = await startWalletSim()
  browser = await launchBrowser()
}, 240_000)
afterAll(async () => {
  await browser?.close()
  await sim?.[Symbol.asyncDispose]()
})

describe.each(PAGES)('$name', ({ dir, recipient, rpc, script }) => {
  it('sends a batch with a u256 object and an array of structs holding arrays, and it lands', async () => {
    const code = await bundle({ contents: script, resolveDir: compatDir(dir) })
    await using dapp = await serveDapp(code)
    const context = await browser.newContext()
    // starknetkit fetches the provider's iframe allow-list; an empty list makes it use the popup.
    await context.route(
      (url) => url.hostname !== 'localhost' && url.hostname !== '127.0.0.1',
      (route) => route.fulfill({ json: { allowedDapps: [] } }),
    )
    const page = await context.newPage()
    const query = `wallet=${encodeURIComponent(sim.url)}&rpc=${encodeURIComponent(`${sim.url}/rpc/${rpc}`)}`
    await page.goto(`${dapp.origin}/?${query}`)
    await page.waitForFunction(() => window.kitDapp !== undefined)

    const email = `${dir}@example.com`
    const address = await prompted(
      'popup',
      context,
      page,
      () => page.evaluate(() => window.kitDapp.connect()),
      logInAndConnect(sim, email),
    )
    expect(BigInt(address)).toBe(BigInt(sim.login.user(email)?.account.address ?? '0x0'))

    const calls = [
      // Arguments by name, the amount a u256 object: [recipient, low, high].
      { contractAddress: STRK, entrypoint: 'transfer', calldata: { recipient, amount: { low: 7, high: 0 } } },
      // aggregate(calls: Array<Call>): a list of structs, each with a list inside.
      {
        contractAddress: MULTICALL,
        entrypoint: 'aggregate',
        calldata: [
          [
            { to: STRK, selector: hash.getSelectorFromName('balance_of'), calldata: [recipient] },
            { to: STRK, selector: hash.getSelectorFromName('decimals'), calldata: [] },
          ],
        ],
      },
    ]
    const txHash = await prompted(
      'popup',
      context,
      page,
      () => page.evaluate((sent) => window.kitDapp.execute(sent), calls),
      confirmTransaction,
    )
    const provider = new RpcProvider({ nodeUrl: `${sim.url}/rpc` })
    const receipt = await provider.waitForTransaction(txHash, { retryInterval: 100 })
    expect(receipt.isSuccess()).toBe(true)
    const [low] = await provider.callContract({
      contractAddress: STRK,
      entrypoint: 'balance_of',
      calldata: [recipient],
    })
    expect(BigInt(low ?? '0x0')).toBe(7n)
    await context.close()
  }, 120_000)
})
