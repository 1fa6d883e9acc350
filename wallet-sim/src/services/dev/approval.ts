import * as z from 'zod/mini'

/** How the simulator answers wallet requests that would ask the user: wait for a click, approve, or refuse. */
export const ApprovalMode = z.enum(['manual', 'auto', 'reject'])
export type ApprovalMode = z.infer<typeof ApprovalMode>

/** The approval setting shared by the dev API (which changes it) and the wallet router (which reads it). */
export interface ApprovalPolicy {
  get(): ApprovalMode
  set(mode: ApprovalMode): void
  /** Call `listener` on every change (not on a set to the same mode); returns the unsubscribe function. */
  onChange(listener: (mode: ApprovalMode, previous: ApprovalMode) => void): () => void
}

/**
 * An in-memory approval policy.
 *
 * @example
 * const approval = createApprovalPolicy('manual')
 * approval.onChange((mode) => log(`approval is now ${mode}`))
 * approval.set('auto')
 */
export function createApprovalPolicy(initial: ApprovalMode = 'manual'): ApprovalPolicy {
  let mode = initial
  const listeners = new Set<(mode: ApprovalMode, previous: ApprovalMode) => void>()
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
  }
}
