import { randomBytes, randomInt } from 'node:crypto'
import { ec } from 'starknet'
import { ETH_ADDRESS, STRK_ADDRESS } from '../backend/tokens'
import type { Inbox } from '../dev/inbox'
import { HttpError } from '../http/HttpError'
import { type AccountDeployment, emptyLoginState, LoginState, type User } from './state'

/** A code is valid for 10 minutes and for 5 guesses. */
export const CODE_TTL_MS = 10 * 60 * 1000
export const CODE_TRIES = 5

/** Test funds every new account receives: 1000 STRK and 1 ETH. */
export const DEFAULT_INITIAL_FUNDS: readonly { token: string; amount: bigint }[] = [
  { token: STRK_ADDRESS, amount: 1000n * 10n ** 18n },
  { token: ETH_ADDRESS, amount: 10n ** 18n },
]

export interface LoginDependencies {
  inbox: Pick<Inbox, 'deliver'>
  /** Where the code is printed too, so a developer can log in from the terminal. */
  logger: { info(message: string): void }
  accounts: { createAccountFor(ownerPublicKey: string): AccountDeployment | Promise<AccountDeployment> }
  fund(address: string, token: string, amount: bigint): void | Promise<void>
  now?: () => number
  initialFunds?: readonly { token: string; amount: bigint }[]
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

const unauthorized = (message: string) => new HttpError(401, 'UNAUTHORIZED', message)

/**
 * E-mail login with one-time codes. The first verified login of an address creates its owner key and its
 * Argent-style account, and funds it with test STRK and ETH.
 *
 * @example
 * const login = new LoginService({ inbox, logger: console, accounts, fund })
 * await login.start('ann@example.com')               // mails and logs a 6-digit code
 * const { token } = await login.verify('ann@example.com', code)
 * login.me(token).address
 */
export class LoginService {
  readonly #deps: LoginDependencies
  readonly #now: () => number
  #state: LoginState
  readonly #creating = new Map<string, Promise<User>>()
  readonly #listeners = new Set<(state: LoginState) => void>()

  constructor(deps: LoginDependencies) {
    this.#deps = deps
    this.#now = deps.now ?? Date.now
    this.#state = deps.state === undefined ? emptyLoginState() : LoginState.parse(deps.state)
  }

  /** Send a fresh code to `email`, replacing any pending one. */
  start(email: string): { expiresAt: number } {
    const to = email.toLowerCase()
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
    const expiresAt = this.#now() + CODE_TTL_MS
    this.#state.codes[to] = { code, expiresAt, triesLeft: CODE_TRIES }
    this.#deps.inbox.deliver({
      to,
      subject: 'Your wallet login code',
      text: `Your login code is ${code}. It expires in 10 minutes.`,
      code,
    })
    this.#deps.logger.info(`[login] code for ${to}: ${code}`)
    this.#changed()
    return { expiresAt }
  }

  /** Check a code; on success the code is spent, the user exists and a session token is returned. */
  async verify(email: string, code: string): Promise<{ token: string; user: PublicUser }> {
    const to = email.toLowerCase()
    const pending = this.#state.codes[to]
    if (pending === undefined) throw unauthorized('No login code pending for this e-mail; request a new one')
    if (pending.triesLeft <= 0) throw unauthorized('Too many wrong codes; request a new one')
    if (this.#now() >= pending.expiresAt) {
      delete this.#state.codes[to]
      this.#changed()
      throw unauthorized('Login code expired; request a new one')
    }
    if (code !== pending.code) {
      pending.triesLeft -= 1
      this.#changed()
      if (pending.triesLeft === 0) throw unauthorized('Too many wrong codes; request a new one')
      throw unauthorized(`Wrong code; ${pending.triesLeft} ${pending.triesLeft === 1 ? 'try' : 'tries'} left`)
    }
    delete this.#state.codes[to]
    const user = await this.ensureUser(to)
    const token = randomBytes(32).toString('hex')
    this.#state.sessions[token] = { email: to, createdAt: this.#now() }
    this.#changed()
    return { token, user: toPublicUser(user) }
  }

  /** The user of a session token. */
  me(token: string): PublicUser {
    return toPublicUser(this.userOfToken(token))
  }

  /** The full user (owner key included) of a session token, for the server side only. */
  userOfToken(token: string): User {
    const session = this.#state.sessions[token]
    const user = session === undefined ? undefined : this.#state.users[session.email]
    if (user === undefined) throw unauthorized('Not logged in')
    return user
  }

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
    const ownerPrivateKey = `0x${Buffer.from(ec.starkCurve.utils.randomPrivateKey()).toString('hex')}`
    const ownerPublicKey = ec.starkCurve.getStarkKey(ownerPrivateKey)
    const account = await this.#deps.accounts.createAccountFor(ownerPublicKey)
    for (const { token, amount } of this.#deps.initialFunds ?? DEFAULT_INITIAL_FUNDS) {
      await this.#deps.fund(account.address, token, amount)
    }
    const user: User = { email, ownerPrivateKey, ownerPublicKey, account, createdAt: this.#now() }
    this.#state.users[email] = user
    this.#changed()
    return user
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
