// Argent's invisible SDK (@argent/invisible-sdk 1.0.0) in `environment: 'dev'` opens its wallet at
// http://localhost:3005 and calls fixed https hosts of Argent's for the rest: the cosigner, the iframe
// allow-list, AVNU's paymaster and a public node. These routes send each of them to a wallet-sim with
// Playwright's request routing, so an unmodified app's test suite runs against the simulator.
import type { BrowserContext, Page, Route } from 'playwright-core'

/** What invisible-sdk 1.0.0's `dev` environment calls (read from its bundle), and where wallet-sim serves it. */
export const ARGENT_DEV_HOSTS = Object.freeze({
  /** The wallet (popup and iframe): wallet-sim's own default origin. */
  webWallet: 'http://localhost:3005',
  /**
   * `argentBaseUrl`: the cosigner (`/cosigner/signSession`, `/cosigner/signSessionEFO`) and the backend
   * (`/activity/starknet/{network}/account/{address}/balance` for the gas-token route, `/tokens/...`).
   */
  argentBaseUrl: 'https://api.hydrogen.argent47.net/v1',
  /** The iframe allow-list of a localhost or Sepolia wallet: `{ allowedDapps: [host names] }`. */
  testnetAllowList: 'https://static.hydrogen.argent47.net/webwallet/iframe_whitelist_testnet.json',
  /** The iframe allow-list of a mainnet wallet. */
  mainnetAllowList: 'https://static.argent.net/webwallet/iframe_whitelist_mainnet.json',
  /** AVNU's paymaster on Sepolia (`/paymaster/v1/...`), the gasless route's default. */
  paymaster: 'https://sepolia.api.avnu.fi',
  /** The default node (`providerDefaultUrl`), JSON-RPC 0.7. */
  node: 'https://free-rpc.nethermind.io/sepolia-juno/v0_7',
})

/**
 * The wallet-sim URL that serves `url`, one of invisible-sdk's dev-environment requests; `undefined` for an
 * Argent host wallet-sim does not simulate, `null` for any other URL. Each target answers in the real
 * service's format: x-sessions' cosigner, Argent's backend at `/v1`, `{ allowedDapps }` allow-lists, AVNU's
 * `/paymaster/v1`, and JSON-RPC 0.7 at `/rpc/v0_7`.
 *
 * @example
 * argentTarget(new URL('https://api.hydrogen.argent47.net/v1/cosigner/signSession'), 'http://127.0.0.1:4100')
 * // 'http://127.0.0.1:4100/cosigner/signSession'
 */
export function argentTarget(url: URL, simUrl: string): string | undefined | null {
  const sim = new URL(simUrl).origin
  const href = url.href
  const hosts = ARGENT_DEV_HOSTS
  if (url.origin === hosts.webWallet) return sim + url.pathname + url.search
  if (href === hosts.testnetAllowList) return `${sim}/allowlist/sepolia.json`
  if (href === hosts.mainnetAllowList) return `${sim}/allowlist/mainnet.json`
  const cosigner = `${hosts.argentBaseUrl}/cosigner/`
  if (href.startsWith(cosigner)) return `${sim}/cosigner/${href.slice(cosigner.length)}`
  const backend = `${hosts.argentBaseUrl}/`
  if (href.startsWith(backend)) return `${sim}/v1/${href.slice(backend.length)}`
  if (url.origin === hosts.paymaster && url.pathname.startsWith('/paymaster/v1/'))
    return sim + url.pathname + url.search
  if (href === hosts.node || href === `${hosts.node}/`) return `${sim}/rpc/v0_7`
  const argentOrigins = [hosts.argentBaseUrl, hosts.testnetAllowList, hosts.mainnetAllowList, hosts.paymaster]
  if (argentOrigins.some((known) => new URL(known).origin === url.origin)) return undefined
  if (url.origin === new URL(hosts.node).origin) return undefined
  return null
}

const PATTERNS = [
  `${ARGENT_DEV_HOSTS.webWallet}/**`,
  `${new URL(ARGENT_DEV_HOSTS.argentBaseUrl).origin}/**`,
  `${new URL(ARGENT_DEV_HOSTS.testnetAllowList).origin}/**`,
  `${new URL(ARGENT_DEV_HOSTS.mainnetAllowList).origin}/**`,
  `${ARGENT_DEV_HOSTS.paymaster}/**`,
  `${new URL(ARGENT_DEV_HOSTS.node).origin}/**`,
]

/**
 * Routes `target`'s requests (a context with its popups, or one page) for invisible-sdk's dev hosts to the
 * wallet-sim at `simUrl`; returns the undo. Argent hosts wallet-sim does not serve get a 404 saying so.
 *
 * @example
 * const sim = await launchWalletSim({ dappOrigins: ['http://localhost:5173'] })
 * const context = await browser.newContext()
 * await routeArgentToWalletSim(context, sim.url)
 */
export async function routeArgentToWalletSim(
  target: BrowserContext | Page,
  simUrl: string,
  /** `skipWebWallet`: leave http://localhost:3005 alone (e.g. the dapp itself is served there). */
  options: { skipWebWallet?: boolean } = {},
): Promise<() => Promise<void>> {
  const handler = async (route: Route) => {
    const request = route.request()
    const to = argentTarget(new URL(request.url()), simUrl)
    if (to === null) return route.fallback()
    if (to === undefined) {
      return route.fulfill({
        status: 404,
        contentType: 'application/json',
        headers: { 'access-control-allow-origin': '*' },
        body: JSON.stringify({
          status: 'notSimulated',
          message: `wallet-sim does not serve ${request.url()}`,
        }),
      })
    }
    // The simulator sees the page's request as it was sent (method, body), at its own address. Its wallet
    // page runs at http://localhost:3005 in the browser: that page's own requests are the simulator's
    // same-origin requests, as a reverse proxy would present them; a dapp's Origin stays the dapp's.
    const { host: _host, ...headers } = await request.allHeaders()
    const sim = new URL(simUrl).origin
    const wallet = ARGENT_DEV_HOSTS.webWallet
    if (headers.origin === wallet) headers.origin = sim
    if (headers.referer?.startsWith(`${wallet}/`))
      headers.referer = sim + headers.referer.slice(wallet.length)
    // A page or context closed while its request was under way (a test ending while the dapp's hidden wallet
    // iframe still loads) has nothing left to answer (Playwright's "… has been closed" / "… disposed"); any
    // other failure is the test's.
    const gone = (error: unknown) => {
      if (!pageClosed(request) && !/has been closed|disposed/.test(String(error))) throw error
    }
    const response = await route.fetch({ url: to, headers, maxRedirects: 0 }).catch(gone)
    if (response) await route.fulfill({ response }).catch(gone)
  }
  const patterns = options.skipWebWallet ? PATTERNS.slice(1) : PATTERNS
  for (const pattern of patterns) await target.route(pattern, handler)
  return async () => {
    for (const pattern of patterns) await target.unroute(pattern, handler)
  }
}

/** Whether the page a request belongs to is closed (or it belongs to none any more). */
function pageClosed(request: ReturnType<Route['request']>): boolean {
  try {
    return request.frame().page().isClosed()
  } catch {
    return true
  }
}
