// GET /wallet/api/devLogin?origin=: the wallet page asks whether the automatic login would work before it
// tries it, so a normal open (manual approvals, no --email user, a dapp not allowed) makes no failing request.
import type { IncomingMessage } from 'node:http'
import { walletPage } from '@webwallet/protocol/services'
import type { RequestHandler } from 'express'
import { validate } from '../../infra/http/validate'

export interface DevLoginAvailability {
  /** Whether POST /devLogin can log anyone in now (an --email user, approvals not manual). */
  readonly ready: () => boolean
  /** The dapps the --email user is for (exact --allow-dapp origins), as POST /devLogin's guard judges them. */
  readonly trusted: (origin: string, req: IncomingMessage) => boolean
  /** Hears a dapp that gets the login screen because it is not allowed (wallet-sim logs how to allow it). */
  readonly onRefused?: (origin: string) => void
}

/**
 * The handler of `GET /wallet/api/devLogin?origin=` → `{available}`: true exactly when POST /devLogin with
 * that origin would answer a login. Always 200 (a malformed query is a 400, as everywhere).
 *
 * @example
 * app.get('/wallet/api/devLogin', devLoginAvailable({ ready, trusted: access.trustedOrigin }))
 */
export function devLoginAvailable(deps: DevLoginAvailability): RequestHandler {
  return (req, res) => {
    const { origin } = validate(walletPage.devLoginAvailable.Query, req.query, 'query')
    const ready = deps.ready()
    const trusted = origin === undefined || deps.trusted(origin, req)
    if (ready && !trusted && origin !== undefined) deps.onRefused?.(origin)
    res.json({ available: ready && trusted } satisfies walletPage.devLoginAvailable.Response)
  }
}
