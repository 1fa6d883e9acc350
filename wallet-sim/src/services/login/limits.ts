// How long codes and login tokens last and how often codes may be asked for: the login options with
// their defaults, in one place.

/** At most `max` events per sliding `windowMs`. */
export interface RateLimit {
  max: number
  windowMs: number
}

export interface LoginLimits {
  /** How long a login token lasts (wall clock). Default 24 hours. */
  tokenTtlMs: number
  /** How long a one-time code lasts (wall clock). Default 10 minutes. */
  codeTtlMs: number
  /** Wrong guesses that invalidate a code. Default 5. */
  codeTries: number
  /** Codes `POST /login/start` sends to one e-mail for one client IP. Default 5 per 10 minutes. */
  codesPerEmailAndClient: RateLimit
  /**
   * Codes `POST /login/start` sends to one e-mail, all clients together: the bound on guesses against one
   * e-mail from many addresses. Default 30 per 10 minutes.
   */
  codesPerEmail: RateLimit
  /** Codes `POST /login/start` sends for one client IP, whatever the e-mail. Default 30 per 10 minutes. */
  codesPerClient: RateLimit
}

const MINUTE_MS = 60 * 1000

/** A code is valid for 10 minutes and for 5 guesses. */
export const CODE_TTL_MS = 10 * MINUTE_MS
export const CODE_TRIES = 5
/** A login token is valid for 24 hours. */
export const TOKEN_TTL_MS = 24 * 60 * MINUTE_MS

/**
 * A code is tied to the client that asked for it, so someone else's requests never void it. One client
 * gets at most 5 codes of 5 guesses per e-mail per 10 minutes: guessing a 6-digit code takes it about
 * 40,000 windows (some 9 months) on average. Many addresses together get at most 30 codes per e-mail per
 * 10 minutes (150 guesses: some 3 weeks on average, with the victim's inbox flooded all along); only such
 * an attacker, with at least 6 addresses, can hold back a user's own code requests.
 */
export const DEFAULT_LOGIN_LIMITS: Readonly<LoginLimits> = {
  tokenTtlMs: TOKEN_TTL_MS,
  codeTtlMs: CODE_TTL_MS,
  codeTries: CODE_TRIES,
  codesPerEmailAndClient: { max: 5, windowMs: 10 * MINUTE_MS },
  codesPerEmail: { max: 30, windowMs: 10 * MINUTE_MS },
  codesPerClient: { max: 30, windowMs: 10 * MINUTE_MS },
}

/** Pending codes kept per e-mail when the limits are off (`--no-login-rate-limit`): the oldest goes first. */
export const MAX_PENDING_CODES_PER_EMAIL = 64
