import { isWebWalletError, SessionExpiredError, SessionRevokedError } from '@webwallet/protocol/errors'
import { type ChainClock, CLOCK_CALL } from '../session/clock'
import { PENDING_TAG } from './invoke'
import type { Rpc } from './rpc'
import { isContractNotFound } from './waitForTransaction'

/**
 * What stands before a session account's sends: one queue (a send starts when the previous one was sent or
 * failed, so nonces follow each other), the chain clock checked before sending, and the revocation of
 * `clearSession()`. One guard per SDK instance and account address; every account object of that address
 * shares it.
 */
export interface AccountGuard {
  /** Runs `task` after every task queued before it settled. */
  queue<T>(task: () => Promise<T>): Promise<T>
  /**
   * Reads the chain's clock with the account's class hash and nonce (one batched round trip, which the send
   * then needs no more), and throws SESSION_REVOKED after {@link revoke}, SESSION_EXPIRED when the chain's
   * time has reached `expiresAt` (seconds).
   */
  check(expiresAt: number, rpc: Rpc, address: string): Promise<{ deployed: boolean; nonce?: bigint }>
  /**
   * The chain's (or the cosigner's) own `session/expired` refusal as SESSION_EXPIRED, the clock then at
   * least at the expiry; other errors unchanged.
   */
  expired(error: unknown, expiresAt: number): unknown
  /** Ends the session on this device: every later execute or signature fails with SESSION_REVOKED. */
  revoke(): void
  readonly revoked: boolean
}

/**
 * A guard whose expiry check reads `clock`.
 *
 * @example
 * const guard = createAccountGuard(createChainClock(rpc))
 * await guard.queue(async () => { await guard.check(session.expiresAt); return send() })
 */
export function createAccountGuard(clock: ChainClock): AccountGuard {
  let tail: Promise<unknown> = Promise.resolve()
  let revoked = false
  return {
    get revoked() {
      return revoked
    },
    queue(task) {
      const run = tail.then(task, task)
      tail = run.catch(() => {})
      return run
    },
    async check(expiresAt, rpc, address) {
      if (revoked) throw new SessionRevokedError()
      const at = { block_id: PENDING_TAG, contract_address: address }
      const [block, classHash, nonce] = await rpc.settle([
        CLOCK_CALL,
        { method: 'starknet_getClassHashAt', params: at },
        { method: 'starknet_getNonce', params: at },
      ])
      if (revoked) throw new SessionRevokedError()
      if (block?.status !== 'fulfilled') throw block?.reason
      const now = Math.floor(clock.observe(block.value) / 1000)
      if (expiresAt <= now) throw new SessionExpiredError(expiresAt, now)
      if (classHash?.status === 'rejected') {
        if (isContractNotFound(classHash.reason)) return { deployed: false }
        throw classHash.reason
      }
      const value = nonce?.status === 'fulfilled' ? nonce.value : undefined
      return typeof value === 'string' && /^0x[0-9a-f]+$/i.test(value)
        ? { deployed: true, nonce: BigInt(value) }
        : { deployed: true }
    },
    expired(error, expiresAt) {
      // The account contract reverts with 'session/expired', the cosigner refuses with status 'sessionExpired'.
      const said = (e: unknown) =>
        isWebWalletError(e) && /session\/expired|"sessionExpired"/.test(JSON.stringify(e.data ?? null))
      const errors = (error as { errors?: readonly unknown[] } | undefined)?.errors ?? [error]
      if (!errors.some(said)) return error
      if (clock.now() < expiresAt * 1000) clock.observe({ timestamp: expiresAt })
      return new SessionExpiredError(expiresAt, 0, { cause: error })
    },
    revoke() {
      revoked = true
    },
  }
}
