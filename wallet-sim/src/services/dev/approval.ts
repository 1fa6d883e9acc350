import { WEBWALLET_ERROR_CODES } from '@webwallet/protocol/errors'
import * as z from 'zod/mini'

/** How the simulator answers wallet requests that would ask the user: wait for a click, approve, or refuse. */
export const ApprovalMode = z.enum(['manual', 'auto', 'reject'])
export type ApprovalMode = z.infer<typeof ApprovalMode>

/**
 * The codes a test can make the next request fail with: the session-signing result codes (docs/protocol.md, Errors on the wire)
 * and a logged-out user.
 */
export const FAIL_CODES = [...WEBWALLET_ERROR_CODES, 'USER_LOGGED_OUT'] as const
export const FailCode = z.enum(FAIL_CODES, `code must be one of ${FAIL_CODES.join(', ')}`)
export type FailCode = z.infer<typeof FailCode>

/** A one-shot answer for the next request that would ask the user (`POST /dev/approval/next`). */
export const ApprovalDirective = z.discriminatedUnion('action', [
  z.object({ action: z.literal('approve') }),
  z.object({ action: z.literal('reject') }),
  z.object({
    action: z.literal('fail'),
    code: FailCode,
    message: z.optional(
      z
        .string('message must be a string')
        .check(z.minLength(1), z.maxLength(500, 'message is too long (500 characters at most)')),
    ),
  }),
])
export type ApprovalDirective = z.infer<typeof ApprovalDirective>

/** What answers one request: a screen or the dev endpoint (`manual`), yes, no, or a coded failure. */
export type ApprovalDecision =
  | { answer: 'manual' }
  | { answer: 'approve' }
  | { answer: 'reject' }
  | { answer: 'fail'; code: FailCode; message?: string }

/** The approval policy: its mode and one-shot answers, set by the dev API and read by the wallet router. */
export interface ApprovalPolicy {
  get(): ApprovalMode
  set(mode: ApprovalMode): void
  /** Call `listener` on every change (not on a set to the same mode); returns the unsubscribe function. */
  onChange(listener: (mode: ApprovalMode, previous: ApprovalMode) => void): () => void
  /** Queues a one-shot answer for the next request that asks (before the mode is looked at). */
  queue(directive: ApprovalDirective): void
  /** The queued one-shot answers, oldest first. */
  queued(): ApprovalDirective[]
  /** Drops every queued answer. */
  clearQueue(): void
  /**
   * Decides one request. A trusted client (a Node client, wallet-sim's own page, an exact `--allow-dapp`
   * origin) takes the oldest queued answer, else the mode's; any other page always gets `manual` and
   * leaves the queue alone: a foreign site must never be answered for the user.
   */
  decide(trusted: boolean): ApprovalDecision
}

/**
 * An in-memory approval policy.
 *
 * @example
 * const approval = createApprovalPolicy('manual')
 * approval.onChange((mode) => log(`approval is now ${mode}`))
 * approval.set('auto')
 * approval.queue({ action: 'fail', code: 'NOT_ENOUGH_BALANCE' })
 * approval.decide(true) // { answer: 'fail', code: 'NOT_ENOUGH_BALANCE' }
 */
export function createApprovalPolicy(initial: ApprovalMode = 'manual'): ApprovalPolicy {
  let mode = initial
  const listeners = new Set<(mode: ApprovalMode, previous: ApprovalMode) => void>()
  const directives: ApprovalDirective[] = []
  return {
    get: () => mode,
    set(next) {
      if (next === mode) return
      const previous = mode
      mode = next
      for (const listener of [...listeners]) listener(next, previous)
    },
    onChange(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    queue(directive) {
      directives.push(directive)
    },
    queued: () => directives.map((directive) => ({ ...directive })),
    clearQueue() {
      directives.length = 0
    },
    decide(trusted) {
      if (!trusted) return { answer: 'manual' }
      const next = directives.shift()
      if (next === undefined) return { answer: mode === 'auto' ? 'approve' : mode }
      if (next.action !== 'fail') return { answer: next.action }
      return next.message === undefined
        ? { answer: 'fail', code: next.code }
        : { answer: 'fail', code: next.code, message: next.message }
    },
  }
}
