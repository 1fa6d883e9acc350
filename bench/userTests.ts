// User tests against the injected wallet in headless Chromium, timed as a test runner sees them (issue 39):
// - a user test: a new browser context with the injected wallet (Playwright's init script), the dapp opened,
//   wallet_requestAccounts (connect, answered hands-free), one transaction, its receipt in hand;
// - a signed-in test: a new page of a context whose dapp is already connected (the signedInPage fixture's way),
//   a silent wallet_requestAccounts, one transaction, its receipt.
// Each is repeated RUNS times; any failure fails the run (no retries). Prints one `BENCH_JSON {...}` line.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { CONTRACTS, injectedWalletScript } from '@webwallet/wallet-sim'
import { launchWalletSim } from '@webwallet/wallet-sim/playwright/core'
import type { BrowserContext } from 'playwright-core'
import { launchBrowser } from '../e2e/support/browser'

// BENCH_QUICK=1: a few of each, for the smoke test that keeps this script running (numbers meaningless).
const RUNS = process.env.BENCH_QUICK === '1' ? 3 : 100

const html = '<!doctype html><meta charset="utf-8"><title>dapp</title><p>a dapp</p>'
const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(html))
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
const dapp = `http://localhost:${(server.address() as AddressInfo).port}`
// As the Playwright fixtures start it: hands-free for the dapp, on the dapp's site (localhost).
await using sim = await launchWalletSim({ dappOrigins: [dapp], email: 'bench-user@example.com' })
await using browser = await launchBrowser()
const script = injectedWalletScript({
  walletOrigin: sim.url,
  chainId: '0x534e5f5345504f4c4941',
  version: '1.0.0',
})
const call = { contract_address: CONTRACTS.counter, entry_point: 'increment', calldata: [] }

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

/** Opens the dapp in a new page of `context`, connects (`silent` or not) and sends one transaction. */
async function oneTest(context: BrowserContext, silent: boolean): Promise<void> {
  const page = await context.newPage()
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
  await page.close()
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)]!

// Setup (not timed): the user exists, the dapp's origin is connected, the account is deployed.
const signedIn = await browser.newContext()
await signedIn.addInitScript({ content: script })
await oneTest(signedIn, false)

// A run that fails is counted (and said on stderr), not retried: the row's target is no failure in RUNS.
const failures = { userTest: 0, signedInTest: 0 }
const failed = (kind: keyof typeof failures) => (error: unknown) => {
  failures[kind] += 1
  console.error(`bench: a ${kind} failed: ${error instanceof Error ? error.message : String(error)}`)
}
const signedInTimes: number[] = []
for (let i = 0; i < RUNS; i++) {
  const started = performance.now()
  await oneTest(signedIn, true).then(
    () => signedInTimes.push(performance.now() - started),
    failed('signedInTest'),
  )
}
await signedIn.close()
const userTimes: number[] = []
for (let i = 0; i < RUNS; i++) {
  const started = performance.now()
  const context = await browser.newContext()
  await context.addInitScript({ content: script })
  await oneTest(context, false).then(() => userTimes.push(performance.now() - started), failed('userTest'))
  await context.close()
}
server.close()

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
