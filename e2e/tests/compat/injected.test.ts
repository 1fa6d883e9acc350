// wallet-sim's injected wallet, found by dapps written for Argent X and Braavos with no change to their
// connector code, in Chromium, hands-free (the wallet's own page answers in its hidden iframe):
// - get-starknet v4 (@starknet-io/get-starknet-core 4, compat/starknetkit, starknet.js v8): discovery of
//   `window.starknet_argentX`, enable, WalletAccount executes and signs, a refusal (rejectNext) is code 113;
// - get-starknet v5 (compat/get-starknet): the wallet-standard wallet (standard:connect, starknet:walletApi)
//   with starknet.js v10's WalletAccountV5;
// - starknet-react 5 (compat/starknet-react): `argent()` and `braavos()` InjectedConnectors connect, execute,
//   sign, refuse, and follow an account switch (accountsChanged);
// - starknetkit 3's InjectedConnector (compat/starknetkit) for `braavos`: connect, execute, sign, refuse.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { CONTRACTS, injectedWalletScript } from '@webwallet/wallet-sim'
import {
  addInjectedWallet,
  type InjectedIdentity,
  type LaunchedWalletSim,
  launchWalletSim,
  type WalletControl,
  walletControl,
} from '@webwallet/wallet-sim/playwright/core'
import type { BrowserContext, Page } from 'playwright-core'
import { RpcProvider, typedData as td } from 'starknet'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { launchBrowser } from '../../support/browser'
import { greeting } from '../../support/typedData'
import { buildWalletUi } from '../wallet/walletServer'
import { bundle, compatDir } from './page'

const SETTLE = `const settle = (p) => p.then((value) => ({ value }), (e) => ({ error: { code: e.code, message: String(e.message) } }))`
const ENTRIES = {
  v4: `
import { getStarknet } from '@starknet-io/get-starknet-core'
import { RpcProvider, WalletAccount } from 'starknet'
const provider = new RpcProvider({ nodeUrl: new URLSearchParams(location.search).get('rpc') })
const gsw = getStarknet()
let account
${SETTLE}
window.injectedDapp = {
  discover: async () => (await gsw.getAvailableWallets()).map((w) => ({ id: w.id, name: w.name })),
  connect: (id) => settle((async () => {
    const wallet = (await gsw.getAvailableWallets()).find((w) => w.id === id)
    const enabled = await gsw.enable(wallet)
    account = await WalletAccount.connect(provider, enabled)
    return account.address
  })()),
  execute: (calls) => settle(account.execute(calls).then((r) => r.transaction_hash)),
  sign: (typedData) => settle(account.signMessage(typedData)),
}`,
  v5: `
import { createStore } from '@starknet-io/get-starknet-core'
import { RpcProvider, WalletAccountV5 } from 'starknet'
const provider = new RpcProvider({ nodeUrl: new URLSearchParams(location.search).get('rpc') })
const store = createStore()
let account
${SETTLE}
window.injectedDapp = {
  discover: async () => store.getWallets().map((w) => ({ id: w.features['starknet:walletApi'].id, name: w.name })),
  connect: (id) => settle((async () => {
    const wallet = store.getWallets().find((w) => w.features['starknet:walletApi'].id === id)
    account = await WalletAccountV5.connect(provider, wallet)
    return account.address
  })()),
  execute: (calls) => settle(account.execute(calls).then((r) => r.transaction_hash)),
  sign: (typedData) => settle(account.signMessage(typedData)),
}`,
  react: `
import { argent, braavos } from '@starknet-react/core'
import { RpcProvider } from 'starknet'
const provider = new RpcProvider({ nodeUrl: new URLSearchParams(location.search).get('rpc') })
const connectors = { argentX: argent(), braavos: braavos() }
let connector
let account
const changes = []
${SETTLE}
window.injectedDapp = {
  discover: async () => Object.values(connectors).filter((c) => c.available()).map((c) => ({ id: c.id, name: c.name })),
  connect: (id) => settle((async () => {
    connector = connectors[id]
    connector.on('change', (data) => changes.push(data.account))
    const { account: address } = await connector.connect()
    account = await connector.account(provider)
    return address
  })()),
  execute: (calls) => settle(account.execute(calls).then((r) => r.transaction_hash)),
  sign: (typedData) => settle(account.signMessage(typedData)),
  changes: () => changes,
  ready: (id) => connectors[id].ready(),
}`,
  kit: `
import { InjectedConnector } from 'starknetkit/injected'
import { RpcProvider } from 'starknet'
const provider = new RpcProvider({ nodeUrl: new URLSearchParams(location.search).get('rpc') })
const connectors = { argentX: new InjectedConnector({ options: { id: 'argentX' } }), braavos: new InjectedConnector({ options: { id: 'braavos' } }) }
let account
${SETTLE}
window.injectedDapp = {
  discover: async () => Object.values(connectors).filter((c) => c.available()).map((c) => ({ id: c.id, name: c.name })),
  connect: (id) => settle((async () => {
    const { account: address } = await connectors[id].connect()
    account = await connectors[id].account(provider)
    return address
  })()),
  execute: (calls) => settle(account.execute(calls).then((r) => r.transaction_hash)),
  sign: (typedData) => settle(account.signMessage(typedData)),
}`,
} as const
type Entry = keyof typeof ENTRIES

