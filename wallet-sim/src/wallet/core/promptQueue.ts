// The one queue of consents both modes ask through: the page's screens render its current prompt and answer
// it; headless, the dev API lists and answers it. One at a time, in arrival order, withdrawn when the dapp
// gives up, refused after an optional timeout; the simulator's hands-free decision answers first.
import { decisionError, type FailDecision } from '@webwallet/protocol/wallet'
import type { Prompt } from './mode'

/** How one prompt is answered: shown (`manual`), yes, no, or a coded failure a test asked for. */
export type PromptDecision = { answer: 'manual' | 'approve' | 'reject' } | ({ answer: 'fail' } & FailDecision)

/** A prompt waiting for the user: what it asks, who asks, and how it is answered. */
export type PendingPrompt = Prompt & {
  /** Unique per prompt (from 1): a new prompt is a new screen, whose approve delay starts over. */
  id: number
  /** The dapp that asks. */
  origin: string
  createdAt: number
  /** Settles the prompt: true = approved, false = rejected; nothing once it is settled. */
  answer(approved: boolean): void
}

export interface AskPromptOptions {
  /** The dapp gave up on the request: the prompt is withdrawn at once (a refusal); an aborted one queues nothing. */
  signal?: AbortSignal | undefined
  /** The hands-free decision (default `manual`): anything but `manual` answers without queueing. */
  decision?: PromptDecision | Promise<PromptDecision> | undefined
  /** A failure answers connectAndSignSession's way (ConnectAndSignSessionError, whatever the code). */
  connectAndSign?: boolean | undefined
}

/**
 * The decide→answer rule: true or false for a hands-free yes or no, the coded error for a failure, undefined
 * when the user must be asked.
 *
 * @example
 * decidedAnswer({ answer: 'approve' }, false) // true
 */
export function decidedAnswer(decision: PromptDecision, connectAndSign: boolean): boolean | undefined {
  if (decision.answer === 'approve') return true
  if (decision.answer === 'reject') return false
  if (decision.answer === 'fail') throw decisionError(decision, connectAndSign)
  return undefined
}

/**
 * A queue of prompts with a subscribable current one (for `useSyncExternalStore`).
 *
 * @example
 * const prompts = createPromptQueue({ timeoutMs: 5 * 60_000 })
 * const approved = await prompts.ask({ kind: 'execute', calls }, origin, { signal })
 * prompts.current()?.answer(true) // from the screen, or the dev API by id
 */
export function createPromptQueue(options: { timeoutMs?: number; now?: () => number } = {}) {
  const now = options.now ?? Date.now
  const queue: PendingPrompt[] = []
  const listeners = new Set<() => void>()
  let nextId = 0
  const changed = () => {
    for (const listener of [...listeners]) listener()
  }
  const enqueue = (prompt: Prompt, origin: string, signal: AbortSignal | undefined) => {
    // The client gave up before its prompt was queued: nobody is left to answer it for.
    if (signal?.aborted) return Promise.resolve(false)
    return new Promise<boolean>((resolve) => {
      nextId += 1
      const pending: PendingPrompt = {
        ...prompt,
        id: nextId,
        origin,
        createdAt: now(),
        answer(approved) {
          const index = queue.indexOf(pending)
          if (index < 0) return
          queue.splice(index, 1)
          clearTimeout(timer)
          signal?.removeEventListener('abort', onAbort)
          resolve(approved)
          changed()
        },
      }
      const onAbort = () => pending.answer(false)
      const timer = options.timeoutMs === undefined ? undefined : setTimeout(onAbort, options.timeoutMs)
      queue.push(pending)
      signal?.addEventListener('abort', onAbort, { once: true })
      changed()
    })
  }
  const settle = (decision: PromptDecision, prompt: Prompt, origin: string, ask: AskPromptOptions) => {
    try {
      const decided = decidedAnswer(decision, ask.connectAndSign === true)
      return decided === undefined ? enqueue(prompt, origin, ask.signal) : Promise.resolve(decided)
    } catch (error) {
      return Promise.reject(error)
    }
  }

  return {
    /**
     * Resolves true when approved; false when rejected, timed out or given up on; rejects with the coded
     * error a test asked for. A decision known at once queues synchronously (`pending()` sees it).
     */
    ask(prompt: Prompt, origin: string, ask: AskPromptOptions = {}): Promise<boolean> {
      const decision = ask.decision ?? { answer: 'manual' }
      return decision instanceof Promise
        ? decision.then((known) => settle(known, prompt, origin, ask))
        : settle(decision, prompt, origin, ask)
    },
    current(): PendingPrompt | undefined {
      return queue[0]
    },
    pending(): readonly PendingPrompt[] {
      return [...queue]
    },
    /** Answers the pending prompt `id`; false when there is none. */
    answer(id: number, approved: boolean): boolean {
      const pending = queue.find((prompt) => prompt.id === id)
      pending?.answer(approved)
      return pending !== undefined
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    /** Rejects every open prompt (the window is closing). */
    rejectAll(): void {
      for (const prompt of [...queue]) prompt.answer(false)
    },
  }
}

export type PromptQueue = ReturnType<typeof createPromptQueue>
