// get-starknet, unchanged, in Chromium, over the shim's wallet object on the popup and the iframe transports:
// - v4 (@starknet-io/get-starknet-core 4.0.8, what @starknet-io/get-starknet's connect() runs): discovery of
//   the object a dapp puts on `window.starknet_*`, enable() (wallet_requestAccounts then wallet_getPermissions
//   back to back: the popup closes right after the first answer), then starknet.js's WalletAccount (v8, the
//   one next to get-starknet in compat/starknetkit) executes a transaction and signs typed data through it;
// - v5's wallet-standard layer (@starknet-io/get-starknet-wallet-standard 5.0.0's StarknetInjectedWallet,
//   what get-starknet v5 wraps an injected wallet in) under starknet.js v10's WalletAccountV5: connect,
//   execute, signMessage. (get-starknet-core 5's own discovery is not installed in this repository.)
import { spawnSync } from 'node:child_process'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { CONTRACTS } from '@webwallet/wallet-sim'
import { build } from 'esbuild'
import type { BrowserContext, FrameLocator, Page } from 'playwright-core'
import { RpcProvider, typedData as td } from 'starknet'
import { beforeAll, expect, test } from 'vitest'
import { clickClosing, launchBrowser } from '../../support/browser'
import { buildWalletUi, startWalletSim } from '../wallet/walletServer'

