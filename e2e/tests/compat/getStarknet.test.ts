// get-starknet, unchanged, in Chromium, over the shim's wallet object on the popup and the iframe transports:
// - v4 (@starknet-io/get-starknet-core 4.0.8, what @starknet-io/get-starknet's connect() runs): discovery of
//   the object a dapp puts on `window.starknet_*`, enable() (wallet_requestAccounts then wallet_getPermissions
//   back to back: the popup closes right after the first answer), then starknet.js's WalletAccount (v8, the
//   one next to get-starknet in compat/starknetkit) executes a transaction and signs typed data through it;
// - v5 (@starknet-io/get-starknet-core 5.0.0, in compat/get-starknet): its discovery store (createStore: the
//   wallet-standard registry, EIP-6963 and the window scan) finds the same window object and hands it out as a
//   wallet-standard wallet; starknet.js v10's WalletAccountV5 connects (standard:connect), executes and signs.
import { CONTRACTS } from '@webwallet/wallet-sim'
import { RpcProvider, typedData as td } from 'starknet'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { launchBrowser } from '../../support/browser'
import { greeting } from '../../support/typedData'
import { buildWalletUi, startWalletSim } from '../wallet/walletServer'
import {
  bundle,
  compatDir,
  confirmTransaction,
  logInAndConnect,
  prompted,
  serveDapp,
  signMessage,
} from './page'

const GREETING = greeting('gm from get-starknet')

const ENTRY_V4 = `
import { getStarknet } from '@starknet-io/get-starknet-core'
import { RpcProvider, WalletAccount } from 'starknet'
import { createConnector, createStarknetWindowObject } from '@webwallet/shim/connector'
const params = new URLSearchParams(location.search)
const connector = createConnector({ url: params.get('wallet'), transport: params.get('transport') })
// What a dapp (or an extension) does for get-starknet v4 to find a wallet: a starknet_* key on window.
window.starknet_webwallet = createStarknetWindowObject(connector)
const provider = new RpcProvider({ nodeUrl: params.get('rpc') })
const gsw = getStarknet()
let account
const settle = (p) => p.then((value) => ({ value }), (e) => ({ error: { code: e.code, message: String(e.message) } }))
window.gs = {
  discover: async () => (await gsw.getAvailableWallets()).map((w) => ({ id: w.id, name: w.name })),
  enable: () => settle((async () => {
    const [wallet] = await gsw.getAvailableWallets()
    const enabled = await gsw.enable(wallet)
    account = await WalletAccount.connect(provider, enabled)
    return { id: enabled.id, address: account.address }
  })()),
  execute: (calls) => settle(account.execute(calls).then((r) => r.transaction_hash)),
  sign: (typedData) => settle(account.signMessage(typedData)),
}
`

const ENTRY_V5 = `
import { createStore } from '@starknet-io/get-starknet-core'
import { RpcProvider, WalletAccountV5 } from 'starknet'
import { createConnector, createStarknetWindowObject } from '@webwallet/shim/connector'
const params = new URLSearchParams(location.search)
const connector = createConnector({ url: params.get('wallet'), transport: params.get('transport') })
window.starknet_webwallet = createStarknetWindowObject(connector)
// get-starknet v5's discovery, as get-starknet's connect() and starknetkit v3 run it.
const store = createStore()
const found = () => store.getWallets().map((w) => ({ wallet: w, id: w.features['starknet:walletApi'].id, name: w.name }))
const provider = new RpcProvider({ nodeUrl: params.get('rpc') })
let account
const settle = (p) => p.then((value) => ({ value }), (e) => ({ error: { code: e.code, message: String(e.message) } }))
window.gs = {
  discover: async () => found().map(({ id, name }) => ({ id, name })),
  enable: () => settle((async () => {
    const [{ wallet, id }] = found()
    account = await WalletAccountV5.connect(provider, wallet)
    return { id, address: account.address }
  })()),
  execute: (calls) => settle(account.execute(calls).then((r) => r.transaction_hash)),
  sign: (typedData) => settle(account.signMessage(typedData)),
}
`

