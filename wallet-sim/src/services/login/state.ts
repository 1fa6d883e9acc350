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

/**
 * The pending codes of one e-mail, by who asked for them: a client key (clientKey: an IPv4 address or an
 * IPv6 /64) or SERVER_SLOT for the server's own logins. A client's new code replaces only its own.
 */
export const PendingCodes = z.record(z.string(), PendingCode)
export type PendingCodes = z.infer<typeof PendingCodes>

/** The slot of codes the server sends itself (`start`: `--email`, tests); any client may enter them. */
export const SERVER_SLOT = '*'

/** Everything the login service keeps, as plain JSON: users and pending codes by e-mail, sessions by token. */
export const LoginState = z.object({
  users: z.record(z.string(), User),
  codes: z.record(z.string(), PendingCodes),
  sessions: z.record(z.string(), LoginSession),
})
export type LoginState = z.infer<typeof LoginState>

// State saved before tokens expired has sessions without `expiresAt`; before codes were kept per client,
// one code per e-mail.
const SavedLoginState = z.object({
  users: z.record(z.string(), User),
  codes: z.record(z.string(), z.union([PendingCode, PendingCodes])),
  sessions: z.record(
    z.string(),
    z.object({ email: z.string(), createdAt: z.number(), expiresAt: z.optional(z.number()) }),
  ),
})

/**
 * A saved state (from `snapshot()`), checked; a session saved without an expiry gets `legacyExpiry(createdAt)`,
 * a code saved alone for its e-mail (older versions) becomes a server-slot code any client may enter.
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
  const bySlot: LoginState['codes'] = {}
  for (const [email, saved] of Object.entries(codes)) {
    const single = PendingCode.safeParse(saved)
    bySlot[email] = single.success ? { [SERVER_SLOT]: single.data } : (saved as PendingCodes)
  }
  return { users, codes: bySlot, sessions: withExpiry }
}

/** A state with no users, codes or sessions. */
export function emptyLoginState(): LoginState {
  return { users: {}, codes: {}, sessions: {} }
}
