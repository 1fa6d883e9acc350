// Issue 24: an unmodified @argent/invisible-sdk 1.0.0 app (compat/invisible-sdk/app/app.ts, `environment:
// 'dev'`), installed from the registry, in Chromium against wallet-sim through the Playwright helper
// (routeArgentToWalletSim: its wallet at http://localhost:3005 and Argent's fixed https hosts), and the same
// app with its import switched to @webwallet/shim/argent. Login (hands-free, through the popup), session
// with an approval, sponsored execute, a call outside the session refused, an outside execution for a
// relayer, reload and restore, disconnect; the wallet in the iframe (the dev allow-list lists the dapp) and
// in the popup (an allow-list without it).
//
// The app passes no `provider`, as Argent's docs write it: invisible-sdk's bundled starknet.js 6 reads Argent's
// public JSON-RPC 0.7 node, which the helper routes to wallet-sim's /rpc/v0_7 (the chain id, nonces, fee
// estimates, receipts). The same app opened with `?fees=self` (`paymasterParams: {}`) or `?fees=strk`
// (`{ tokenAddress: STRK }`, the gas-token route, which tries self-paid first) pays its own gas: our entry
// does; invisible-sdk 1.0.0 cannot (x-sessions 7 sends the cosigner other bounds than it signed, and its
// gas-token fallback misprices the fee), which its test pins down.
import { CONTRACTS } from '@webwallet/wallet-sim'
import { launchWalletSim, routeArgentToWalletSim, walletControl } from '@webwallet/wallet-sim/playwright/core'
import type { Page } from 'playwright-core'
import { RpcProvider } from 'starknet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../../support/browser'
import { buildWalletUi } from '../wallet/walletServer'
import { bundle, bundleInvisibleSdkApp, INVISIBLE_SDK_APP, ROOT, serveDapp } from './page'

const COUNTER = CONTRACTS.counter
const STRK = '0x04718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d'

const scripts: Record<'invisible-sdk' | 'shim', string> = { 'invisible-sdk': '', shim: '' }
// One Chromium for the file: each case runs in a fresh context of its own (its own storage and routes).
let browser: Awaited<ReturnType<typeof launchBrowser>>
beforeAll(async () => {
  browser = await launchBrowser()
  buildWalletUi()
  // The app as its users ship it, on invisible-sdk from compat/invisible-sdk/node_modules ...
  scripts['invisible-sdk'] = await bundleInvisibleSdkApp()
  // ... and the same file with the one line switched: `@argent/invisible-sdk` → `@webwallet/shim/argent`.
  scripts.shim = await bundle(INVISIBLE_SDK_APP, {
    alias: { '@argent/invisible-sdk': '@webwallet/shim/argent' },
    conditions: ['@webwallet/source'],
    nodePaths: [`${ROOT}node_modules`],
  })
}, 240_000)
afterAll(() => browser?.close())

/** Waits until the app's `#result` matches `pattern`; fails at once on an error it did not expect. */
async function result(page: Page, pattern: RegExp): Promise<string> {
  const output = page.locator('#result')
  await expect
    .poll(
      async () => {
        const text = (await output.textContent()) ?? ''
        if (text.startsWith('error:') && !pattern.test(text)) throw new Error(`The app failed: ${text}`)
        return text
      },
      { timeout: 30_000, interval: 100 },
    )
    .toMatch(pattern)
  return (await output.textContent()) ?? ''
}

const CASES = (['invisible-sdk', 'shim'] as const).flatMap((sdk) =>
  (['iframe', 'popup'] as const).map((transport) => ({ sdk, transport })),
)

