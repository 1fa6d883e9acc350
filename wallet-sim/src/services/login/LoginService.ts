import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import { HttpError } from '../../infra/http/HttpError'
import type { Inbox } from '../dev/inbox'
import {
  type AccountProvisioning,
  type AccountProvisioningDependencies,
  createAccountProvisioning,
} from './accounts'
import { clientKey } from './clientKey'
import { DEFAULT_LOGIN_LIMITS, type LoginLimits, MAX_PENDING_CODES_PER_EMAIL } from './limits'
import { createRateLimiter } from './rateLimit'
import {
  emptyLoginState,
  type LoginState,
  loadLoginState,
  type PendingCode,
  SERVER_SLOT,
  type User,
} from './state'

export { DEFAULT_INITIAL_FUNDS } from './accounts'
export { CODE_TRIES, CODE_TTL_MS, TOKEN_TTL_MS } from './limits'

/** The login's own needs, and how new users get their account (`accounts`, `fund`, `initialFunds`: accounts.ts). */
export interface LoginDependencies extends AccountProvisioningDependencies {
  inbox: Pick<Inbox, 'deliver'>
  /** Where the code is printed too, so a developer can log in from the terminal. */
  logger: { info(message: string): void }
  /** Milliseconds since the epoch for `createdAt` of new users (wallet-sim passes the chain's clock). */
  now?: () => number
  /**
   * The wall clock in milliseconds that codes, login tokens and rate limits run on; default `Date.now`.
   * Not the chain's clock: moving chain time (devnet_setTime) neither expires logins nor revives codes.
   */
  clock?: () => number
  /** Lifetimes and rate limits; each one left out keeps its default (`DEFAULT_LOGIN_LIMITS`). */
  limits?: Partial<LoginLimits>
  /** A state saved from `snapshot()` to start from. */
  state?: unknown
}

/** A user as clients may see it: no private key. */
export interface PublicUser {
  email: string
  address: string
  ownerPublicKey: string
  classHash: string
  salt: string
  constructorCalldata: string[]
  createdAt: number
}

/** What a login token is worth now: its user, or why it has none. */
export type TokenStatus = { status: 'active'; user: User } | { status: 'expired' } | { status: 'unknown' }

const unauthorized = (message: string) => new HttpError(401, 'UNAUTHORIZED', message)
const loginExpired = () => new HttpError(401, 'LOGIN_EXPIRED', 'Login expired; log in again')
const tooManyCodes = (message: string, retryAfterMs: number) => {
  const retryAfter = Math.max(1, Math.ceil(retryAfterMs / 1000))
  const text = `${message}; try again in ${retryAfter} s`
  return new HttpError(429, 'TOO_MANY_REQUESTS', text, [text], { retryAfter })
}
const sameCode = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))

/**
 * E-mail login with one-time codes. The first verified login of an address gets the user an owner key and a
 * funded Argent-style account from the account provisioning (accounts.ts).
 *
 * @example
 * const login = new LoginService({ inbox, logger: console, accounts, fund })
 * login.requestCode('ann@example.com', '203.0.113.7') // mails and logs a 6-digit code (rate-limited)
 * const { token } = await login.verify('ann@example.com', code, '203.0.113.7')
 * login.me(token).address
 */
export class LoginService {
  readonly #deps: LoginDependencies
  readonly #accounts: AccountProvisioning
  readonly #now: () => number
  readonly #clock: () => number
  readonly limits: Readonly<LoginLimits>
  #state: LoginState
  readonly #creating = new Map<string, Promise<User>>()
  readonly #listeners = new Set<(state: LoginState) => void>()
  readonly #perEmailAndClient
  readonly #perEmail
  readonly #perClient