declare global {
  interface Window {
    injectedDapp: {
      discover(): Promise<{ id: string; name: string }[]>
      connect(id: string): Promise<{ value?: string; error?: { code: unknown; message: string } }>
      execute(calls: unknown): Promise<{ value?: string; error?: { code: unknown; message: string } }>
      sign(typedData: unknown): Promise<{ value?: string[]; error?: { code: unknown; message: string } }>
      changes(): (string | undefined)[]
      ready(id: string): Promise<boolean>
    }
  }
}

const scripts: Record<Entry, string> = { v4: '', v5: '', react: '', kit: '' }
let server: ReturnType<typeof createServer>
let origin = ''
let sim: LaunchedWalletSim
let wallet: WalletControl
let browser: Awaited<ReturnType<typeof launchBrowser>> | undefined

beforeAll(async () => {
  buildWalletUi()
  scripts.v4 = await bundle({ contents: ENTRIES.v4, resolveDir: compatDir('starknetkit') })
  scripts.v5 = await bundle({ contents: ENTRIES.v5, resolveDir: compatDir('get-starknet') })
  scripts.react = await bundle({ contents: ENTRIES.react, resolveDir: compatDir('starknet-react') })
  scripts.kit = await bundle({ contents: ENTRIES.kit, resolveDir: compatDir('starknetkit') })
  // One dapp origin for the three pages (wallet-sim answers it hands-free), another origin than the wallet's.
  server = createServer(servePage)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://localhost:${(server.address() as AddressInfo).port}`
  sim = await launchWalletSim({ dappOrigins: [origin], accounts: 1 })
  wallet = walletControl(sim.url)
  browser = await launchBrowser()
}, 240_000)

function servePage(req: IncomingMessage, res: ServerResponse): void {
  const entry = /^\/(v4|v5|react|kit)\.js/.exec(req.url ?? '')?.[1] as Entry | undefined
  res.setHeader('content-type', entry ? 'text/javascript' : 'text/html')
  const page = new URLSearchParams((req.url ?? '').split('?')[1]).get('entry') ?? 'v4'
  res.end(
    entry
      ? scripts[entry]
      : `<!doctype html><title>dapp</title><script type="module" src="/${page}.js"></script>`,
  )
}
afterAll(async () => {
  await browser?.close()
  await sim?.close()
  await new Promise((resolve) => server?.close(resolve))
})

/** The wallet's paths the pages of `context` fetched (the wallet page's scripts, its API calls). */
const walletPaths = new WeakMap<BrowserContext, string[]>()
const scriptsOf = (context: BrowserContext) =>
  new Set((walletPaths.get(context) ?? []).filter((path) => path.endsWith('.js')))

