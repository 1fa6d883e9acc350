// The stored session as a WebWallet restored it: begun at init (WebKit refuses a popup once a click awaited
// IndexedDB or WebCrypto), begun again only when the stored session changed since.
import type { ChainIdentity } from '../session/chainIdentity'
import type { ActiveSession } from '../session/signature'
import type { SessionStore } from '../session/store'
import { checkRestored } from './restoreCheck'

/** One restoring of the stored session, and the stored session it was of. */
export interface Restoring {
  /** The stored session as text when this began: another text means it changed since. */
  readonly stored: string
  readonly session: Promise<ActiveSession | undefined>
  /** Why the stored session can never work (its chain is gone), found while it was restored. */
  readonly gone: Promise<Error | undefined>
}

/**
 * Unseals the stored session's key and checks its chain, both begun now; a failure is the promises' to report
 * (awaited or not, never an unhandled rejection).
 *
 * @example
 * let restoring = restoreStored(sessions, environment.chainId, identity)
 * if (restoring.stored !== storedText(sessions)) restoring = restoreStored(sessions, environment.chainId, identity)
 */
export function restoreStored(sessions: SessionStore, chainId: string, identity: ChainIdentity): Restoring {
  const stored = storedText(sessions)
  const session = sessions.load()
  session.catch(() => {}) // connect() reports it; unawaited it is no unhandled rejection
  return { stored, session, gone: checkRestored(sessions.peek(), chainId, identity) }
}

/**
 * The restoring of a session just signed and stored: nothing to unseal or check.
 *
 * @example
 * restoring = signedNow(sessions, active)
 */
export function signedNow(sessions: SessionStore, active: ActiveSession): Restoring {
  return { stored: storedText(sessions), session: Promise.resolve(active), gone: Promise.resolve(undefined) }
}

/**
 * The stored session as text, to tell whether it changed (`null` without one).
 *
 * @example
 * if (restoring.stored === storedText(sessions)) return // unchanged
 */
export function storedText(sessions: SessionStore): string {
  return JSON.stringify(sessions.peek() ?? null)
}
