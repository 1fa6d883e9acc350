// Requests waiting for someone to say yes or no. Over WebSocket there is no screen: the approval policy
// answers (auto / reject, or a test's one-shot answer) or, in manual mode, a person or a test posts the
// answer to the dev endpoint.

import { decisionError, type PromptKind } from '@webwallet/protocol/wallet'
import type { ApprovalPolicy } from '../services/dev/approval'

/**
 * What a pending approval shows: the kind of consent (the policy table's words, as the page's screens use
 * them; a headless client cannot be asked to log in), who asks, and its details.
 */
export interface PendingApproval {
  id: string
  kind: Exclude<PromptKind, 'login'>
  origin: string
  details: unknown
  createdAt: number
}

export interface ApprovalQueueOptions {
  policy: Pick<ApprovalPolicy, 'decide'>
  /** How long a manual approval waits before it counts as a rejection. Default 5 minutes. */
  timeoutMs?: number
  now?: () => number
}

export interface AskOptions {
  /**
   * Whether the client may be answered by the policy (a Node client, wallet-sim's own page, an exact
   * `--allow-dapp` origin). Any other page waits for a manual answer, whatever the mode.
   */
  trusted: boolean
  /** A failure answers connectAndSignSession's way (ConnectAndSignSessionError, whatever the code). */
  connectAndSign?: boolean
  /**
   * Fires when the client gave up on the request (stop message by its id, closed socket, dropped HTTP
   * request): a manual approval leaves the queue at once and counts as a rejection; an aborted signal
   * queues nothing.
   */
  signal?: AbortSignal | undefined
}

/**
 * Decides approvals for headless clients.
 *
 * @example
 * const approvals = createApprovalQueue({ policy })
 * if (!(await approvals.ask({ kind: 'execute', origin, details: calls }, { trusted }))) throw new UserRejectedError()
 * approvals.answer(approvals.pending()[0].id, true) // from POST /wallet/approvals/:id
 */
export function createApprovalQueue(options: ApprovalQueueOptions) {
  const timeoutMs = options.timeoutMs ?? 5 * 60_000
  const now = options.now ?? Date.now
  const waiting = new Map<string, { approval: PendingApproval; settle: (approved: boolean) => void }>()
  let counter = 0

  return {
    /**
     * Resolves true when approved; false when rejected, timed out or aborted; rejects with the coded error
     * a test asked for (`fail`).
     */
    ask(request: Omit<PendingApproval, 'id' | 'createdAt'>, ask: AskOptions): Promise<boolean> {
      const decision = options.policy.decide(ask.trusted)
      if (decision.answer === 'approve') return Promise.resolve(true)
      if (decision.answer === 'reject') return Promise.resolve(false)
      if (decision.answer === 'fail')
        return Promise.reject(decisionError(decision, ask.connectAndSign === true))
      // The client gave up before its approval was queued: nobody is left to answer it for.
      if (ask.signal?.aborted) return Promise.resolve(false)
      counter += 1
      const approval: PendingApproval = { ...request, id: String(counter), createdAt: now() }
      const signal = ask.signal
      return new Promise<boolean>((resolve) => {
        const settle = (approved: boolean) => {
          clearTimeout(timer)
          signal?.removeEventListener('abort', onAbort)
          waiting.delete(approval.id)
          resolve(approved)
        }
        const onAbort = () => settle(false)
        const timer = setTimeout(() => settle(false), timeoutMs)
        signal?.addEventListener('abort', onAbort, { once: true })
        waiting.set(approval.id, { approval, settle })
      })
    },
    pending(): PendingApproval[] {
      return [...waiting.values()].map(({ approval }) => approval)
    },
    /** Answers a pending approval; false when there is none with this id. */
    answer(id: string, approved: boolean): boolean {
      const entry = waiting.get(id)
      entry?.settle(approved)
      return entry !== undefined
    },
  }
}

export type ApprovalQueue = ReturnType<typeof createApprovalQueue>