  constructor(deps: LoginDependencies) {
    this.#deps = deps
    this.#accounts = createAccountProvisioning(deps)
    this.#now = deps.now ?? Date.now
    this.#clock = deps.clock ?? Date.now
    this.limits = { ...DEFAULT_LOGIN_LIMITS, ...deps.limits }
    this.#perEmailAndClient = createRateLimiter(this.limits.codesPerEmailAndClient, this.#clock)
    this.#perEmail = createRateLimiter(this.limits.codesPerEmail, this.#clock)
    this.#perClient = createRateLimiter(this.limits.codesPerClient, this.#clock)
    // A token saved before tokens expired lives one lifetime from its creation, or from now if that is sooner.
    const legacyExpiry = (createdAt: number) => Math.min(createdAt, this.#clock()) + this.limits.tokenTtlMs
    this.#state = deps.state === undefined ? emptyLoginState() : loadLoginState(deps.state, legacyExpiry)
    this.#prune()
  }

  /**
   * `POST /login/start`: a code for `email` asked by `clientIp` (a client is an IPv4 address, mapped or not,
   * or an IPv6 /64: see clientKey), within the limits per e-mail and client, per client and per e-mail; over
   * one it throws a 429 whose body carries `retryAfter` (seconds). The code is tied to that client: it
   * replaces only that client's pending code for the e-mail, never one someone else asked for.
   */
  requestCode(email: string, clientIp: string): { expiresAt: number } {
    const to = email.toLowerCase()
    const client = clientKey(clientIp)
    const pair = `${client} ${to}`
    const pairWait = this.#perEmailAndClient.retryAfterMs(pair)
    if (pairWait > 0) throw tooManyCodes('Too many login codes for this e-mail', pairWait)
    const clientWait = this.#perClient.retryAfterMs(client)
    if (clientWait > 0) throw tooManyCodes('Too many login codes from this client', clientWait)
    const emailWait = this.#perEmail.retryAfterMs(to)
    if (emailWait > 0) throw tooManyCodes('Too many login codes for this e-mail from all clients', emailWait)
    this.#perEmailAndClient.record(pair)
    this.#perClient.record(client)
    this.#perEmail.record(to)
    return this.#send(to, client)
  }

  /**
   * Send a fresh code to `email` that any client may enter, replacing the previous one sent this way. Not
   * rate-limited: for the server's own logins (`--email`, tests); clients go through {@link requestCode}.
   */
  start(email: string): { expiresAt: number } {
    return this.#send(email.toLowerCase(), SERVER_SLOT)
  }

  #send(to: string, slot: string): { expiresAt: number } {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
    const expiresAt = this.#clock() + this.limits.codeTtlMs
    this.#prune()
    const pending = this.#state.codes[to] ?? {}
    this.#state.codes[to] = pending
    delete pending[slot]
    pending[slot] = { code, expiresAt, triesLeft: this.limits.codeTries }
    // Bounded also without rate limits: the oldest pending codes of the e-mail go first.
    const slots = Object.keys(pending)
    for (const old of slots.slice(0, Math.max(0, slots.length - MAX_PENDING_CODES_PER_EMAIL)))
      delete pending[old]
    const minutes = Math.round(this.limits.codeTtlMs / 60_000)
    this.#deps.inbox.deliver({
      to,
      subject: 'Your wallet login code',
      // Someone may ask for codes for this address: the mail says from where, so the user picks their own.
      text: `Your login code is ${code}. It expires in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.${slot === SERVER_SLOT ? '' : ` Requested from ${slot}; if that was not you, ignore this mail (your own code still works).`}`,
      code,
    })
    this.#deps.logger.info(`[login] code for ${to}: ${code}`)
    this.#changed()
    return { expiresAt }
  }

  /**
   * Check a code entered by `clientIp` against the code that client asked for (else the server's own code
   * for the e-mail); wrong guesses spend that code's tries only. On success the code is spent, the user
   * exists and a session token is returned. Without `clientIp` (in-process) only the server's code counts.
   */
  async verify(email: string, code: string, clientIp?: string): Promise<{ token: string; user: PublicUser }> {
    const to = email.toLowerCase()
    const codes = this.#state.codes[to]
    const slot = clientIp === undefined ? SERVER_SLOT : clientKey(clientIp)
    const key = codes?.[slot] ? slot : SERVER_SLOT
    const pending: PendingCode | undefined = codes?.[key]
    if (codes === undefined || pending === undefined)
      throw unauthorized('No login code pending for this e-mail; request a new one')
    if (pending.triesLeft <= 0) throw unauthorized('Too many wrong codes; request a new one')
    if (this.#clock() >= pending.expiresAt) {
      this.#forget(to, key)
      throw unauthorized('Login code expired; request a new one')
    }
    if (!sameCode(code, pending.code)) {
      pending.triesLeft -= 1
      this.#changed()
      if (pending.triesLeft === 0) throw unauthorized('Too many wrong codes; request a new one')
      throw unauthorized(`Wrong code; ${pending.triesLeft} ${pending.triesLeft === 1 ? 'try' : 'tries'} left`)
    }
    this.#forget(to, key)
    const user = await this.ensureUser(to)
    const token = randomBytes(32).toString('hex')
    const createdAt = this.#clock()
    this.#prune()
    this.#state.sessions[token] = { email: to, createdAt, expiresAt: createdAt + this.limits.tokenTtlMs }
    this.#changed()
    return { token, user: toPublicUser(user) }
  }

  /** Whether `token` logs a user in now, has expired, or was never issued (or logged out, or long gone). */
  tokenStatus(token: string): TokenStatus {
    const session = this.#state.sessions[token]
    const user = session === undefined ? undefined : this.#state.users[session.email]
    if (session === undefined || user === undefined) return { status: 'unknown' }
    if (this.#clock() >= session.expiresAt) return { status: 'expired' }
    return { status: 'active', user }
  }

  /** The user of a session token. */
  me(token: string): PublicUser {
    return toPublicUser(this.userOfToken(token))
  }

  /** The full user (owner key included) of a session token, for the server side only. */
  userOfToken(token: string): User {
    const found = this.tokenStatus(token)
    if (found.status === 'expired') throw loginExpired()
    if (found.status === 'unknown') throw unauthorized('Not logged in')
    return found.user
  }

  /** Ends the token's session (an expired one too). */
  logout(token: string): void {
    if (this.#state.sessions[token] === undefined) throw unauthorized('Not logged in')
    delete this.#state.sessions[token]
    this.#changed()
  }

  /** The full user of `email`, if it exists. */
  user(email: string): User | undefined {
    return this.#state.users[email.toLowerCase()]
  }

  users(): PublicUser[] {
    return Object.values(this.#state.users).map(toPublicUser)
  }

  /** Create the user of `email` unless it exists: owner key, counterfactual account, test funds. */
  ensureUser(email: string): Promise<User> {
    const to = email.toLowerCase()
    const existing = this.#state.users[to]
    if (existing !== undefined) return Promise.resolve(existing)
    // Two logins racing for a new address must not create two owner keys.
    let creating = this.#creating.get(to)
    if (creating === undefined) {
      creating = this.#createUser(to).finally(() => this.#creating.delete(to))
      this.#creating.set(to, creating)
    }
    return creating
  }

  /** A deep copy of the whole state, JSON-serialisable; give it back as `state` to restore. */
  snapshot(): LoginState {
    return structuredClone(this.#state)
  }

  /** Call `listener` with the new state after every change (to persist it); returns the unsubscribe function. */
  onChange(listener: (state: LoginState) => void): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  async #createUser(email: string): Promise<User> {
    const provisioned = await this.#accounts.provision()
    const user: User = { email, ...provisioned, createdAt: this.#now() }
    this.#state.users[email] = user
    this.#changed()
    return user
  }

  // An expired token or code is kept one more lifetime, so a late request hears "expired", not "unknown".
  #prune(): void {
    const now = this.#clock()
    const { sessions, codes } = this.#state
    for (const [token, session] of Object.entries(sessions)) {
      if (session.expiresAt + this.limits.tokenTtlMs <= now) delete sessions[token]
    }
    for (const [email, pending] of Object.entries(codes)) {
      for (const [slot, code] of Object.entries(pending)) {
        if (code.expiresAt + this.limits.codeTtlMs <= now) delete pending[slot]
      }
      if (Object.keys(pending).length === 0) delete codes[email]
    }
  }

  /** Drops one pending code (spent or expired); the e-mail's other codes stay. */
  #forget(email: string, slot: string): void {
    const pending = this.#state.codes[email]
    if (pending === undefined) return
    delete pending[slot]
    if (Object.keys(pending).length === 0) delete this.#state.codes[email]
    this.#changed()
  }

  #changed(): void {
    for (const listener of [...this.#listeners]) listener(this.snapshot())
  }
}

function toPublicUser(user: User): PublicUser {
  const { address, classHash, salt, constructorCalldata } = user.account
  return {
    email: user.email,
    address,
    ownerPublicKey: user.ownerPublicKey,
    classHash,
    salt,
    constructorCalldata,
    createdAt: user.createdAt,
  }
}
