// Ways to take a signed-in page's reset off the test's time, measured against the fixture's own
// (docs/testing.md, "Taking the reset off the test's time"). Not part of `npm run bench`; run it to see whether
// a new idea moves the total: node --conditions=@webwallet/source --import tsx bench/resets.ts [blocks]
// - `commit`: the reset waits for about:blank's commit, not its load event; the next navigation is timed too,
//   since work the reset leaves undone lands there;
// - `two contexts`: two signed-in contexts take turns, each page reset in the background while the other's
//   test runs (what the fixture does not do: the old documents outlive the test by that much).
// Each variant runs blocks of 5 tests in a row (the first of a block not counted, so what a variant leaves
// running in the background lands on its own tests), the blocks alternated.
import {
  launchWalletSim,
  type SignedInPages,
  signedInContext,
  signedInPages,
  walletControl,
} from '@webwallet/wallet-sim/playwright/core'
import type { BrowserContext, Page } from 'playwright-core'
import { launchBrowser } from '../e2e/support/browser'
import { INCREMENT, serveBlankDapp } from './blankDapp'

const BLOCKS = Number(process.argv[2] ?? 12)
const dappServer = await serveBlankDapp()
const dapp = dappServer.url
await using sim = await launchWalletSim({ dappOrigins: [dapp], email: 'bench-user@example.com' })
await using browser = await launchBrowser()
const call = INCREMENT
const times: Record<string, number[]> = {}
const note = (name: string, ms: number) => {
  times[name] = [...(times[name] ?? []), ms]
}

/** bench/userTests.ts' test body: the dapp opened (timed as `label navigation`), connect, one transaction, receipt. */
async function connectAndSend(page: Page, silent: boolean, label?: string): Promise<void> {
  const start = performance.now()
  await page.goto(dapp)
  if (label) note(`${label}: the navigation`, performance.now() - start)
  const hash = await page.evaluate(
    async ([calls, silentMode]) => {
      const wallet = (window as unknown as { starknet_walletsim: { request(r: unknown): Promise<unknown> } })
        .starknet_walletsim
      await wallet.request({ type: 'wallet_requestAccounts', params: { silent_mode: silentMode } })
      const sent = await wallet.request({ type: 'wallet_addInvokeTransaction', params: { calls } })
      return (sent as { transaction_hash: string }).transaction_hash
    },
    [[call], silent] as const,
  )
  const rpc = { jsonrpc: '2.0', id: 1, method: 'starknet_getTransactionReceipt', params: [hash] }
  for (;;) {
    const answer = await fetch(sim.rpcUrl, { method: 'POST', body: JSON.stringify(rpc) }).then((r) =>
      r.json(),
    )
    if (answer.result) return
  }
}

/** The fixture's reset, but done once about:blank commits (the load event not awaited). */
async function resetToCommit(page: Page): Promise<void> {
  await Promise.all(page.frames().map((f) => f.evaluate(() => sessionStorage.clear()).catch(() => {})))
  await page.goto('about:blank', { waitUntil: 'commit' })
  await Promise.all([page.clearConsoleMessages(), page.clearPageErrors()])
}

/** One page, reset to about:blank's commit. */
function commitPages(context: BrowserContext): SignedInPages {
  let idle: Page | undefined
  return {
    async take() {
      const page = idle ?? (await context.newPage())
      idle = undefined
      return page
    },
    async release(page) {
      await resetToCommit(page)
      idle = page
    },
  }
}

/** Two contexts taking turns: a page given back is reset while the other context's page runs the next test. */
function twoContexts(contexts: readonly BrowserContext[]): SignedInPages & { settled(): Promise<unknown> } {
  let turn = 0
  const ready = new Map<BrowserContext, Promise<Page>>()
  return {
    settled: () => Promise.all(ready.values()),
    async take() {
      const context = contexts[turn++ % contexts.length]!
      const page = ready.get(context)
      return page ? await page : await context.newPage()
    },
    async release(page) {
      ready.set(
        page.context(),
        resetToCommit(page).then(() => page),
      )
    },
  }
}

const signIn = () =>
  signedInContext(browser, walletControl(sim.url), ({ page }) => connectAndSend(page, false), {
    injectedWallet: 'walletsim',
  })
const turns = twoContexts([await signIn(), await signIn()])
const variants: [string, SignedInPages][] = [
  ['as is', signedInPages(await signIn())],
  ['commit', commitPages(await signIn())],
  ['two contexts', turns],
]
for (let block = 0; block < BLOCKS; block++)
  for (const [label, pages] of variants)
    for (let i = 0; i < 5; i++) {
      const start = performance.now()
      const page = await pages.take()
      await connectAndSend(page, true, i > 0 ? label : undefined)
      const reset = performance.now()
      await pages.release(page)
      if (i === 0) continue
      note(`${label}: the reset`, performance.now() - reset)
      note(`${label}: the test`, performance.now() - start)
    }
await turns.settled()
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
for (const [name, ms] of Object.entries(times).sort())
  console.log(`${name.padEnd(36)} ${median(ms).toFixed(0).padStart(6)} ms median of ${ms.length}`)
dappServer.close()