const ROOT = new URL('../../../', import.meta.url).pathname
const COMPAT_DIR = `${ROOT}compat/starknetkit/`
const GREETING = {
  types: {
    StarknetDomain: [
      { name: 'name', type: 'shortstring' },
      { name: 'version', type: 'shortstring' },
      { name: 'chainId', type: 'shortstring' },
      { name: 'revision', type: 'shortstring' },
    ],
    Greeting: [{ name: 'text', type: 'shortstring' }],
  },
  primaryType: 'Greeting',
  domain: { name: 'Demo', version: '1', chainId: 'SN_SEPOLIA', revision: '1' },
  message: { text: 'gm from get-starknet' },
}

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
import { StarknetInjectedWallet } from '@starknet-io/get-starknet-wallet-standard'
import { RpcProvider, WalletAccountV5 } from 'starknet'
import { createConnector, createStarknetWindowObject } from '@webwallet/shim/connector'
const params = new URLSearchParams(location.search)
const connector = createConnector({ url: params.get('wallet'), transport: params.get('transport') })
const wallet = new StarknetInjectedWallet(createStarknetWindowObject(connector))
const provider = new RpcProvider({ nodeUrl: params.get('rpc') })
let account
const settle = (p) => p.then((value) => ({ value }), (e) => ({ error: { code: e.code, message: String(e.message) } }))
window.gs = {
  discover: async () => [{ id: wallet.features['starknet:walletApi'].id, name: wallet.name }],
  enable: () => settle((async () => {
    account = await WalletAccountV5.connect(provider, wallet)
    return { id: wallet.features['starknet:walletApi'].id, address: account.address }
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
beforeAll(async () => {
  const installed = spawnSync('node', ['scripts/compat.mjs', 'starknetkit'], { cwd: ROOT, stdio: 'inherit' })
  if (installed.status !== 0) throw new Error('Could not install compat/starknetkit')
  buildWalletUi()
  // v4 with compat/starknetkit's packages (starknet v8), v5 with the repository's (starknet v10).
  scripts.v4 = await bundle(ENTRY_V4, COMPAT_DIR)
  scripts.v5 = await bundle(ENTRY_V5, ROOT)
}, 180_000)

async function bundle(contents: string, resolveDir: string) {
  const result = await build({
    stdin: { contents, resolveDir, loader: 'js' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis' },
    logLevel: 'silent',
  })
  return result.outputFiles[0]?.text ?? ''
}

async function serveDapp(script: string) {
  const server = createServer((req, res) => {
    res.setHeader('content-type', req.url?.startsWith('/dapp.js') ? 'text/javascript' : 'text/html')
    res.end(
      req.url?.startsWith('/dapp.js')
        ? script
        : '<!doctype html><title>dapp</title><script type="module" src="/dapp.js"></script>',
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    origin: `http://localhost:${(server.address() as AddressInfo).port}`,
    [Symbol.asyncDispose]: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** Where the wallet's prompt shows: a popup the request opens, or the iframe in the dapp's page. */
type Prompt = Page | FrameLocator

/** Runs `action` in the dapp and answers the wallet's prompt with `answer`, on either transport. */
async function prompted<T>(
  transport: 'popup' | 'iframe',
  context: BrowserContext,
  page: Page,
  action: () => Promise<T>,
  answer: (prompt: Prompt) => Promise<void>,
): Promise<T> {
  if (transport === 'iframe') {
    const result = action()
    await answer(page.frameLocator('iframe'))
    return result
  }
  const opened = context.waitForEvent('page')
  const result = action()
  const popup = await opened
  const closed = popup.waitForEvent('close')
  await answer(popup)
  await closed
  return result
}

const cases = (['v4', 'v5'] as const).flatMap((version) =>
  (['popup', 'iframe'] as const).map((transport) => ({ version, transport })),
)
for (const { version, transport } of cases) {
  const steps = version === 'v4' ? 'discovery, enable' : 'wallet-standard connect'
  test(`get-starknet ${version} over the shim's ${transport}: ${steps}, execute, signMessage`, async () => {
    await using sim = await startWalletSim()
    await using dapp = await serveDapp(scripts[version])
    await using browser = await launchBrowser()
    const context = await browser.newContext()
    const page = await context.newPage()
    const rpc = version === 'v4' ? `${sim.url}/rpc/v0_9` : `${sim.url}/rpc`
    const query = new URLSearchParams({ wallet: sim.url, transport, rpc })
    await page.goto(`${dapp.origin}/?${query}`)
    await page.waitForFunction(() => window.gs !== undefined)

    const [found] = await page.evaluate(() => window.gs.discover())
    expect(found?.id).toBeTruthy()

    const email = `gs-${version}-${transport}@example.com`
    const enabled = await prompted(
      transport,
      context,
      page,
      () => page.evaluate(() => window.gs.enable()),
      async (prompt) => {
        await prompt.getByLabel('E-mail address').fill(email)
        await prompt.getByRole('button', { name: 'Send code' }).click()
        // The field shows once the server answered: the code is in the inbox by then.
        await prompt.getByLabel('Code').waitFor()
        await prompt.getByLabel('Code').fill(sim.inbox.latest(email)?.code ?? '')
        await prompt.getByRole('button', { name: 'Log in' }).click()
        await prompt.getByRole('heading', { name: 'Connect' }).waitFor()
        await clickClosing(prompt.getByRole('button', { name: 'Connect' }))
      },
    )
    const address = sim.login.user(email)?.account.address
    expect(enabled).toEqual({ value: { id: found?.id, address } })

    const calls = [{ contractAddress: CONTRACTS.counter, entrypoint: 'increment', calldata: [] }]
    const sent = await prompted(
      transport,
      context,
      page,
      () => page.evaluate((c) => window.gs.execute(c), calls),
      async (prompt) => {
        await prompt.getByRole('heading', { name: 'Review transaction' }).waitFor()
        await clickClosing(prompt.getByRole('button', { name: 'Confirm' }))
      },
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
      async (prompt) => {
        await prompt.getByRole('heading', { name: 'Sign message' }).waitFor()
        await clickClosing(prompt.getByRole('button', { name: 'Sign' }))
      },
    )
    const signature = signed.value ?? []
    const [valid] = await provider.callContract({
      contractAddress: address ?? '',
      entrypoint: 'is_valid_signature',
      calldata: [td.getMessageHash(GREETING, address ?? ''), String(signature.length), ...signature],
    })
    expect(BigInt(valid ?? 0)).toBe(0x56414c4944n) // 'VALID'
  })
}
