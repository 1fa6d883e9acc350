// What the wallet is asking the user right now. Handlers open a prompt and await the answer; screens
// render the current prompt and answer it. One at a time, in arrival order.
import type { Prompt as CorePrompt } from '@webwallet/wallet-sim/core'

/** One consent, in the wallet core's words (the policy table's prompt kinds). */
export type PromptRequest = CorePrompt

export type Prompt = PromptRequest & {
  /** Unique per prompt: a new prompt is a new screen, whose approve delay starts over. */
  id: number
  /** The dapp that asks. */
  origin: string
  /** Settles the prompt: true = approved, false = rejected. */
  answer(approved: boolean): void
}

/**
 * A queue of prompts with a subscribable current one (for `useSyncExternalStore`).
 *
 * @example
 * const approved = await prompts.ask({ kind: 'execute', calls }, origin)
 */
export function createPrompts() {
  const queue: Prompt[] = []
  let nextId = 0
  const listeners = new Set<() => void>()
  const changed = () => {
    for (const listener of [...listeners]) listener()
  }
  return {
    /** Queues a prompt; `signal` (the dapp gave up on the request) dismisses it as rejected, never shown again. */
    ask(request: PromptRequest, origin: string, signal?: AbortSignal): Promise<boolean> {
      if (signal?.aborted) return Promise.resolve(false)
      return new Promise((resolve) => {
        nextId += 1
        const prompt: Prompt = {
          ...request,
          id: nextId,
          origin,
          answer(approved) {
            const index = queue.indexOf(prompt)
            if (index < 0) return
            queue.splice(index, 1)
            resolve(approved)
            changed()
          },
        }
        queue.push(prompt)
        signal?.addEventListener('abort', () => prompt.answer(false), { once: true })
        changed()
      })
    },
    current(): Prompt | undefined {
      return queue[0]
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

export type Prompts = ReturnType<typeof createPrompts>