async function open(entry: Entry, as: InjectedIdentity, context?: BrowserContext): Promise<Page> {
  if (context === undefined) {
    context = await browser!.newContext()
    await addInjectedWallet(context, sim.url, as)
    const paths: string[] = []
    walletPaths.set(context, paths)
    context.on('request', (r) => r.url().startsWith(sim.url) && paths.push(new URL(r.url()).pathname))
  }
  const page = await context.newPage()
  const rpc = entry === 'v5' ? `${sim.url}/rpc` : `${sim.url}/rpc/v0_9`
  await page.goto(`${origin}/?${new URLSearchParams({ entry, rpc })}`)
  await page.waitForFunction(() => window.injectedDapp !== undefined)
  return page
}

const provider = () => new RpcProvider({ nodeUrl: `${sim.url}/rpc/v0_9` })
const GREETING = greeting('gm from an injected wallet')
const INCREMENT = () => [{ contractAddress: CONTRACTS.counter, entrypoint: 'increment', calldata: [] }]

/** Connect, execute, sign and a refusal on one page, as `as`; answers the connected address. */
async function journey(page: Page, as: InjectedIdentity): Promise<string> {
  const connected = await page.evaluate((id) => window.injectedDapp.connect(id), as)
  expect(connected).toEqual({ value: expect.stringMatching(/^0x[0-9a-f]+$/) })
  const address = connected.value ?? ''
  expect(BigInt(address)).toBe(BigInt(await wallet.address()))

  const sent = await page.evaluate((calls) => window.injectedDapp.execute(calls), INCREMENT())
  const receipt = await provider().waitForTransaction(sent.value ?? '', { retryInterval: 100 })
  expect(receipt.isSuccess()).toBe(true)

  const signed = await page.evaluate((t) => window.injectedDapp.sign(t), GREETING)
  const signature = signed.value ?? []
  const [valid] = await provider().callContract({
    contractAddress: address,
    entrypoint: 'is_valid_signature',
    calldata: [td.getMessageHash(GREETING, address), String(signature.length), ...signature],
  })
  expect(BigInt(valid ?? 0)).toBe(0x56414c4944n) // 'VALID'

  await wallet.rejectNext()
  const refused = await page.evaluate((calls) => window.injectedDapp.execute(calls), INCREMENT())
  expect(refused.error).toMatchObject({ code: 113 })
  return address
}

test('get-starknet v4 finds window.starknet_argentX; enable, execute, sign and a refusal (113)', async () => {
  const page = await open('v4', 'argentX')
  expect(await page.evaluate(() => window.injectedDapp.discover())).toEqual([
    { id: 'argentX', name: 'Argent X' },
  ])
  await journey(page, 'argentX')
  // Hands-free, the wallet's frame never needed its screens: it fetched its script, not theirs (walletPage.tsx).
  expect(walletPaths.get(page.context())).toContain('/iframes/comms')
  expect(scriptsOf(page.context()).size).toBe(1)
  await page.context().close()
}, 120_000)

test('get-starknet v5 finds the wallet-standard wallet; WalletAccountV5 connects, executes, signs', async () => {
  const page = await open('v5', 'walletsim')
  expect(await page.evaluate(() => window.injectedDapp.discover())).toEqual([
    { id: 'walletsim', name: 'wallet-sim' },
  ])
  await journey(page, 'walletsim')
  await page.context().close()
}, 120_000)

for (const as of ['argentX', 'braavos'] as const) {
  test(`starknet-react's ${as === 'argentX' ? 'argent()' : 'braavos()'} connector: connect, execute, sign, refuse, account switch`, async () => {
    const page = await open('react', as)
    expect((await page.evaluate(() => window.injectedDapp.discover())).map((w) => w.id)).toEqual([as])
    await journey(page, as)
    // Another user in the wallet: the dapp's next connect hears accountsChanged and sends as that account.
    const other = await wallet.login(`${as}-switch@example.com`)
    try {
      const again = await page.evaluate((id) => window.injectedDapp.connect(id), as)
      expect(BigInt(again.value ?? 0)).toBe(BigInt(other))
      const changes = await page.evaluate(() => window.injectedDapp.changes())
      expect(changes.map((a) => (a === undefined ? a : BigInt(a)))).toContain(BigInt(other))
      const sent = await page.evaluate((calls) => window.injectedDapp.execute(calls), INCREMENT())
      const tx = await provider().getTransactionByHash(sent.value ?? '')
      expect(BigInt((tx as { sender_address?: string }).sender_address ?? 0)).toBe(BigInt(other))
    } finally {
      await wallet.login('user@example.com')
    }
    await page.context().close()
  }, 120_000)
}

