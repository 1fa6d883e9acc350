// Serves the built wallet UI (wallet-sim/ui/dist): assets as files, every wallet route as the app page,
// with the headers that decide who may frame it and the allow-list the page checks its host against.
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ALLOWED_DAPPS_ELEMENT_ID, frameAncestors, parseDappEntry } from '@webwallet/protocol/wallet'
import express, { type Response, Router } from 'express'
import { compressedFiles, sendCompressed } from '../infra/http/compressed'
import { DEFAULT_ALLOWED_DAPPS } from '../services/allowlist/router'
import { APPROVAL_WINDOW_ROUTE } from './page/approvalWindow'

/** The hosted wallet's pages (docs/protocol.md, Parties and routes). */
export const WALLET_ROUTES = [
  '/iframes/comms',
  '/interstitialLogin',
  '/signMessage',
  '/signSessionKeys',
  '/review',
] as const

/** The wallet's Connected apps page: the user's apps and sessions, their revocation, and Log out. */
export const CONNECTED_APPS_ROUTE = '/apps'

/**
 * Every page the UI router serves: the hosted wallet's, the window a frame that cannot prove itself visible
 * finishes its approval in, and Connected apps (never framed, like the popup routes).
 */
export const UI_PAGE_ROUTES = [...WALLET_ROUTES, APPROVAL_WINDOW_ROUTE, CONNECTED_APPS_ROUTE] as const

/** The only page dapps may embed; every other page refuses any frame. */
export const IFRAME_ROUTE = '/iframes/comms'

/** Where `npm run build -w @webwallet/wallet-sim` writes the UI. */
export const DEFAULT_UI_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../ui/dist')

export interface WalletUiOptions {
  /** Hosts or origins that may embed /iframes/comms (`--allow-dapp`); default localhost and 127.0.0.1. */
  allowedDapps?: readonly string[] | undefined
}

// Vite's build has no inline script or style: everything the page loads is its own, and it talks only to
// its own server. No COOP: a popup must keep its opener, which is its transport.
const PAGE_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
]

/** The Content-Security-Policy of a wallet page: `/iframes/comms` frameable by the list, the rest by none. */
export function walletPagePolicy(route: string, allowedDapps: readonly string[]): string {
  const ancestors = route === IFRAME_ROUTE ? frameAncestors(allowedDapps) : "'none'"
  return [...PAGE_POLICY, `frame-ancestors ${ancestors}`].join('; ')
}

/** index.html with the allow-list as a JSON data block (not a script the CSP would have to allow). */
export function withAllowList(html: string, allowedDapps: readonly string[]): string {
  const valid = allowedDapps.filter((entry) => parseDappEntry(entry) !== undefined)
  const json = JSON.stringify(valid).replace(/</g, '\\u003c')
  const block = `<script type="application/json" id="${ALLOWED_DAPPS_ELEMENT_ID}">${json}</script>`
  return html.includes('</head>') ? html.replace('</head>', `${block}</head>`) : `${block}${html}`
}

function setPageHeaders(res: Response, route: string, allowedDapps: readonly string[]): void {
  res.setHeader('Content-Security-Policy', walletPagePolicy(route, allowedDapps))
  // X-Frame-Options has no "these origins" form: only the pages nobody may frame send it.
  if (route !== IFRAME_ROUTE) res.setHeader('X-Frame-Options', 'DENY')
  res.setHeader('X-Content-Type-Options', 'nosniff')
  res.setHeader('Referrer-Policy', 'no-referrer')
  // The page runs in dapps' iframes: it must never be cached across builds (nor across allow-lists).
  res.setHeader('Cache-Control', 'no-store')
}

/**
 * The UI router: the five wallet routes and the approval window answer index.html (with the allow-list and the framing headers),
 * `/assets/*` the built files; pages and text assets compressed as the browser accepts (br, gzip).
 *
 * @example
 * app.use(createWalletUiRouter(DEFAULT_UI_DIR, { allowedDapps: ['localhost', 'http://127.0.0.2:5173'] }))
 */
export function createWalletUiRouter(uiDir: string = DEFAULT_UI_DIR, options: WalletUiOptions = {}): Router {
  const allowedDapps = options.allowedDapps ?? DEFAULT_ALLOWED_DAPPS
  const router = Router()
  const index = join(uiDir, 'index.html')
  router.get([...UI_PAGE_ROUTES], async (req, res) => {
    // Express matches routes case-insensitively and with a trailing slash: decide on the same normal form.
    setPageHeaders(res, req.path.toLowerCase().replace(/\/+$/, ''), allowedDapps)
    if (!existsSync(index)) {
      res
        .status(503)
        .type('text/plain')
        .send('The wallet UI is not built: run `npm run build -w @webwallet/wallet-sim`.')
      return
    }
    // The page runs in dapps' iframes: it must never be cached across builds.
    res.setHeader('Cache-Control', 'no-store')
    // Read at once (a few hundred bytes): an async read's four thread-pool hops cost a framed wallet's
    // start tens of ms on a busy machine (bench/userTests.ts), a rebuilt UI is still served at once.
    await sendCompressed(req, res.type('html'), withAllowList(readFileSync(index, 'utf8'), allowedDapps))
  })
  // Compressed as the browser accepts (br, gzip); express.static serves the rest and the uncompressed files.
  const assets = join(uiDir, 'assets')
  router.use('/assets', compressedFiles(assets, { 'Cache-Control': 'public, max-age=31536000, immutable' }))
  router.use('/assets', express.static(assets, { immutable: true, maxAge: '1y' }))
  return router
}
