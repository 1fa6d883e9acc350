// The shim's own connector over the popup against wallet-sim's hosted wallet, as a get-starknet v4 user
// drives it through the wallet object: enable() (requestAccounts, then getPermissions at once while the
// wallet closes its popup), then a transaction in a new popup at its route, and read-only requests without one.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { build } from 'esbuild'
import type { BrowserContext, Page } from 'playwright-core'
import { RpcProvider } from 'starknet'
import { beforeAll, expect, test } from 'vitest'
import { clickClosing, launchBrowser } from '../../support/browser'
import { buildWalletUi, startWalletSim } from './walletServer'

const STRK = '0x04718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d'
const ENTRY = `
import { createConnector, createStarknetWindowObject } from '@webwallet/shim/connector'
const connector = createConnector({ url: new URLSearchParams(location.search).get('wallet'), transport: 'popup' })
const wallet = createStarknetWindowObject(connector)
const settle = (p) => p.then((value) => ({ value }), (e) => ({ error: { code: e.code, message: e.message } }))
window.shimDapp = {
  // get-starknet v4 enable(): the two requests back to back.
  enable: () => settle((async () => {
    const accounts = await wallet.request({ type: 'wallet_requestAccounts', params: { silent_mode: false } })
    const permissions = await wallet.request({ type: 'wallet_getPermissions' })
    return { accounts, permissions }
  })()),
  request: (call) => settle(wallet.request(call)),
}
`

declare global {
  interface Window {
    shimDapp: {
      enable(): Promise<{ value?: { accounts: string[]; permissions: string[] }; error?: unknown }>
      request(call: unknown): Promise<{ value?: unknown; error?: unknown }>
    }
  }
}

let script: string
beforeAll(async () => {
  buildWalletUi()
  const result = await build({
    stdin: { contents: ENTRY, resolveDir: import.meta.dirname, loader: 'js' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  })
  script = result.outputFiles[0]?.text ?? ''
}, 120_000)

async function serveDapp() {
  const server = createServer((req, res) => {
    if (req.url?.startsWith('/dapp.js')) {
      res.setHeader('content-type', 'text/javascript')
      res.end(script)
      return
    }
    res.setHeader('content-type', 'text/html')
    res.end('<!doctype html><title>dapp</title><script type="module" src="/dapp.js"></script>')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    origin: `http://localhost:${(server.address() as AddressInfo).port}`,
    [Symbol.asyncDispose]: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** Runs `action` in the dapp, hands the popup it opens to `inPopup`, and waits for the popup to close. */
async function withPopup<T>(
  context: BrowserContext,
  action: () => Promise<T>,
  inPopup: (popup: Page) => Promise<void>,
) {
  const opened = context.waitForEvent('page')
  const result = action()
  const popup = await opened
  const closed = popup.waitForEvent('close')
  await inPopup(popup)
  await closed
  return result
}

test('get-starknet v4 over the shim popup: enable() resolves although the wallet closes its popup at once, then a transaction in a new popup', async () => {
  await using sim = await startWalletSim()
  await using dapp = await serveDapp()
  await using browser = await launchBrowser()
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(`${dapp.origin}/?wallet=${encodeURIComponent(sim.url)}`)
  await page.waitForFunction(() => window.shimDapp !== undefined)

  const email = 'shim-popup@example.com'
  const enabled = await withPopup(
    context,
    () => page.evaluate(() => window.shimDapp.enable()),
    async (popup) => {
      // The shim opens the window blank and sends it to the route once the wallet answered its probe.
      await popup.waitForURL((url) => url.pathname === '/interstitialLogin')
      await popup.getByLabel('E-mail address').fill(email)
      await popup.getByRole('button', { name: 'Send code' }).click()
      await popup.getByLabel('Code').waitFor()
      await popup.getByLabel('Code').fill(sim.inbox.latest(email)?.code ?? '')
      await popup.getByRole('button', { name: 'Log in' }).click()
      await popup.getByRole('heading', { name: 'Connect' }).waitFor()
      await clickClosing(popup.getByRole('button', { name: 'Connect' }))
    },
  )
  const address = sim.login.user(email)?.account.address
  expect(enabled).toEqual({ value: { accounts: [address], permissions: ['accounts'] } })

  const calls = [{ contract_address: STRK, entry_point: 'transfer', calldata: ['0x5bd1e5', '5', '0'] }]
  const sent = await withPopup(
    context,
    () =>
      page.evaluate(
        (c) => window.shimDapp.request({ type: 'wallet_addInvokeTransaction', params: { calls: c } }),
        calls,
      ),
    async (popup) => {
      await popup.getByRole('heading', { name: 'Confirm transaction' }).waitFor()
      expect(new URL(popup.url()).pathname).toBe('/review')
      await clickClosing(popup.getByRole('button', { name: 'Confirm' }))
    },
  )
  const hash = (sent.value as { transaction_hash: string }).transaction_hash
  const provider = new RpcProvider({ nodeUrl: `${sim.url}/rpc` })
  // starknet.js waits its default 5 s before each poll, the first one included.
  expect((await provider.waitForTransaction(hash, { retryInterval: 100 })).isSuccess()).toBe(true)
  // Read-only requests after the prompts: no popup.
  const pages = context.pages().length
  expect(await page.evaluate(() => window.shimDapp.request({ type: 'wallet_requestChainId' }))).toEqual({
    value: '0x534e5f5345504f4c4941',
  })
  expect(context.pages()).toHaveLength(pages)
})
