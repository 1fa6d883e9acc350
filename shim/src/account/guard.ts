import {
  isWebWalletError,
  type SessionEndReason,
  SessionExpiredError,
  SessionRevokedError,
} from '@webwallet/protocol/errors'
import type { ChainClock } from '../session/clock'

/**
 * What stands before a session account's sends: one queue (a send starts once the previous one was sent or
 * failed, so nonces follow each other; under a named Web Lock, other tabs' sends too), the chain clock's check,
 * and `clearSession()`'s revocation. One guard per SDK instance and account address, shared by its accounts.
 */
export interface AccountGuard {
  /** Runs `task` after every task queued before it settled. */
  queue<T>(task: () => Promise<T>): Promise<T>
  /**
   * Throws SESSION_REVOKED after {@link revoke}; given `block` (the clock's answer, read in the send's batch),
   * SESSION_EXPIRED once the chain's time reached `expiresAt` (seconds), UNEXPECTED_ANSWER without a timestamp.
   * Answers the block's time in seconds.
   */
  check(expiresAt: number, block?: PromiseSettledResult<unknown>): number | undefined
  /**
   * The chain's or cosigner's refusal of an ended session as the SDK's code: `session/expired` as
   * SESSION_EXPIRED, `session/revoked` (by the wallet or another device) as SESSION_REVOKED, revoking this guard.
   */
  ended(error: unknown, expiresAt: number): unknown
  /**
   * Ends the session on this device: every later execute or signature fails with SESSION_REVOKED, whose
   * `data.reason` is `reason` (default 'cleared').
   */
  revoke(reason?: SessionEndReason): void
  readonly revoked: boolean
}

/**
 * A guard whose expiry check follows `clock`.
 *
 * @example
 * const guard = createAccountGuard(createChainClock(rpc))
 * await guard.queue(async () => { guard.check(session.expiresAt, block); return send() })
 */
export function createAccountGuard(clock: ChainClock, lockName?: string): AccountGuard {
  let tail: Promise<unknown> = Promise.resolve()
  let revoked: SessionEndReason | undefined
  // Other tabs of the origin send for the same account: a Web Lock orders them too, where there is one.
  const locks = (globalThis.navigator as { locks?: LockManager } | undefined)?.locks
  const exclusive = <T>(task: () => Promise<T>) =>
    lockName && locks ? (locks.request(lockName, task) as Promise<T>) : task()
  return {
    get revoked() {
      return revoked !== undefined
    },
    queue(task) {
      const locked = () => exclusive(task)
      const run = tail.then(locked, locked)
      tail = run.catch(() => {})
      return run
    },
    check(expiresAt, block) {
      if (revoked) throw new SessionRevokedError(revoked)
      if (!block) return undefined
      if (block.status === 'rejected') throw block.reason
      const now = Math.floor(clock.observe(block.value) / 1000)
      if (expiresAt <= now) throw new SessionExpiredError(expiresAt, now)
      return now
    },
    ended(error, expiresAt) {
      // The account contract reverts with 'session/expired' or 'session/revoked'; the cosigner refuses with
      // status 'sessionExpired' or 'sessionRevoked' (also inside a gasless retry's `errors`).
      const said = (pattern: RegExp) => (e: unknown) =>
        isWebWalletError(e) && pattern.test(JSON.stringify(e.data ?? null))
      const errors = (error as { errors?: readonly unknown[] } | undefined)?.errors ?? [error]
      if (errors.some(said(/session\/revoked|"sessionRevoked"/))) {
        revoked = 'revoked'
        return new SessionRevokedError('revoked', { cause: error })
      }
      if (!errors.some(said(/session\/expired|"sessionExpired"/))) return error
      if (clock.now() < expiresAt * 1000) clock.observe({ timestamp: expiresAt })
      return new SessionExpiredError(expiresAt, 0, { cause: error })
    },
    revoke(reason = 'cleared') {
      revoked ??= reason
    },
  }
}
