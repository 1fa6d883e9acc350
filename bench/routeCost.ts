// What Argent's routes (the fixtures' `argentRoutes`) cost a user test with the injected wallet: any route
// makes Playwright pause every request of the context and turn its HTTP cache off (docs/testing.md). Whole
// tests alternated differ by less than the noise of a busy machine, so this times the requests themselves:
// 50 GETs from the wallet's frame to wallet-sim after bench/userTests.ts' user test, in contexts with and
// without the routes, alternated. Not part of `npm run bench`:
// node --conditions=@webwallet/source --import tsx bench/routeCost.ts [contexts]
import {
  addInjectedWallet,
  launchWalletSim,
  routeArgentToWalletSim,
} from '@webwallet/wallet-sim/playwright/core'
import { launchBrowser } from '../e2e/support/browser'
import { INCREMENT, serveBlankDapp } from './blankDapp'

const RUNS = Number(process.argv[2] ?? 30)
const dappServer = await serveBlankDapp()
const dapp = dappServer.url
await using sim = await launchWalletSim({ dappOrigins: [dapp], email: 'bench-user@example.com' })
await using browser = await launchBrowser()
const call = INCREMENT
const results: Record<string, number[]> = {}
const note = (name: string, value: number) => {
  results[name] = [...(results[name] ?? []), value]
}

/** The user test (its requests counted), then 50 GETs from the wallet's frame: milliseconds per GET. */
async function measure(routes: boolean): Promise<void> {
  const context = await browser.newContext()
  await addInjectedWallet(context, sim.url, 'walletsim')
  if (routes) await routeArgentToWalletSim(context, sim.url)
  const page = await context.newPage()
  let requests = 0
  page.on('request', () => requests++)
  await page.goto(dapp)
  await page.evaluate(
    async (calls) => {
      const wallet = (window as unknown as { starknet_walletsim: { request(r: unknown): Promise<unknown> } })
        .starknet_walletsim
      await wallet.request({ type: 'wallet_requestAccounts', params: { silent_mode: false } })
      await wallet.request({ type: 'wallet_addInvokeTransaction', params: { calls } })
    },
    [call],
  )
  const label = routes ? 'with the routes' : 'without'
  note(`${label}: requests of the user test`, requests)
  const frame = page.frames().find((f) => f.url().endsWith('/iframes/comms'))
  if (!frame) throw new Error('bench: no wallet frame')
  const perGet = await frame.evaluate(async () => {
    const start = performance.now()
    for (let i = 0; i < 50; i++) await (await fetch('/wallet/api/chainId')).text()
    return (performance.now() - start) / 50
  })
  note(`${label}: ms per GET from the wallet's frame`, perGet)
  await context.close()
}

// Alternated, each side first every other time (the second of a pair runs while the first's close ends).
for (let i = 0; i < RUNS; i++)
  for (const routes of i % 2 ? [true, false] : [false, true]) await measure(routes)
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
for (const [name, values] of Object.entries(results).sort())
  console.log(`${name.padEnd(52)} ${median(values).toFixed(1).padStart(6)} (median of ${values.length})`)
dappServer.close()
