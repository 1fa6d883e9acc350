// The origins each user connected (getPermissions answers 'accounts' only for them), as plain JSON so
// the simulator's state store can keep them across restarts.
import * as z from 'zod/mini'

/** E-mail → connected origins. */
export const PermissionsState = z.record(z.string(), z.array(z.string()))
export type PermissionsState = z.infer<typeof PermissionsState>

/**
 * @example
 * const permissions = createPermissions(saved)
 * permissions.onChange((state) => store.save('permissions', state))
 * permissions.grant('ann@example.com', 'https://dapp.example')
 */
export function createPermissions(initial: unknown = {}) {
  const state: PermissionsState = structuredClone(PermissionsState.parse(initial))
  const listeners = new Set<(state: PermissionsState) => void>()
  const changed = () => {
    for (const listener of [...listeners]) listener(structuredClone(state))
  }
  return {
    grant(email: string, origin: string): void {
      const origins = state[email] ?? []
      if (origins.includes(origin)) return
      state[email] = [...origins, origin]
      changed()
    },
    revoke(email: string, origin: string): void {
      const origins = state[email]
      if (origins === undefined || !origins.includes(origin)) return
      state[email] = origins.filter((o) => o !== origin)
      changed()
    },
    /** The origins `email` connected, in the order they were. */
    origins: (email: string): string[] => [...(state[email] ?? [])],
    has(email: string, origin: string): boolean {
      return state[email]?.includes(origin) ?? false
    },
    snapshot: (): PermissionsState => structuredClone(state),
    /** Called with the new state after every change; returns the unsubscribe function. */
    onChange(listener: (state: PermissionsState) => void): () => void {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

export type Permissions = ReturnType<typeof createPermissions>
