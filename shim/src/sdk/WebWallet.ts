import type { EnvironmentConfig, SessionStatus, Session as StoredSession } from '@webwallet/protocol'
import { SESSION_STORAGE_KEY } from '@webwallet/protocol/constants'
import {
  NotImplementedError,
  SessionKeyExportDisabledError,
  StoredSessionDiscardedError,
  WalletDisposedError,
} from '@webwallet/protocol/errors'
import { checkLimits } from '../account/arguments'
import type { SessionAccount } from '../account/SessionAccount'
import { lazyWindowConnector, preloadConnector } from '../connector/lazy'
import { createPaymaster, type Paymaster } from '../paymaster/client'
import { createPortfolio, type Portfolio } from '../portfolio/portfolio'
import { type ChainIdentity, createChainIdentity } from '../session/chainIdentity'
import { type ChainClock, createChainClock } from '../session/clock'
import type { ActiveSession } from '../session/signature'
import { getSessionStatus } from '../session/status'
import type { SessionStore } from '../session/store'
import { after, joins } from './joinRequest'
import { environmentRpc } from './nodes'
import { openSessionStore, openStorage } from './openSessionStore'
import {
  paymasterBase,
  resolveEnvironment,
  type SessionConnector,
  validateOptions,
  type WebWalletOptions,
} from './options'
import { followOtherTabs } from './otherTabs'
import { type Restoring, restoreStored, signedNow, storedText } from './restoring'
import { revokeActive } from './revokeActive'
import { createSessionAccounts, type SessionAccounts, type WebWalletInternals } from './sessionAccounts'
import {
  type ConnectResult,
  checkConnectionParameters,
  type RequestConnectionParameters,
  signSession,
} from './signSession'

export type { WebWalletInternals } from './sessionAccounts'
export type { ConnectResult, RequestConnectionParameters } from './signSession'

/**
 * The session SDK: the owner signs a session once, then the app runs the allowed calls with a session key.
 *
 * @example
 * const wallet = WebWallet.init({ appName: 'my-game', sessionParams: { allowedMethods: [{ contract: GAME, selector: 'play' }] } })
 * const { account } = (await wallet.connect()) ?? (await wallet.requestConnection({}))
 * await account.execute({ contractAddress: GAME, entrypoint: 'play', calldata: [1] })
 */
export class WebWallet {
  // Public fields set in the constructor are `declare`d (no field list in the bundle); private ones are `#` names,
  // which the minifier shortens (`active` is read by name in a test of the Argent entry).
  declare readonly environment: EnvironmentConfig
  declare readonly paymaster: Paymaster
  declare readonly portfolio: Portfolio
  readonly #connector!: SessionConnector
  readonly #sessions!: SessionStore
  #account!: SessionAccount | undefined
  declare private active: ActiveSession | undefined
  /**
   * Set when the stored session could not be used and was removed (`STORED_SESSION_DISCARDED`, its reason as
   * `cause`): `connect()` then answers undefined and the user signs once with `requestConnection()`, which
   * clears it. Undefined otherwise.
   */
  declare discardedSession: StoredSessionDiscardedError | undefined
  #restoring!: Restoring
  /** The chain the stored session was signed on (its genesis block), to notice a chain that is gone. */
  readonly #identity!: ChainIdentity
  /** The chain's clock: session status, new sessions' expiry and the check before every send follow it. */
  readonly #clock!: ChainClock
  /** The accounts handed out, one queue and revocation per address. */
  readonly #accounts!: SessionAccounts
  #connecting!: { parameters: RequestConnectionParameters; result: Promise<ConnectResult> } | undefined
  readonly #fetcher!: typeof fetch
  /** Set by dispose(): the page's listeners and frame are released, and the calls answer it. */
  #disposed!: WalletDisposedError | undefined
  /** Releases what this instance holds in the page (storage listener, its own connector's frame). */
  #release: () => void = () => {}
  #stopFollowing: () => void = () => {}
  /** Fired by dispose(): a sign-in still waiting for the wallet ends with WALLET_DISPOSED. */
  readonly #stopped = new AbortController()

  readonly #options!: WebWalletOptions

