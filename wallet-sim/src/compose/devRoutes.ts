// The dev powers: the control API (`/dev`), the approvals of manual mode, and the hands-free login of the
// `--email` user, each behind the dev guard (the same clients as devnet_*).
import express, { type Express } from 'express'
import { HttpError } from '../infra/http/HttpError'
import { UnsupportedByNode } from '../node/access'
import { createDevRouter, devAccountsFrom } from '../services'
import { devLoginAvailable } from '../services/dev/devLoginAvailable'
import { devGuard, embedderGuard } from '../services/dev/pageCors'
import { walletErrors } from '../wallet/server/api'
import type { Parts } from './parts'

/**
 * `/dev`, `/wallet/approvals`, `/wallet/api/devLogin` and `/wallet/api/decide`'s guard.
 * @example mountDevRoutes(app, parts)
 */
export function mountDevRoutes(app: Express, parts: Parts): void {
  const { access, approval, chain, handsFree } = parts
  app.use(
    '/dev',
    createDevRouter({
      inbox: parts.inbox,
      faults: parts.faults,
      approval,
      clock: {
        now: () => chain.now(),
        set: (seconds) => refusedByNode(chain.setTime(seconds)),
        increase: (seconds) => refusedByNode(chain.increaseTime(seconds)),
      },
      accounts: devAccountsFrom(parts.login, parts.fund),
      names: parts.names,
      portfolio: parts.portfolio,
      user: handsFree,
      gate: access.devRefusal,
    }),
  )
  // The approvals of manual mode answer wallet prompts for the user: a dev power too.
  app.use('/wallet/approvals', devGuard(access.devRefusal))
  const handsFreeRefused = handsFreeRefusalLog(parts)
  // Asked by the wallet page before it tries the automatic login (no failing request on a normal open); the
  // USE chain below catches its errors.
  app.get(
    '/wallet/api/devLogin',
    devGuard(access.devRefusal),
    devLoginAvailable({
      ready: () => approval.get() !== 'manual' && handsFree.current() !== undefined,
      trusted: access.trustedOrigin,
      onRefused: handsFreeRefused,
    }),
  )
  // The automatic login acts as the --email user: for the same clients as the dev API, and, when the wallet
  // page asks for the dapp it serves, only for a dapp allowed the same way.
  app.use(
    '/wallet/api/devLogin',
    devGuard(access.devRefusal),
    express.json(),
    embedderGuard(access.trustedOrigin, handsFreeRefused),
    walletErrors,
  )
  // The hands-free answers take the tests' one-shot answers: a dev power as well (the wallet page's own
  // requests pass; it then says which dapp asks, and only a trusted one is answered by the policy).
  app.use('/wallet/api/decide', devGuard(access.devRefusal))
}

// A page that asked for the hands-free user while the policy answers for the user (--approve auto or
// reject) and got the login screen: one line per origin says why, instead of a silent manual login.
function handsFreeRefusalLog({ approval, logger }: Parts): (origin: string) => void {
  const refusedOrigins = new Set<string>()
  return (origin) => {
    if (approval.get() === 'manual' || refusedOrigins.has(origin)) return
    refusedOrigins.add(origin)
    logger.info(
      `[hands-free] ${origin} gets the login screen, not the --email user of --approve ${approval.get()}: ` +
        `it is not an exact --allow-dapp origin (restart with --allow-dapp ${origin})`,
    )
  }
}

/** A dev power the node lacks (time travel on a public node) is the client's 400, with the reason. */
async function refusedByNode(pending: Promise<void>): Promise<void> {
  try {
    await pending
  } catch (error) {
    if (error instanceof UnsupportedByNode) throw new HttpError(400, 'BAD_REQUEST', error.message)
    throw error
  }
}
