import type { IncomingMessage } from 'node:http'
import type { RequestHandler } from 'express'

/** Why a request may not use the dev API (a foreign page, a Host wallet-sim does not answer); undefined when it may. */
export type DevGate = (req: IncomingMessage) => string | undefined

/** Without wallet-sim's access rules: only clients that are not browsers (no Origin header). */
export const nonBrowsersOnly: DevGate = (req) =>
  req.headers.origin === undefined ? undefined : `Origin ${req.headers.origin} may not use the dev API`

/**
 * Refuses (403) a request `gate` refuses, before anything reads its body: any web page can send requests
 * to localhost (a form, a `no-cors` fetch), so the unauthenticated dev API answers only Node clients,
 * wallet-sim's own pages and the exact origins allowed with --allow-dapp.
 *
 * @example
 * router.use(devGuard(access.devRefusal))
 */
export function devGuard(gate: DevGate): RequestHandler {
  return (req, res, next) => {
    const refusal = gate(req)
    if (refusal === undefined) return next()
    res.vary('Origin')
    res.status(403).json({ code: 'FORBIDDEN', message: refusal, messages: [refusal] })
  }
}

/**
 * For `POST /wallet/api/devLogin {origin?}`: the wallet page says which dapp it serves (the embedder or
 * opener whose messages it answers); the `--email` user is only for a dapp `trusted` names, so any site
 * that frames or opens the wallet page does not get it. Without `origin` (Node clients) nothing is checked
 * here. Runs after a JSON body parser; `onRefused` hears each refusal.
 *
 * @example
 * app.use('/wallet/api/devLogin', express.json(), embedderGuard(access.trustedOrigin))
 */
export function embedderGuard(
  trusted: (origin: string, req: IncomingMessage) => boolean,
  onRefused?: (origin: string, message: string) => void,
): RequestHandler {
  return (req, res, next) => {
    const origin: unknown = (req.body as { origin?: unknown } | undefined)?.origin
    if (origin === undefined || (typeof origin === 'string' && trusted(origin, req))) return next()
    const message = `The --email user is not for ${String(origin)}: allow that exact origin with --allow-dapp ${String(origin)}, or log in with a code`
    onRefused?.(String(origin), message)
    res.status(403).json({ code: 'FORBIDDEN', message, messages: [message] })
  }
}

/**
 * CORS for the dev routes a web page calls (the demo's "Register name"): behind devGuard, a page that still
 * has an Origin is an allowed one, and may read the answers (errors included); the rest of the dev API
 * sends no CORS headers.
 *
 * @example
 * router.use('/accounts/:address/name', pageCors)
 */
export const pageCors: RequestHandler = (req, res, next) => {
  res.vary('Origin')
  const origin = req.headers.origin
  if (origin !== undefined) res.setHeader('Access-Control-Allow-Origin', origin)
  if (req.method !== 'OPTIONS') return next()
  if (origin !== undefined) {
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST')
    res.setHeader('Access-Control-Allow-Headers', 'content-type')
    res.setHeader('Access-Control-Max-Age', '600')
  }
  res.status(204).end()
}
