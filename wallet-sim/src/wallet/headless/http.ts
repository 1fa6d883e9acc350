// The wallet router over tRPC's HTTP wire at /trpc/<procedure> (docs/protocol.md, HTTP):
// for standard tRPC HTTP clients (`httpBatchLink`, `httpSubscriptionLink`) and the shim's `fromHttp`. Same
// origin, login and approval rules as the WebSocket at /trpc (requestContext.ts); WebSocket upgrades never
// reach express.
import type { IncomingMessage } from 'node:http'
import type { AnyTRPCRouter } from '@trpc/server'
import { createExpressMiddleware } from '@trpc/server/adapters/express'
import { isListedOrigin } from '@webwallet/protocol/wallet'
import { type RequestHandler, Router } from 'express'
import { MAX_MESSAGE_BYTES } from '../../rpc/wsServer'
import { DEFAULT_ALLOWED_DAPPS } from '../../services/allowlist/router'
import { subscriptionRules } from './httpSubscriptions'
import { callerContext, nonBrowsers } from './requestContext'

/** Where the router answers over HTTP: `/trpc/<procedure>`, or `/trpc/<a>,<b>?batch=1` for a batch. */
export const TRPC_HTTP_PATH = '/trpc'

export interface WalletHttpOptions {
  /**
   * Whether the request may act as the `--email` user without a token and be answered by the approval
   * policy (wallet-sim's access rules); default: clients that are not browsers (no Origin header) only.
   */
  trustedPage?: ((req: IncomingMessage) => boolean) | undefined
  /**
   * The iframe allow-list (`--allow-dapp` hosts and origins; default localhost and 127.0.0.1): with the
   * trusted pages, the only origins whose pages may read the answers (CORS). Any other page cannot send the
   * JSON a call needs (its preflight is refused) nor read an answer.
   */
  pageHosts?: readonly string[] | undefined
}

/** Headers a page may send: the JSON body's type, the login token, tRPC's streaming opt-in. */
const ALLOWED_HEADERS = 'content-type, authorization, trpc-accept'

/**
 * The login token of `Authorization: Bearer <token>`. Any other Authorization value is kept whole, so it
 * fails as an unknown token (USER_LOGGED_OUT) instead of falling back to the `--email` user.
 * @example bearerToken(req) // 'a1b2…' for `Authorization: Bearer a1b2…`
 */
export function bearerToken(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization
  if (header === undefined) return undefined
  const match = /^Bearer +(\S+) *$/i.exec(header)
  return match ? match[1] : header
}

/**
 * Serves `router` over tRPC's HTTP wire (mount it at {@link TRPC_HTTP_PATH}): POST JSON for mutations, GET
 * `?input=` for queries, `?batch=1` batches.
 * - CORS only for trusted pages and `pageHosts`' origins; any other preflight is 403.
 * - CSRF: a POST must be `Content-Type: application/json` (else 415), which no form or `no-cors` fetch can send,
 *   and a browser GET must be a `fetch` (`Sec-Fetch-Mode: cors|same-origin`), not an `<img>`, `<script>` or
 *   navigation (403), which carry no Origin.
 * - A call awaiting approval holds its request until answered or the queue's timeout (a rejection).
 * - `walletEvents` streams as tRPC's server-sent events, the token in `Authorization: Bearer` or
 *   `?connectionParams={"token":…}` (an `EventSource` sends no headers); a page that may not read the answers is
 *   refused before a stream opens, in any spelling (tRPC's own parser reads it: httpSubscriptions.ts).
 * - `updateModal` follows a wallet window, so it is `METHOD_NOT_SUPPORTED` here.
 *
 * @example
 * app.use(TRPC_HTTP_PATH, createWalletHttpHandler(router, { trustedPage: access.trustedPage }))
 */
export function createWalletHttpHandler(router: AnyTRPCRouter, options: WalletHttpOptions = {}): Router {
  const trustedPage = options.trustedPage ?? nonBrowsers
  const pageHosts = options.pageHosts ?? DEFAULT_ALLOWED_DAPPS
  const http = Router()
  const readable = (origin: string, req: IncomingMessage) =>
    trustedPage(req) || isListedOrigin(origin, pageHosts)
  http.use(corsFor(readable))
  http.use(csrfGuard)
  http.use(subscriptionRules(router, readable))
  http.use(
    createExpressMiddleware({
      router,
      maxBodySize: MAX_MESSAGE_BYTES,
      createContext: ({ req, info }) =>
        callerContext(req, { token: bearerToken(req) ?? info.connectionParams?.token }, trustedPage),
    }),
  )
  return http
}

/** CORS for the origins `allowed` accepts: their pages may call and read; other preflights are 403. */
function corsFor(allowed: (origin: string, req: IncomingMessage) => boolean): RequestHandler {
  return (req, res, next) => {
    res.vary('Origin')
    const origin = req.headers.origin
    const ok = origin !== undefined && allowed(origin, req)
    if (ok) res.setHeader('Access-Control-Allow-Origin', origin)
    if (req.method !== 'OPTIONS') return next()
    if (!ok) {
      const message = `Origin ${origin ?? '(none)'} may not call the wallet router over HTTP; its page is not on the wallet's allow-list (--allow-dapp)`
      res.status(403).json({ code: 'FORBIDDEN', message })
      return
    }
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST')
    res.setHeader('Access-Control-Allow-Headers', ALLOWED_HEADERS)
    res.setHeader('Access-Control-Max-Age', '600')
    res.status(204).end()
  }
}

/** Refuses what a page of any site can make a browser send without CORS (see createWalletHttpHandler). */
const csrfGuard: RequestHandler = (req, res, next) => {
  if (req.method === 'POST') {
    const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase()
    if (type === 'application/json') return next()
    const message = `POST ${TRPC_HTTP_PATH}: the body must be Content-Type: application/json (got ${req.headers['content-type'] ?? 'none'})`
    res.status(415).json({ code: 'UNSUPPORTED_MEDIA_TYPE', message })
    return
  }
  const mode = req.headers['sec-fetch-mode']
  if (mode === undefined || mode === 'cors' || mode === 'same-origin') return next()
  const message = `${req.method} ${TRPC_HTTP_PATH}: only fetch() may call the wallet router (Sec-Fetch-Mode: ${mode})`
  res.status(403).json({ code: 'FORBIDDEN', message })
}
