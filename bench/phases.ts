// Where a signed-in test's time goes, phase by phase (docs/testing.md's table): the steps of bench/userTests.ts's
// signed-in test, timed one by one, against a blank dapp with no wallet on the same machine at the same time.
// Not part of `npm run bench` (its extra waits cost time of their own); run it to see what a change moves:
// node --conditions=@webwallet/source --import tsx bench/phases.ts [runs]
import {
  launchWalletSim,
  signedInContext,
  signedInPages,
  walletControl,
} from '@webwallet/wallet-sim/playwright/core'
import { chromium, type Page } from 'playwright-core'
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/support/browser'
import { INCREMENT, serveBlankDapp } from './blankDapp'

const RUNS = Number(process.argv[2] ?? 15)
const dappServer = await serveBlankDapp()
const dapp = dappServer.url
await using sim = await launchWalletSim({ dappOrigins: [dapp], email: 'bench-user@example.com' })
// PHASES_VARIANTS=';fresh;--flag1,--flag2': variants run alternately, each its own column: `fresh` takes a new
// page per test (and closes it) instead of the fixture's kept page; `--…` are extra Chromium switches.
const variants = (process.env.PHASES_VARIANTS ?? '').split(';').map((v) => v.split(',').filter(Boolean))
const browsers = await Promise.all(
  variants.map((extra) =>
    chromium.launch({
      executablePath: chromiumPath(),
      args: [...CHROMIUM_ARGS, ...extra.filter((a) => a.startsWith('--'))],
    }),
  ),
)
const call = INCREMENT

type Wallet = { request(r: unknown): Promise<unknown> }
async function connectAndSend(page: Page, silent: boolean, marks?: (name: string) => void): Promise<void> {
  await page.goto(dapp)
  marks?.('navigation')
  const frame = () => page.frames().find((f) => f.url().endsWith('/iframes/comms'))
  if (marks) {
    const comms =
      frame() ?? (await page.waitForEvent('framenavigated', (f) => f.url().endsWith('/iframes/comms')))
    await comms.waitForLoadState('load')
    marks('wallet frame')
  }
  const accounts = (await page.evaluate(
    (s) =>
      (window as unknown as { starknet_walletsim: Wallet }).starknet_walletsim.request({
        type: 'wallet_requestAccounts',
        params: { silent_mode: s },
      }),
    silent,
  )) as string[]
  if (accounts.length !== 1) throw new Error('not connected')
  marks?.('connect')
  const { transaction_hash } = (await page.evaluate(
    (calls) =>
      (window as unknown as { starknet_walletsim: Wallet }).starknet_walletsim.request({
        type: 'wallet_addInvokeTransaction',
        params: { calls },
      }),
    [call],
  )) as { transaction_hash: string }
  marks?.('transaction')
  const rpc = { jsonrpc: '2.0', id: 1, method: 'starknet_getTransactionReceipt', params: [transaction_hash] }
  for (;;) {
    const answer = await fetch(sim.rpcUrl, { method: 'POST', body: JSON.stringify(rpc) }).then((r) =>
      r.json(),
    )
    if (answer.result) break
  }
  marks?.('receipt')
}

const runs = await Promise.all(
  browsers.map(async (browser, v) => ({
    label: variants[v]!.join(' ') || 'as is',
    signedIn: await signedInContext(
      browser,
      walletControl(sim.url),
      ({ page }) => connectAndSend(page, false),
      {
        injectedWallet: 'walletsim',
      },
    ),
    blankContext: await browser.newContext(),
    times: {} as Record<string, number[]>,
    fresh: variants[v]!.includes('fresh'),
  })),
)
const note = (times: Record<string, number[]>, name: string, ms: number) => {
  times[name] = [...(times[name] ?? []), ms]
}
for (let i = 0; i < RUNS; i++) {
  for (const { signedIn, blankContext, times, fresh } of runs) {
    let last = performance.now()
    const start = last
    const marks = (name: string) => {
      const now = performance.now()
      note(times, name, now - last)
      last = now
    }
    const pages = signedInPages(signedIn)
    const page = fresh ? await signedIn.newPage() : await pages.take()
    marks('new page (or the kept one)')
    await connectAndSend(page, true, marks)
    await (fresh ? page.close() : pages.release(page))
    marks('close (or the reset)')
    note(times, 'signed-in test', performance.now() - start)
    const blankStart = performance.now()
    const blank = await blankContext.newPage()
    await blank.goto(dapp)
    await blank.close()
    note(times, 'blank page (new, goto, close)', performance.now() - blankStart)
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
const names = Object.keys(runs[0]!.times)
console.log(['phase'.padEnd(32), ...runs.map((r) => r.label.slice(0, 24).padStart(24))].join(' '))
for (const name of names)
  console.log([name.padEnd(32), ...runs.map((r) => median(r.times[name]!).toFixed(0).padStart(24))].join(' '))
await Promise.all(browsers.map((b) => b.close()))
dappServer.close()