declare global {
  interface Window {
    gs: {
      discover(): Promise<{ id: string; name: string }[]>
      enable(): Promise<{ value?: { id: string; address: string }; error?: unknown }>
      execute(calls: unknown): Promise<{ value?: string; error?: unknown }>
      sign(typedData: unknown): Promise<{ value?: string[]; error?: unknown }>
    }
  }
}

const scripts: Record<'v4' | 'v5', string> = { v4: '', v5: '' }
// One Chromium for the four cases (a fresh context each): the suite runs on two cores.
let browser: Awaited<ReturnType<typeof launchBrowser>> | undefined
beforeAll(async () => {
  // v4 with compat/starknetkit's packages (starknet v8), v5 with compat/get-starknet's (and the repository's
  // starknet v10).
  const v4 = compatDir('starknetkit')
  const v5 = compatDir('get-starknet')
  buildWalletUi()
  scripts.v4 = await bundle({ contents: ENTRY_V4, resolveDir: v4 })
  scripts.v5 = await bundle({ contents: ENTRY_V5, resolveDir: v5 })
  browser = await launchBrowser()
}, 180_000)
afterAll(() => browser?.close())

const cases = (['v4', 'v5'] as const).flatMap((version) =>
  (['popup', 'iframe'] as const).map((transport) => ({ version, transport })),
)
for (const { version, transport } of cases) {
  const steps = version === 'v4' ? 'enable' : 'wallet-standard connect'
  test(`get-starknet ${version} over the shim's ${transport}: discovery, ${steps}, execute, signMessage`, async () => {
    await using sim = await startWalletSim()
    await using dapp = await serveDapp(scripts[version])
    const context = await browser!.newContext()
    const page = await context.newPage()
    const rpc = version === 'v4' ? `${sim.url}/rpc/v0_9` : `${sim.url}/rpc`
    const query = new URLSearchParams({ wallet: sim.url, transport, rpc })
    await page.goto(`${dapp.origin}/?${query}`)
    await page.waitForFunction(() => window.gs !== undefined)

    // Discovery finds the shim's wallet object, and only it.
    const discovered = await page.evaluate(() => window.gs.discover())
    expect(discovered).toEqual([{ id: 'argentWebWallet', name: 'Argent Web Wallet' }])
    const [found] = discovered

    const email = `gs-${version}-${transport}@example.com`
    const enabled = await prompted(
      transport,
      context,
      page,
      () => page.evaluate(() => window.gs.enable()),
      logInAndConnect(sim, email),
    )
    const address = sim.login.user(email)?.account.address
    expect(enabled).toEqual({ value: { id: found?.id, address } })

    const calls = [{ contractAddress: CONTRACTS.counter, entrypoint: 'increment', calldata: [] }]
    const sent = await prompted(
      transport,
      context,
      page,
      () => page.evaluate((c) => window.gs.execute(c), calls),
      confirmTransaction,
    )
    const provider = new RpcProvider({ nodeUrl: `${sim.url}/rpc/v0_9` })
    expect((await provider.waitForTransaction(sent.value ?? '', { retryInterval: 100 })).isSuccess()).toBe(
      true,
    )

    const signed = await prompted(
      transport,
      context,
      page,
      () => page.evaluate((t) => window.gs.sign(t), GREETING),
      signMessage,
    )
    const signature = signed.value ?? []
    const [valid] = await provider.callContract({
      contractAddress: address ?? '',
      entrypoint: 'is_valid_signature',
      calldata: [td.getMessageHash(GREETING, address ?? ''), String(signature.length), ...signature],
    })
    expect(BigInt(valid ?? 0)).toBe(0x56414c4944n) // 'VALID'
    await context.close()
  })
}