describe.each(CASES)('an invisible-sdk app on $sdk, wallet in the $transport', ({ sdk, transport }) => {
  it('logs in, signs a session, executes sponsored, refuses a call outside it, restores after a reload', async () => {
    await using dapp = await serveDapp(scripts[sdk])
    await using sim = await launchWalletSim({ dappOrigins: [dapp.origin] })
    const wallet = walletControl(sim.url)
    const provider = new RpcProvider({ nodeUrl: `${sim.url}/rpc/v0_9` })
    const counterOf = async (address: string) =>
      BigInt(
        (
          await provider.callContract({
            contractAddress: COUNTER,
            entrypoint: 'get_counter',
            calldata: [address],
          })
        )[0] ?? 0,
      )
    const settled = async (text: string) => {
      const hash = /sent (0x[0-9a-f]+)/.exec(text)?.[1] ?? ''
      const receipt = await provider.waitForTransaction(hash, { retryInterval: 100 })
      return receipt.isSuccess()
    }

    const context = await browser.newContext()
    // The whole setup a test suite needs: Argent's hosts and its dev wallet URL go to this wallet-sim.
    await routeArgentToWalletSim(context, sim.url)
    if (transport === 'popup') {
      // An allow-list without the dapp (both SDKs' dev lists), so the wallet opens in a popup.
      const empty = { json: { allowedDapps: [] }, headers: { 'access-control-allow-origin': '*' } }
      await context.route(/iframe_whitelist_testnet\.json$|\/allowlist\/sepolia\.json$/, (route) =>
        route.fulfill(empty),
      )
    }
    const page = await context.newPage()
    await page.goto(dapp.origin)
    await result(page, /^ready$/)

    // Connect: the popup at http://localhost:3005 logs the hands-free user in and signs the session; the
    // approval request deploys the account and approves the spender in the wallet.
    const popups: Page[] = []
    context.on('page', (opened) => popups.push(opened))
    if (process.env.DEBUG_ARGENT) {
      page.on('console', (m) => console.log('[page]', m.text()))
      context.on('request', (r) => console.log('[req]', r.method(), r.url()))
    }
    await page.locator('#connect').click()
    expect(await result(page, /^connected from-the-app 0x[0-9a-f]+$/)).toBeTruthy()
    // The wallet ran where this case expects it: a popup, or the iframe in the dapp's page.
    expect(popups.length > 0).toBe(transport === 'popup')
    if (transport === 'iframe')
      expect(page.frames().some((f) => f.url().startsWith('http://localhost:3005/'))).toBe(true)
    const address = await wallet.address()
    expect(BigInt((await page.locator('#address').textContent()) ?? '0')).toBe(BigInt(address))
    await expect.poll(() => page.locator('#status').textContent()).toBe('VALID')

    // Sponsored execute (the paymaster key is the app's): the counter moves, no STRK spent on gas.
    await page.locator('#play').click()
    expect(await settled(await result(page, /^sent 0x/))).toBe(true)
    expect(await counterOf(address)).toBe(1n)

    // A token approval through the wallet (hands-free): the allowance is on chain.
    await page.locator('#approve').click()
    const approved = await result(page, /^approved 0x[0-9a-f]+$/)
    expect(await settled(approved.replace('approved', 'sent'))).toBe(true)

    // A call the session does not allow is refused, and nothing is sent.
    await page.locator('#steal').click()
    await result(page, /^error: /)
    expect(await counterOf(address)).toBe(1n)

    // An outside execution for a relayer, co-signed by wallet-sim's cosigner.
    await page.locator('#relay').click()
    await result(page, /^outside execute_from_outside_v2 \d+$/)

    // Reload: the stored session is restored without the wallet, and it still executes.
    await page.reload()
    await result(page, /^restored$/)
    await expect.poll(() => page.locator('#status').textContent()).toBe('VALID')
    await page.locator('#play').click()
    expect(await settled(await result(page, /^sent 0x/))).toBe(true)
    expect(await counterOf(address)).toBe(2n)

    await page.locator('#export').click()
    await result(page, /^exported$/)
    expect(await page.locator('#exported').textContent()).toMatch(/^0x[0-9a-f]+ \d+$/)

    await page.locator('#disconnect').click()
    await result(page, /^disconnected$/)
    await page.reload()
    await result(page, /^ready$/)
    await context.close()
  }, 180_000)

  it.each(['self', 'strk'] as const)(
    'pays its own gas (?fees=%s) where the cosigner can co-sign it, refuses what it cannot',
    async (fees) => {
      await using dapp = await serveDapp(scripts[sdk])
      await using sim = await launchWalletSim({ dappOrigins: [dapp.origin] })
      const wallet = walletControl(sim.url)
      const provider = new RpcProvider({ nodeUrl: `${sim.url}/rpc/v0_9` })
      const read = async (contractAddress: string, entrypoint: string, address: string) =>
        BigInt((await provider.callContract({ contractAddress, entrypoint, calldata: [address] }))[0] ?? 0)
      const settled = async (text: string) => {
        const hash = /sent (0x[0-9a-f]+)/.exec(text)?.[1] ?? ''
        return (await provider.waitForTransaction(hash, { retryInterval: 100 })).isSuccess()
      }

      const context = await browser.newContext()
      await routeArgentToWalletSim(context, sim.url)
      if (transport === 'popup') {
        const empty = { json: { allowedDapps: [] }, headers: { 'access-control-allow-origin': '*' } }
        await context.route(/iframe_whitelist_testnet\.json$|\/allowlist\/sepolia\.json$/, (route) =>
          route.fulfill(empty),
        )
      }
      // What the cosigner answered, and which node the app read (invisible-sdk: Argent's 0.7 node, routed).
      const cosigned: { status: number; body: Promise<string> }[] = []
      const nodes = new Set<string>()
      context.on('response', (response) => {
        const url = response.url()
        if (url.endsWith('/cosigner/signSession'))
          cosigned.push({ status: response.status(), body: response.text().catch(() => '') })
        // The app's own node requests (the wallet's page reads its node too). A navigation can answer before
        // its frame exists (Playwright then throws on frame()): navigations are no node requests anyway.
        if (response.request().isNavigationRequest()) return
        const fromApp = response.frame().url().startsWith(dapp.origin)
        if (fromApp && response.request().method() === 'POST' && /\/rpc|nethermind/.test(url)) nodes.add(url)
      })
      const page = await context.newPage()
      // The same app, configured to pay its own gas: `paymasterParams: {}` (self) or `{ tokenAddress: STRK }`.
      await page.goto(`${dapp.origin}/?fees=${fees}`)
      await result(page, /^ready$/)
      await page.locator('#connect').click()
      await result(page, /^connected from-the-app 0x[0-9a-f]+$/)
      const address = await wallet.address()
      const strk = await read(STRK, 'balance_of', address)

      await page.locator('#play').click()
      if (sdk === 'shim') {
        // Our entry sends the bounds it signed: co-signed, sent, paid in STRK from the account.
        expect(await settled(await result(page, /^sent 0x/))).toBe(true)
        expect(await read(COUNTER, 'get_counter', address)).toBe(1n)
        expect(await read(STRK, 'balance_of', address)).toBeLessThan(strk)
        expect(cosigned.map((answer) => answer.status)).toEqual([200])
      } else {
        // invisible-sdk 1.0.0 cannot pay its own gas: its session signer (x-sessions) signs the V3 invoke with
        // starknet.js 6's bounds (l2_gas 0) but sends the cosigner l2_gas = l1_gas. The transaction hash
        // covers both bounds, so the hash of what the cosigner is sent is not the hash the session key signed:
        // it refuses (a cosigner that signed it anyway would sign a hash the account rejects in __validate__).
        // The SDK then falls back to AVNU's gas-token route, which prices a STRK (fri) estimate as if it were
        // wei and finds no token that covers it; it reports that, and nothing is sent.
        await result(page, /^error: Not enough balance in any gas token/)
        expect(cosigned.map((answer) => answer.status)).toEqual([403])
        expect(JSON.parse((await cosigned[0]?.body) ?? '{}')).toMatchObject({
          status: 'invalidSessionSignature',
        })
        expect(await read(COUNTER, 'get_counter', address)).toBe(0n)
        expect(await read(STRK, 'balance_of', address)).toBe(strk)
        expect([...nodes]).toEqual(['https://free-rpc.nethermind.io/sepolia-juno/v0_7'])
      }

      // A call outside the session is refused, and the account sends nothing: our entry refuses it before
      // asking the cosigner; invisible-sdk asks (its self-paid route does not check the session's methods
      // first) and the cosigner refuses.
      const asked = cosigned.length
      const nonce = await provider.getNonceForAddress(address)
      await page.locator('#steal').click()
      await result(page, /^error: /)
      const answers = cosigned.slice(asked).map((answer) => answer.status)
      expect(answers).toEqual(sdk === 'shim' ? [] : [403])
      expect(await provider.getNonceForAddress(address)).toBe(nonce)

      // Reload: the stored session comes back without the wallet.
      await page.reload()
      await result(page, /^restored$/)
      await expect.poll(() => page.locator('#status').textContent()).toBe('VALID')
      if (sdk === 'shim') {
        await page.locator('#play').click()
        expect(await settled(await result(page, /^sent 0x/))).toBe(true)
        expect(await read(COUNTER, 'get_counter', address)).toBe(2n)
      }
      await context.close()
    },
    180_000,
  )
})