  protected constructor(options: WebWalletOptions, internals: WebWalletInternals = {}) {
    this.#options = options
    this.environment = resolveEnvironment(options)
    const fetcher = options.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args))
    this.#fetcher = fetcher
    this.#connector =
      options.connector ?? lazyWindowConnector({ url: this.environment.webWalletUrl, theme: 'dark' })
    const ownsConnector = !options.connector || internals.ownsConnector === true
    const rpc = environmentRpc(this.environment, fetcher)
    this.#clock = createChainClock(rpc, options.now ?? Date.now)
    // Unreadable stored data is never fatal: the user signs a new session, and the console says why.
    const discarded = (reason: string) => {
      this.discardedSession = new StoredSessionDiscardedError({ cause: reason })
      console.warn(`The stored session was removed: ${reason}.`)
    }
    const storage = openStorage(options)
    // The chain's clock rides with the chain check of a stored session: a new session signed in a click then
    // counts its expiry from the chain's time, not a skewed device's.
    this.#identity = createChainIdentity(rpc, storage, (block) => this.#clock.observe(block))
    this.#sessions = openSessionStore(options, storage, discarded, internals.carryPlainKey)
    // WebKit refuses a popup once the click awaited IndexedDB or WebCrypto: the stored session is unsealed now,
    // so that `await connect()` in a click reuses it and requestConnection() can still open its popup.
    this.#restore()
    this.#joinPage(ownsConnector)
    // Without a stored session a sign-in is coming: the clock and the connector's code are fetched now, so that
    // requestConnection in a click waits for neither (a restored session reads the clock in its first send).
    if (typeof document !== 'undefined' && this.#sessions.peek() === undefined) {
      this.#clock.read().catch(() => {})
      preloadConnector(this.#connector)
    }
    const pm = options.paymasterParams
    this.paymaster = createPaymaster({
      baseUrl: paymasterBase(pm?.baseUrl ?? this.environment.paymasterUrl),
      apiKey: pm?.apiKey,
      serverPublicKey: pm?.serverPublicKey,
      fetch: fetcher,
    })
    this.portfolio = createPortfolio({
      backendUrl: this.environment.backendUrl,
      network: this.environment.network,
      appName: options.appName,
      fetch: fetcher,
    })
    this.#accounts = createSessionAccounts(
      this.environment,
      fetcher,
      this.#clock,
      this.paymaster,
      options,
      internals.account,
    )
  }

  /** Other tabs' session changes reach this instance, and it takes the page's wallet frame over. */
  #joinPage(ownsConnector: boolean): void {
    // A session cleared, replaced or signed in another tab of the origin reaches this one (localStorage only).
    // Held weakly: an instance the app dropped is not kept alive by the page's one listener.
    const self = new WeakRef(this)
    this.#stopFollowing = this.#options.storage
      ? () => {}
      : followOtherTabs(SESSION_STORAGE_KEY, () => {
          const wallet = self.deref()
          if (wallet) wallet.#followStored()
          return wallet !== undefined
        })
    // Only a connector it made itself: an app's connector may serve another instance too.
    this.#release = () => {
      if (ownsConnector) void this.#connector.close?.()
    }
    // One wallet frame per page: a newer instance (an SPA remount, StrictMode) closes an older one's idle
    // connector; the older keeps working and opens its wallet again if it is used.
    if (typeof document !== 'undefined' && ownsConnector) {
      const older = pageInstance?.deref()
      if (older && !older.#connecting) older.#release()
      pageInstance = self
    }
  }

  /** Builds the SDK; sepolia unless told otherwise, a 30-day session unless told otherwise. */
  static init(options: WebWalletOptions): WebWallet {
    return new WebWallet(validateOptions(options))
  }

  /**
   * Restores a stored session that has a signature and an address; no network request. The key was
   * unsealed at init: unless the stored session changed since, this does no IndexedDB or WebCrypto work.
   */
  async connect(): Promise<ConnectResult | undefined> {
    this.#live()
    this.#restoreChanged()
    const active = await this.#restoring.session
    // A session of a chain that is gone can never work: dropped, and said so once (the next connect() has none).
    const gone = active && (await this.#restoring.gone)
    if (gone) {
      this.clearSession()
      throw gone
    }
    if (
      !active?.stored.address ||
      !(active.stored.signature ?? active.stored.authorisationSignature).length
    ) {
      return undefined
    }
    return {
      account: this.#adoptSession({ ...active, kind: this.#options.sessionKey }),
      deploymentPayload: active.stored.deploymentPayload,
    }
  }

  /**
   * Asks the wallet to sign a new session (fresh key pair), stores it and builds the account. The session in
   * use stays until the new one is stored: a refused, failed, aborted or timed-out request leaves it as it was
   * (docs/session-lifecycle.md, "Signing a new session"). A session too large to store is refused first.
   */
  async requestConnection(parameters: RequestConnectionParameters = {}): Promise<ConnectResult> {
    this.#live()
    const approvalRequests = checkConnectionParameters(parameters)
    // A second call while one is pending (a double click) joins it when it asks for the same and has no
    // signal of its own: one prompt, one session. Otherwise it waits for that one and runs as its own.
    for (let pending = this.#connecting; pending; pending = this.#connecting) {
      if (joins(pending.parameters, parameters)) return pending.result
      await after(pending.result, parameters.signal)
    }
    const result = signSession(
      this.#options,
      this.environment.chainId,
      this.#clock,
      this.#identity,
      this.#sessions,
      this.#connector,
      this.#stopped.signal,
      parameters,
      approvalRequests,
      (active) => {
        this.discardedSession = undefined
        this.#restoring = signedNow(this.#sessions, active)
        return this.#adoptSession(active)
      },
    ).finally(() => {
      this.#connecting = undefined
    })
    this.#connecting = { parameters, result }
    return result
  }

  /** True only when the connector is ready, a session account exists and its session is VALID. */
  async isConnected(): Promise<boolean> {
    this.#live()
    if (!this.#account || this.getSessionStatus() !== 'VALID') return false
    return this.#connector.ready()
  }

  /**
   * EXPIRED, INVALID_SCOPE, INVALID_SIGNATURE, INVALID_SESSION or VALID; undefined without a session.
   * Synchronous: expiry is judged on the last reading of the chain's clock (taken at init in a page with no
   * stored session, by requestConnection and by every execute), the device's clock until the first one.
   */
  getSessionStatus(): SessionStatus | undefined {
    const active = this.active
    if (!active) return undefined
    return getSessionStatus(active.stored, this.#options.sessionParams.allowedMethods, {
      now: this.#clock.now(),
      privateKey: active.privateKey,
      kind: active.kind,
    })
  }

  /**
   * Removes the stored session and the account. Account objects already handed out stop too: their
   * `execute`, `signMessage` and `getOutsideExecutionPayload` fail with SESSION_REVOKED.
   */
  clearSession(): void {
    this.#live()
    this.#endSession('cleared')
  }

  #endSession(reason: 'cleared' | 'revoked'): void {
    this.#sessions.clear()
    this.#identity.forget()
    this.#account = undefined
    this.active = undefined
    this.#accounts.revoke(reason)
  }

  /**
   * Revokes this app's session at the cosigner (signed by the session key: no wallet screen, no login), then
   * forgets it here and in other tabs; accounts handed out fail with SESSION_REVOKED. No session: nothing. The
   * cosigner unreachable: SERVICE_UNREACHABLE; refusing: SESSION_REVOCATION_FAILED (the session stays: retry, or
   * `clearSession()`); 20 s at most (OPERATION_TIMEOUT), or `signal` (OPERATION_ABORTED).
   *
   * @example
   * await wallet.revokeSession() // the key is useless now, wherever a copy of it is
   */
  async revokeSession(options: { signal?: AbortSignal } = {}): Promise<void> {
    this.#live()
    checkLimits(options)
    this.#restoreChanged()
    const active = this.active ?? (await this.#restoring.session.catch(() => undefined))
    if (!active?.stored.authorisationSignature.length) return
    await revokeActive(active, this.environment.providerBaseUrl, this.#fetcher, options.signal)
    // Unless another tab stored a new session meanwhile: only the revoked one is forgotten.
    if (this.#sessions.peek()?.hash === active.stored.hash) this.#endSession('revoked')
  }

  /**
   * Logs the user out of the wallet (no prompt) and forgets this app's session here and in other tabs; the
   * session stays valid at the cosigner until it expires, so `revokeSession()` first to end it there. True when
   * a login ended. The wallet unreachable: its coded error, nothing forgotten; no `logout` on a given connector:
   * NOT_IMPLEMENTED.
   *
   * @example
   * await wallet.revokeSession(); await wallet.logout()
   */
  async logout(options: { signal?: AbortSignal } = {}): Promise<boolean> {
    this.#live()
    checkLimits(options)
    if (!this.#connector.logout) throw new NotImplementedError()
    const ended = await this.#connector.logout(options.signal ? { signal: options.signal } : {})
    this.clearSession()
    return ended
  }

  /**
   * Closes the connector's transports so a Node process can exit (a pending request rejects); the stored session
   * and its remembered grant stay for `connect()`, and the next wallet request reopens the wallet.
   *
   * @example
   * await wallet.disconnect() // the script ends: no socket keeps it alive
   */
  async disconnect(): Promise<void> {
    const connector = this.#connector
    const keep = connector.close && this.#sessions.peek() !== undefined
    await (keep ? connector.close?.() : connector.disconnect?.())
  }

  /**
   * The signed session, e.g. for a backend that executes on the user's behalf. The session private key is
   * left out unless asked for, and asking needs the init option `allowSessionKeyExport: true`
   * (SESSION_KEY_EXPORT_DISABLED otherwise): whoever holds it can spend within the session.
   */
  exportSignedSession(options: { includePrivateKey?: boolean } = {}): StoredSession | undefined {
    // null, a number...: INVALID_OPTIONS, not a TypeError of reading their field.
    checkLimits(options)
    if (options?.includePrivateKey && !this.#options.allowSessionKeyExport) {
      throw new SessionKeyExportDisabledError()
    }
    const active = this.active
    if (!active) return undefined
    const privateKey = options?.includePrivateKey ? active.privateKey : ''
    return { ...active.stored, sessionKey: { ...active.stored.sessionKey, privateKey } }
  }

  /**
   * Releases what this instance holds in the page (its `storage` callback; its own connector's frame and
   * listeners) and ends a pending sign-in; later calls answer WALLET_DISPOSED, the stored session stays.
   * Idempotent. Without it nothing piles up either: a newer `WebWallet.init` closes an older one's idle frame.
   *
   * @example
   * useEffect(() => { const wallet = WebWallet.init(options); return () => wallet.dispose() }, [])
   */
  dispose(): void {
    if (this.#disposed) return
    this.#disposed = new WalletDisposedError()
    this.#stopped.abort(this.#disposed)
    this.#stopFollowing()
    this.#release()
    this.#account = undefined
    this.active = undefined
  }

  #live(): void {
    if (this.#disposed) throw new WalletDisposedError({ cause: this.#disposed })
  }

  /** The session account, once connected. */
  get sessionAccount(): SessionAccount | undefined {
    return this.#account
  }

  #restore(): void {
    this.#restoring = restoreStored(this.#sessions, this.environment.chainId, this.#identity)
  }

  /** Unsealed again only when the stored session changed since (another tab, clearSession). */
  #restoreChanged(): void {
    if (this.#restoring.stored !== storedText(this.#sessions)) this.#restore()
  }

  /**
   * Another tab changed the stored session: the accounts of the old one stop (SESSION_REVOKED, as after
   * `clearSession()`), and a session stored there is taken up here (`sessionAccount`, `isConnected()`).
   */
  #followStored(): void {
    if (this.#restoring.stored === storedText(this.#sessions)) return
    this.#account = undefined
    this.active = undefined
    this.#accounts.revoke()
    this.#restore()
    if (this.#sessions.peek()) this.connect().catch(() => {})
  }

  #adoptSession(active: ActiveSession): SessionAccount {
    this.active = active
    this.#account = this.#accounts.adopt(active)
    return this.#account
  }
}

/** The newest instance with a connector of its own in this page (its wallet frame is the page's). */
let pageInstance: WeakRef<WebWallet> | undefined
