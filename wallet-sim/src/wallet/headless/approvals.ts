// Headless consents: the core's one prompt queue, answered by the approval policy (auto / reject, or a
// test's one-shot answer) or, in manual mode, by a person or a test through the dev endpoint. There is no
// screen, so what waits is listed as JSON.
import type { PromptKind } from '@webwallet/protocol/wallet'
import type { ApprovalPolicy } from '../../services/dev/approval'
import { createPromptQueue, type PendingPrompt, type Prompt } from '../core'

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
  /** The dapp that asks. */
  origin: string
  /**
   * Whether the client may be answered by the policy (a Node client, wallet-sim's own page, an exact
   * `--allow-dapp` origin). Any other page waits for a manual answer, whatever the mode.
   */
  trusted: boolean
  /** A failure answers connectAndSignSession's way (ConnectAndSignSessionError, whatever the code). */
  connectAndSign?: boolean
  /**
   * Fires when the client gave up on the request (stop message by its id, closed socket, dropped HTTP
   * request): a manual approval leaves the queue at once and counts as a rejection.
   */
  signal?: AbortSignal | undefined
}

/** What a pending approval shows besides its kind. */
const detailsOf = (prompt: Prompt): unknown => {
  if (prompt.kind === 'signTypedData') return prompt.typedData
  if (prompt.kind === 'signSession') return prompt.request
  if (prompt.kind === 'execute') return prompt.calls
  return undefined
}

const approvalOf = (prompt: PendingPrompt): PendingApproval => ({
  kind: prompt.kind as PendingApproval['kind'],
  origin: prompt.origin,
  details: detailsOf(prompt),
  id: String(prompt.id),
  createdAt: prompt.createdAt,
})

/**
 * Decides approvals for headless clients.
 *
 * @example
 * const approvals = createApprovalQueue({ policy })
 * if (!(await approvals.ask({ kind: 'execute', calls }, { origin, trusted }))) throw new UserRejectedError()
 * approvals.answer(approvals.pending()[0].id, true) // from POST /wallet/approvals/:id
 */
export function createApprovalQueue(options: ApprovalQueueOptions) {
  const prompts = createPromptQueue({
    timeoutMs: options.timeoutMs ?? 5 * 60_000,
    ...(options.now ? { now: options.now } : {}),
  })
  return {
    /**
     * Resolves true when approved; false when rejected, timed out or aborted; rejects with the coded error
     * a test asked for (`fail`).
     */
    ask(prompt: Exclude<Prompt, { kind: 'login' }>, ask: AskOptions): Promise<boolean> {
      return prompts.ask(prompt, ask.origin, {
        decision: options.policy.decide(ask.trusted),
        signal: ask.signal,
        connectAndSign: ask.connectAndSign,
      })
    },
    pending(): PendingApproval[] {
      return prompts.pending().map(approvalOf)
    },
    /** Answers a pending approval; false when there is none with this id. */
    answer(id: string, approved: boolean): boolean {
      const pending = prompts.pending().find((prompt) => String(prompt.id) === id)
      return pending !== undefined && prompts.answer(pending.id, approved)
    },
  }
}

export type ApprovalQueue = ReturnType<typeof createApprovalQueue>
