import * as z from 'zod/mini'

/** What the account factory computes for a new owner key (the chain engineer provides the real one). */
export const AccountDeployment = z.object({
  address: z.string(),
  classHash: z.string(),
  salt: z.string(),
  constructorCalldata: z.array(z.string()),
})
export type AccountDeployment = z.infer<typeof AccountDeployment>

/** A wallet user: the owner key is created at first login and never leaves the simulator's server side. */
export const User = z.object({
  email: z.string(),
  ownerPrivateKey: z.string(),
  ownerPublicKey: z.string(),
  account: AccountDeployment,
  /** Milliseconds since the epoch. */
  createdAt: z.number(),
})
export type User = z.infer<typeof User>

/** A one-time code waiting to be verified; `triesLeft` 0 means it was invalidated by wrong guesses. */
export const PendingCode = z.object({ code: z.string(), expiresAt: z.number(), triesLeft: z.number() })
export type PendingCode = z.infer<typeof PendingCode>

/** A login token's session; both times are wall-clock milliseconds. */
export const LoginSession = z.object({ email: z.string(), createdAt: z.number(), expiresAt: z.number() })
export type LoginSession = z.infer<typeof LoginSession>

/** Everything the login service keeps, as plain JSON: users and pending codes by e-mail, sessions by token. */
export const LoginState = z.object({
  users: z.record(z.string(), User),
  codes: z.record(z.string(), PendingCode),
  sessions: z.record(z.string(), LoginSession),
})
export type LoginState = z.infer<typeof LoginState>

// State saved before tokens expired has sessions without `expiresAt`.
const SavedLoginState = z.object({
  users: z.record(z.string(), User),
  codes: z.record(z.string(), PendingCode),
  sessions: z.record(
    z.string(),
    z.object({ email: z.string(), createdAt: z.number(), expiresAt: z.optional(z.number()) }),
  ),
})

/**
 * A saved state (from `snapshot()`), checked; a session saved without an expiry gets `legacyExpiry(createdAt)`.
 *
 * @example
 * const state = loadLoginState(saved, (createdAt) => Math.min(createdAt, Date.now()) + DAY_MS)
 */
export function loadLoginState(saved: unknown, legacyExpiry: (createdAt: number) => number): LoginState {
  const { users, codes, sessions } = SavedLoginState.parse(saved)
  const withExpiry: LoginState['sessions'] = {}
  for (const [token, { email, createdAt, expiresAt }] of Object.entries(sessions)) {
    withExpiry[token] = { email, createdAt, expiresAt: expiresAt ?? legacyExpiry(createdAt) }
  }
  return { users, codes, sessions: withExpiry }
}

/** A state with no users, codes or sessions. */
export function emptyLoginState(): LoginState {
  return { users: {}, codes: {}, sessions: {} }
}
