// The user the wallet acts as without a code (`--email`): headless clients without a token, and the wallet
// page's automatic login for allowed dapps. The dev API switches it between tests.
import type { LoginService } from '../../services/login/LoginService'

/** The hands-free user: read by the wallet, switched by `PUT /dev/user`. */
export interface HandsFreeUser {
  /** The current user's e-mail, if there is one. */
  current(): string | undefined
  /**
   * Makes `email` the hands-free user (creating its account on first use) and logs out every login made
   * hands-free so far, so open wallet pages log in again, as the new user, on their next request.
   */
  switchTo(email: string): Promise<{ email: string; address: string }>
  /** Records a token the automatic login issued (what `switchTo` logs out). */
  remember(token: string): void
  /** Calls `listener` after every switch (the wallet's pushed events follow); returns the unsubscribe. */
  onSwitch?(listener: () => void): () => void
}

/**
 * @example
 * const handsFree = createHandsFreeUser({ login, email: 'bot@example.com' })
 * await handsFree.switchTo('carol@example.com') // { email: 'carol@example.com', address: '0x…' }
 */
export function createHandsFreeUser(deps: {
  login: Pick<LoginService, 'ensureUser' | 'logout'>
  email?: string | undefined
}): HandsFreeUser {
  let email = deps.email?.toLowerCase()
  const issued = new Set<string>()
  const listeners = new Set<() => void>()
  return {
    current: () => email,
    async switchTo(next) {
      const user = await deps.login.ensureUser(next)
      email = user.email
      for (const token of issued) {
        try {
          deps.login.logout(token)
        } catch {
          // Already logged out by its page: nothing to end.
        }
      }
      issued.clear()
      for (const listener of [...listeners]) listener()
      return { email: user.email, address: user.account.address }
    },
    remember(token) {
      issued.add(token)
    },
    onSwitch(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
