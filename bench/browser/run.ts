// Latency in headless Chromium: the bench page (bench/browser/page.ts, bundled by esbuild as an app would)
// on its own origin, the hosted wallet of an in-process wallet-sim in the connector's iframe. The page's
// origin is an exact --allow-dapp one, so `approve: 'auto'` with an e-mail logs the wallet in without a code
// and answers the setup's Connect and Sign session prompts (the hands-free policy); no measured step
// includes them.
// Prints one `BENCH_JSON {...}` line for scripts/bench.mjs.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { startSim } from '@webwallet/wallet-sim'
import { build } from 'esbuild'
import type { Page } from 'playwright-core'
import { launchBrowser } from '../../e2e/support/browser'

const EMAIL = 'bench-browser@example.com'
// BENCH_QUICK=1: a few of each, for the smoke test that keeps this script running (numbers meaningless).
const QUICK = process.env.BENCH_QUICK === '1'
const ROUND_TRIPS = QUICK ? 10 : 1000
const EXECUTES = QUICK ? 1 : 5
const RESTORES = QUICK ? 2 : 20
const CONNECTS = QUICK ? 1 : 5

/** Serves the bench page on a free port of 127.0.0.1 (a host wallet-sim's iframe allow-list names). */
async function servePage() {
  const bundle = await build({
    entryPoints: [fileURLToPath(new URL('page.ts', import.meta.url))],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    conditions: ['@webwallet/source'],
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  })
  const script = bundle.outputFiles[0]!.contents
  const html =
    '<!doctype html><meta charset="utf-8"><title>bench</title><script type="module" src="/page.js"></script>'
  const server = createServer((req, res) => {
    if (req.url === '/page.js') res.writeHead(200, { 'content-type': 'text/javascript' }).end(script)
    else res.writeHead(200, { 'content-type': 'text/html' }).end(html)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
  return {
    url,
    [Symbol.asyncDispose]: () => {
      server.closeAllConnections()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

/** Rejects after 30 s: a wallet prompt nobody answers would otherwise hang the run. */
const within = <T>(what: string, promise: Promise<T>): Promise<T> =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`${what}: no answer in 30 s`)), 30_000).unref(),
    ),
  ])

async function open(page: Page, url: string) {
  await page.goto(url)
  await page.waitForFunction(() => window.bench !== undefined)
}

/** `count` GETs of /wallet/api/chainId from the wallet's iframe: p50 and p99 in milliseconds. */
async function walletGets(page: Page, count: number) {
  const frame = page.frames().find((f) => f.url().includes('/iframes/comms'))
  if (!frame) throw new Error('bench: no wallet iframe')
  const timesIn = frame.evaluate(async (n) => {
    const times: number[] = []
    for (let i = 0; i < n; i++) {
      const start = performance.now()
      await (await fetch('/wallet/api/chainId')).json()
      times.push(performance.now() - start)
    }
    return times
  }, count)
  // Sorted here: a helper defined inside the evaluated function would need tsx's __name in the page.
  const times = (await timesIn).sort((a, b) => a - b)
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]!
  return { p50: at(50), p99: at(99), count }
}

await using host = await servePage()
// The --email user logs the wallet in only for an exact allowed origin (the page's port is a random one).
await using sim = await startSim({
  approve: 'auto',
  email: EMAIL,
  seed: 11,
  allowedDapps: ['localhost', '127.0.0.1', new URL(host.url).origin],
})
await using browser = await launchBrowser()

// Setup (not measured): this origin is connected once, a session is signed, and the account deployed.
const setupContext = await browser.newContext()
const page = await setupContext.newPage()
await open(page, host.url)
await within(
  'setup connect',
  page.evaluate((url) => window.bench.connectIframe(url), sim.url),
)
const roundTrip = await within(
  'round trips',
  page.evaluate((n) => window.bench.requestRoundTrips(n), ROUND_TRIPS),
)
// The wallet answers wallet_requestChainId with a GET to its server: the same GET alone, timed inside
// the wallet's frame, splits the round trip into the wallet's HTTP and the postMessage hops.
const walletHttp = await within('wallet http', walletGets(page, ROUND_TRIPS))
await within(
  'session',
  page.evaluate(() => window.bench.requestConnection()),
)
await within(
  'deploying execute',
  page.evaluate(() => window.bench.execute(1)),
)
const execute = await within(
  'executes',
  page.evaluate((n) => window.bench.execute(n), EXECUTES),
)

// Restored session: a reload, then a fresh SDK and connect(), RESTORES times (the first one opens the key
// store); every request the page makes meanwhile is counted.
await page.reload()
await page.waitForFunction(() => window.bench !== undefined)
const requests: string[] = []
page.on('request', (request) => requests.push(request.url()))
const restored = await within(
  'restore',
  page.evaluate(([url, n]) => window.bench.restore(url, n), [sim.url, RESTORES] as const),
)
if (!restored.account || restored.count !== RESTORES) throw new Error('bench: the session was not restored')
const restore = { firstMs: restored.firstMs, p50: restored.p50, count: RESTORES, requests: requests.length }

// First connect to the logged-in wallet (its login kept in the iframe's storage since setup) from a new
// page, after clearing the HTTP cache (cold) or not (warm), median of CONNECTS each; the paths requested
// are recorded.
async function firstConnect(clearCache: boolean) {
  const fresh = await setupContext.newPage()
  if (clearCache) await (await setupContext.newCDPSession(fresh)).send('Network.clearBrowserCache')
  await open(fresh, host.url)
  const paths: string[] = []
  fresh.on('request', (request) => paths.push(new URL(request.url()).pathname))
  const { ms } = await within(
    'first connect',
    fresh.evaluate((url) => window.bench.connectIframe(url), sim.url),
  )
  await fresh.close()
  return { ms, paths }
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
const colds = []
const warms = []
// Alternating, so both kinds see the same machine load.
for (let i = 0; i < CONNECTS; i++) {
  colds.push(await firstConnect(true))
  warms.push(await firstConnect(false))
}
const cold = { ms: median(colds.map((c) => c.ms)), paths: colds[0]!.paths }
const warm = { ms: median(warms.map((c) => c.ms)), paths: warms[0]!.paths }

console.log(
  `BENCH_JSON ${JSON.stringify({
    restore,
    firstConnect: {
      count: CONNECTS,
      coldMs: cold.ms,
      warmMs: warm.ms,
      coldRequests: cold.paths,
      warmRequests: warm.paths,
    },
    requestRoundTrip: roundTrip,
    walletHttp,
    sessionExecute: execute,
  })}`,
)