test('the account read at connect serves the transaction after it; a user switched since is seen, not reused', async () => {
  const page = await open('v4', 'walletsim')
  const paths = walletPaths.get(page.context()) ?? []
  const apiSince = (from: number) => paths.slice(from).filter((path) => path.startsWith('/wallet/api/'))
  expect((await page.evaluate(() => window.injectedDapp.connect('walletsim'))).value).toBeDefined()
  const connected = paths.length
  const sent = await page.evaluate((calls) => window.injectedDapp.execute(calls), INCREMENT())
  expect((await provider().waitForTransaction(sent.value ?? '', { retryInterval: 100 })).isSuccess()).toBe(
    true,
  )
  // One request before the consent (the hands-free decision, which proves the login), then the send.
  expect(apiSince(connected)).toEqual(['/wallet/api/decide', '/wallet/api/execute'])

  const other = await wallet.login('reuse-switch@example.com')
  try {
    const before = paths.length
    const again = await page.evaluate((calls) => window.injectedDapp.execute(calls), INCREMENT())
    const tx = await provider().getTransactionByHash(again.value ?? '')
    expect(BigInt((tx as { sender_address?: string }).sender_address ?? 0)).toBe(BigInt(other))
    // The stale login's decision took nothing (401); the request ran again as the new user.
    expect(apiSince(before).filter((path) => path === '/wallet/api/decide')).toHaveLength(2)
    expect(apiSince(before).filter((path) => path === '/wallet/api/execute')).toHaveLength(1)
  } finally {
    await wallet.login('user@example.com')
  }
  await page.context().close()
}, 60_000)

test("starknetkit's injected connector (id braavos): connect, execute, sign, refuse", async () => {
  const page = await open('kit', 'braavos')
  expect((await page.evaluate(() => window.injectedDapp.discover())).map((w) => w.id)).toEqual(['braavos'])
  await journey(page, 'braavos')
  await page.context().close()
}, 120_000)

test("manual answers: the wallet's own screens show in the injected wallet's frame (login, connect, review)", async () => {
  await wallet.setApproval('manual')
  try {
    const page = await open('react', 'argentX')
    const overlay = page.locator('[data-wallet-sim=argentX]')
    const prompt = page.frameLocator('[data-wallet-sim=argentX] iframe')
    const email = 'injected-manual@example.com'
    const connected = page.evaluate(() => window.injectedDapp.connect('argentX'))
    await prompt.getByLabel('E-mail address').fill(email)
    await expect.poll(() => overlay.isVisible()).toBe(true)
    await prompt.getByRole('button', { name: 'Send code' }).click()
    await prompt.getByLabel('Code').waitFor()
    await prompt.getByLabel('Code').fill(await wallet.loginCode(email))
    await prompt.getByRole('button', { name: 'Log in' }).click()
    await prompt.getByRole('heading', { name: 'Connect' }).waitFor()
    await prompt.getByRole('button', { name: 'Connect' }).click()
    const address = (await connected).value ?? ''
    expect(address).toMatch(/^0x[0-9a-f]+$/)
    await expect.poll(() => overlay.isVisible()).toBe(false)
    // The screens came as their own chunk when the wallet first asked.
    expect(scriptsOf(page.context()).size).toBe(2)

    const sent = page.evaluate((calls) => window.injectedDapp.execute(calls), INCREMENT())
    await prompt.getByRole('heading', { name: 'Confirm transaction' }).waitFor()
    await prompt.getByRole('button', { name: 'Confirm' }).click()
    const receipt = await provider().waitForTransaction((await sent).value ?? '', { retryInterval: 100 })
    expect(receipt.isSuccess()).toBe(true)

    // The next page of the context: the wallet's frame (on the dapp's site, localhost) kept its login, and the
    // dapp its connection, so nothing is asked again.
    const next = await open('react', 'argentX', page.context())
    expect(await next.evaluate(() => window.injectedDapp.connect('argentX'))).toEqual({ value: address })
    expect(await next.locator('[data-wallet-sim=argentX]').isVisible()).toBe(false)
    await page.context().close()
  } finally {
    await wallet.setApproval('auto')
  }
}, 120_000)

