// Requests waiting for someone to say yes or no. Over WebSocket there is no screen: the approval policy
// answers (auto / reject) or, in manual mode, a person or a test posts the answer to the dev endpoint.
import type { ApprovalPolicy } from '../services/dev/approval'

/** What a pending approval shows: the kind of request, who asks, and its details. */
export interface PendingApproval {
  id: string
  kind: 'connect' | 'signTypedData' | 'signSession' | 'execute'
  origin: string
  details: unknown
  createdAt: number
}

export interface ApprovalQueueOptions {
  policy: Pick<ApprovalPolicy, 'get'>
  /** How long a manual approval waits before it counts as a rejection. Default 5 minutes. */
  timeoutMs?: number
  now?: () => number
}

/**
 * Decides approvals for headless clients.
 *
 * @example
 * const approvals = createApprovalQueue({ policy })
 * if (!(await approvals.ask({ kind: 'execute', origin, details: calls }))) throw new UserRejectedError()
 * approvals.answer(approvals.pending()[0].id, true) // from POST /wallet/approvals/:id
 */
export function createApprovalQueue(options: ApprovalQueueOptions) {
  const timeoutMs = options.timeoutMs ?? 5 * 60_000
  const now = options.now ?? Date.now
  const waiting = new Map<string, { approval: PendingApproval; settle: (approved: boolean) => void }>()
  let counter = 0

  return {
    /** Resolves true when approved; false when rejected, timed out or aborted. */
    ask(request: Omit<PendingApproval, 'id' | 'createdAt'>, signal?: AbortSignal): Promise<boolean> {
      const mode = options.policy.get()
      if (mode === 'auto') return Promise.resolve(true)
      if (mode === 'reject') return Promise.resolve(false)
      counter += 1
      const approval: PendingApproval = { ...request, id: String(counter), createdAt: now() }
      return new Promise<boolean>((resolve) => {
        const settle = (approved: boolean) => {
          clearTimeout(timer)
          signal?.removeEventListener('abort', onAbort)
          waiting.delete(approval.id)
          resolve(approved)
        }
        const onAbort = () => settle(false)
        const timer = setTimeout(() => settle(false), timeoutMs)
        signal?.addEventListener('abort', onAbort)
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
