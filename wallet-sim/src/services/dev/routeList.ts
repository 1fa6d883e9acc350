// GET /dev: the dev API's routes, as JSON for `Accept: application/json` and as a page for browsers.
// routeList.test.ts compares DEV_ROUTES with the routes createDevRouter really serves, so it cannot drift.
import type { Request, Response } from 'express'
import { escapeHtml, originOf, page, wantsJson } from './html'

export interface DevRoute {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  /** Below `/dev`. */
  readonly path: string
  readonly description: string
}

/** Every route of the dev router, in its order. */
export const DEV_ROUTES: readonly DevRoute[] = [
  { method: 'GET', path: '/inbox', description: 'every mail sent (login codes), newest last' },
  { method: 'GET', path: '/inbox/:email', description: 'the last login code sent to that address' },
  {
    method: 'GET',
    path: '/approval',
    description:
      'who answers wallet prompts (headless clients, wallet pages of --allow-dapp origins): {mode, next}',
  },
  { method: 'PUT', path: '/approval', description: 'set it: {"mode":"auto"} (manual, auto or reject)' },
  {
    method: 'POST',
    path: '/approval/next',
    description:
      'answer the next request: {"action":"approve"}, {"action":"reject"} or {"action":"fail","code":"NOT_ENOUGH_BALANCE"}',
  },
  { method: 'DELETE', path: '/approval/next', description: 'drop the queued one-shot answers' },
  { method: 'GET', path: '/user', description: 'the hands-free user (--email)' },
  {
    method: 'PUT',
    path: '/user',
    description: 'switch it: {"email":…} (creates its account; hands-free logins of the old one end)',
  },
  { method: 'GET', path: '/time', description: "the chain's clock, seconds since the epoch" },
  { method: 'POST', path: '/time', description: 'move the clock: {"increase":3600} or {"set":SECONDS}' },
  { method: 'GET', path: '/accounts', description: 'the users and their accounts' },
  { method: 'POST', path: '/accounts', description: 'create the user of {"email":…} with a funded account' },
  {
    method: 'POST',
    path: '/accounts/:address/fund',
    description: 'mint {"amount":"…","token"?:ADDRESS} (STRK by default)',
  },
  { method: 'GET', path: '/accounts/:address/name', description: "the account's Starknet ID name" },
  {
    method: 'POST',
    path: '/accounts/:address/name',
    description: 'register {"name":"alice.stark"} by a real transaction from that account',
  },
  {
    method: 'POST',
    path: '/accounts/:address/defi',
    description: 'give the account DeFi positions: {"preset":"sample"} or {"dapps":[…]} (none by default)',
  },
  { method: 'DELETE', path: '/accounts/:address/defi', description: 'remove its DeFi positions' },
  {
    method: 'POST',
    path: '/accounts/:address/airdrops',
    description: 'give the account airdrops: {"preset":"sample"} or {"airdrops":[…]} (none by default)',
  },
  { method: 'DELETE', path: '/accounts/:address/airdrops', description: 'remove its airdrops' },
  { method: 'GET', path: '/faults', description: 'the fault rules in force' },
  {
    method: 'POST',
    path: '/faults',
    description: 'add one: {"route":"/cosigner/signSession","count":1,"status":500} (or delayMs, malformed…)',
  },
  { method: 'DELETE', path: '/faults', description: 'clear every fault rule' },
]

/**
 * The GET /dev handler (mount it before the dev router).
 * @example app.get('/dev', devRouteList)
 */
export function devRouteList(req: Request, res: Response): void {
  const base = `${originOf(req)}/dev`
  if (wantsJson(req)) {
    res.json({ routes: DEV_ROUTES.map((route) => ({ ...route, url: `${base}${route.path}` })) })
    return
  }
  const rows = DEV_ROUTES.map(({ method, path, description }) => {
    const full = escapeHtml(`/dev${path}`)
    // Plain GETs are links; routes with parameters or bodies are shown as text.
    const shown = method === 'GET' && !path.includes(':') ? `<a href="${full}">${full}</a>` : full
    return `<tr><td><code>${method}</code></td><td><code>${shown}</code></td><td>${escapeHtml(description)}</td></tr>`
  })
  res.type('html').send(
    page(
      'wallet-sim dev API',
      `<h1>wallet-sim dev API</h1>
<p>Local tooling, no authentication. Bodies are JSON (<code>content-type: application/json</code>).
<a href="/">All services</a>.</p>
<table><tr><th>method</th><th>path</th><th>what it does</th></tr>${rows.join('\n')}</table>`,
    ),
  )
}
