// User tests against the injected wallet in headless Chromium, timed as a test runner sees them (issue 39),
// each step the way @webwallet/wallet-sim/playwright's fixtures take it:
// - a user test: a new browser context with the injected wallet (the `injectedWallet` option: GET /injected.js,
//   an init script; with it the fixtures route nothing, `argentRoutes` being off), a new page, the dapp opened,
//   wallet_requestAccounts (connect, answered hands-free), one transaction, its receipt in hand, the context
//   closed (Playwright's `context` fixture closes its pages);
// - a signed-in test: the page of a context whose dapp is already connected (`signedInContext`, handed from
//   test to test as the `signedInPage` fixture hands it: `signedInPages`), the dapp opened, a silent
//   wallet_requestAccounts, one transaction, its receipt, the page taken back (reset to about:blank).
// Each is repeated RUNS times; any failure fails the run (no retries). Prints one `BENCH_JSON {...}` line.
import {
  addInjectedWallet,
  launchWalletSim,
  signedInContext,
  signedInPages,
  walletControl,
} from '@webwallet/wallet-sim/playwright/core'
import type { BrowserContext, Page } from 'playwright-core'
import { launchBrowser } from '../e2e/support/browser'
import { INCREMENT, serveBlankDapp } from './blankDapp'

// BENCH_QUICK=1: a few of each, for the smoke test that keeps this script running (numbers meaningless).
const RUNS = process.env.BENCH_QUICK === '1' ? 3 : Number(process.env.BENCH_RUNS ?? 100)

const dappServer = await serveBlankDapp()
const dapp = dappServer.url
// As the Playwright fixtures start it: hands-free for the dapp, on the dapp's site (localhost).
await using sim = await launchWalletSim({ dappOrigins: [dapp], email: 'bench-user@example.com' })
await using browser = await launchBrowser()
const call = INCREMENT

async function receipt(hash: string): Promise<void> {
  for (;;) {
    const answer = await fetch(sim.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'starknet_getTransactionReceipt',
        params: [hash],
      }),
    }).then((r) => r.json())
    if (answer.result) {
      if (answer.result.execution_status !== 'SUCCEEDED') throw new Error(`bench: ${hash} reverted`)
      return
    }
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

/** A test's body: opens the dapp in `page`, connects (`silent` or not), sends one transaction, has its receipt. */
async function connectAndSend(page: Page, silent: boolean): Promise<void> {
  await page.goto(dapp)
  const hash = await page.evaluate(
    async ([calls, silentMode]) => {
      const wallet = (window as unknown as { starknet_walletsim: { request(r: unknown): Promise<unknown> } })
        .starknet_walletsim
      const accounts = (await wallet.request({
        type: 'wallet_requestAccounts',
        params: { silent_mode: silentMode },
      })) as string[]
      if (accounts.length !== 1) throw new Error('not connected')
      const sent = (await wallet.request({ type: 'wallet_addInvokeTransaction', params: { calls } })) as {
        transaction_hash: string
      }
      return sent.transaction_hash
    },
    [[call], silent] as const,
  )
  await receipt(hash)
}

/** A signed-in test: the signed-in context's page (the `signedInPage` fixture's), taken back after. */
async function signedInTest(context: BrowserContext): Promise<void> {
  const pages = signedInPages(context)
  const page = await pages.take()
  try {
    await connectAndSend(page, true)
  } finally {
    await pages.release(page)
  }
}

/** A user test: a new context with the injected wallet (the `injectedWallet` option), closed after. */
async function userTest(): Promise<void> {
  const context = await browser.newContext()
  try {
    await addInjectedWallet(context, sim.url, 'walletsim')
    await connectAndSend(await context.newPage(), false)
  } finally {
    await context.close()
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)]!

// Setup (not timed): the user exists, the dapp's origin is connected, the account is deployed.
const signedIn = await signedInContext(
  browser,
  walletControl(sim.url),
  ({ page }) => connectAndSend(page, false),
  {
    injectedWallet: 'walletsim',
  },
)

// A run that fails is counted (and said on stderr), not retried: the row's target is no failure in RUNS.
const failures = { userTest: 0, signedInTest: 0 }
async function timed(kind: keyof typeof failures, test: () => Promise<void>, times: number[]): Promise<void> {
  const started = performance.now()
  try {
    await test()
    times.push(performance.now() - started)
  } catch (error) {
    failures[kind] += 1
    console.error(`bench: a ${kind} failed: ${error instanceof Error ? error.message : String(error)}`)
  }
}
const signedInTimes: number[] = []
for (let i = 0; i < RUNS; i++) await timed('signedInTest', () => signedInTest(signedIn), signedInTimes)
await signedIn.close()
const userTimes: number[] = []
for (let i = 0; i < RUNS; i++) await timed('userTest', userTest, userTimes)
dappServer.close()

const summary = (xs: number[], kind: keyof typeof failures) => ({
  count: RUNS,
  p50: xs.length ? median(xs) : Number.NaN,
  p95: xs.length ? p95(xs) : Number.NaN,
  failures: failures[kind],
})
const result = {
  userTest: summary(userTimes, 'userTest'),
  signedInTest: summary(signedInTimes, 'signedInTest'),
}
console.log(`BENCH_JSON ${JSON.stringify(result)}`)
