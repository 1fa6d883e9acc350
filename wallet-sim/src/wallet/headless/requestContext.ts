// Who is calling the wallet router, the same way for every wire it is served on (WebSocket and HTTP at
// /trpc): the dapp origin, the login token and whether the caller is a foreign page.
import type { IncomingMessage } from 'node:http'
import type { HeadlessContext } from './headlessMode'

/** Without wallet-sim's access rules: only clients that are not browsers (no Origin header). */
export const nonBrowsers = (req: IncomingMessage): boolean => req.headers.origin === undefined

/** What the wire says besides the request's headers. */
export interface CallerClaims {
  /** The login token the wire carries (`?token=` / `connectionParams.token`, `Authorization: Bearer`). */
  token?: string | undefined
  /** The origin a client that is not a browser acts for (`connectionParams.origin`); ignored with an Origin header. */
  origin?: string | undefined
}

/**
 * A caller's context: its dapp origin (the Origin header, else the claimed origin, else 'headless') and login
 * token. A browser page `trustedPage` refuses is `foreignPage`: any site can reach localhost, so without a token it
 * must not act as the `--email` user, and the approval policy never answers it.
 *
 * @example
 * callerContext(req, { token: bearerToken(req) }, access.trustedPage) // { origin: 'https://evil.example', foreignPage: true }
 */
export function callerContext(
  req: IncomingMessage,
  claims: CallerClaims,
  trustedPage: (req: IncomingMessage) => boolean = nonBrowsers,
): HeadlessContext {
  const header = req.headers.origin
  const origin = header ?? claims.origin ?? 'headless'
  const foreign = header !== undefined && !trustedPage(req)
  return {
    origin,
    ...(claims.token === undefined ? {} : { token: claims.token }),
    ...(foreign ? { foreignPage: true } : {}),
  }
}