test('the fixtures preload the wallet page once the dapp has loaded; the script alone waits for a request', async () => {
  // addInjectedWallet (the injectedWallet fixture): the frame comes after the dapp's load event, one only
  // (the script runs in every frame too, and neither the wallet's page nor an about:blank frame preloads).
  const page = await open('v4', 'argentX')
  await expect.poll(() => walletPaths.get(page.context())).toContain('/iframes/comms')
  await expect
    .poll(() => page.frames().map((f) => new URL(f.url()).pathname))
    .toEqual(['/', '/iframes/comms'])
  await page.context().close()

  const context = await browser!.newContext()
  try {
    const script = injectedWalletScript({
      walletOrigin: sim.url,
      chainId: '0x534e5f5345504f4c4941',
      version: '1.0.0',
    })
    await context.addInitScript({ content: script })
    const lazy = await context.newPage()
    const requests: string[] = []
    lazy.on('request', (r) => requests.push(new URL(r.url()).pathname))
    await lazy.goto(`${origin}/?${new URLSearchParams({ entry: 'v4', rpc: `${sim.url}/rpc/v0_9` })}`)
    await lazy.waitForFunction(() => window.injectedDapp !== undefined)
    expect(lazy.frames()).toHaveLength(1)
    expect(requests).not.toContain('/iframes/comms')
  } finally {
    await context.close()
  }
}, 60_000)

test('a site wallet-sim does not list gets nothing: its wallet page is not framed there and requests fail (163)', async () => {
  // 127.0.0.2 is neither an --allow-dapp host (localhost, 127.0.0.1) nor a dapp origin of this simulator.
  const foreign = createServer(servePage)
  await new Promise<void>((resolve) => foreign.listen(0, '127.0.0.2', resolve))
  const context = await browser!.newContext()
  try {
    const chainId = await provider().getChainId()
    const script = injectedWalletScript({
      walletOrigin: sim.url,
      as: 'argentX',
      chainId,
      version: '1.0.0',
      readyTimeoutMs: 3_000,
    })
    await context.addInitScript({ content: script })
    const page = await context.newPage()
    const { port } = foreign.address() as AddressInfo
    await page.goto(
      `http://127.0.0.2:${port}/?${new URLSearchParams({ entry: 'react', rpc: `${sim.url}/rpc/v0_9` })}`,
    )
    await page.waitForFunction(() => window.injectedDapp !== undefined)
    const connected = await page.evaluate(() => window.injectedDapp.connect('argentX'))
    expect(connected.error).toMatchObject({
      code: 163,
      message: expect.stringContaining('does not answer this site'),
    })
    expect(await page.locator('[data-wallet-sim=argentX]').isVisible()).toBe(false)
    expect(await wallet.pending()).toEqual([])
  } finally {
    await context.close()
    await new Promise((resolve) => foreign.close(resolve))
  }
}, 60_000)

test('after a reload the dapp finds its connection without asking (starknet-react ready(), a silent connect)', async () => {
  const page = await open('react', 'braavos')
  const connected = await page.evaluate(() => window.injectedDapp.connect('braavos'))
  await page.reload()
  await page.waitForFunction(() => window.injectedDapp !== undefined)
  // The wallet's frame, on the dapp's own site (launchWalletSim's localhost), kept its login: no login again.
  const paths = walletPaths.get(page.context()) ?? []
  const before = paths.length
  expect(await page.evaluate(() => window.injectedDapp.ready('braavos'))).toBe(true)
  const silent = await page.evaluate(() =>
    (
      window as unknown as { starknet_braavos: { request(r: unknown): Promise<string[]> } }
    ).starknet_braavos.request({
      type: 'wallet_requestAccounts',
      params: { silent_mode: true },
    }),
  )
  expect(silent).toEqual([connected.value])
  expect(paths.slice(before).filter((path) => path.includes('devLogin'))).toEqual([])
  await page.context().close()
}, 60_000)
