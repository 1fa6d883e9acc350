import type {
  ApprovalRequest,
  EnvironmentConfig,
  SessionStatus,
  Session as StoredSession,
} from '@webwallet/protocol'
import { SESSION_STORAGE_KEY } from '@webwallet/protocol/constants'
import {
  InvalidApprovalRequestError,
  isWebWalletError,
  NotImplementedError,
  SessionExpiredError,
  SessionKeyExportDisabledError,
  SessionRevocationFailedError,
  StoredSessionDiscardedError,
  UserRejectedError,
  WalletDisposedError,
} from '@webwallet/protocol/errors'
import { sessionRevocationHash } from '@webwallet/protocol/session'
import { checkLimits, invalid } from '../account/arguments'
import type { AccountContext } from '../account/context'
import { type AccountGuard, createAccountGuard } from '../account/guard'
import { SessionAccount, type SessionAccountOptions } from '../account/SessionAccount'
import { lazyWindowConnector, preloadConnector } from '../connector/lazy'
import { abortable, withDeadline } from '../http/abort'
import { lazyImport } from '../http/lazyImport'
import { createPaymaster, type Paymaster } from '../paymaster/client'
import { createPortfolio, type Portfolio } from '../portfolio/portfolio'
import { type ChainIdentity, createChainIdentity } from '../session/chainIdentity'
import { type ChainClock, createChainClock } from '../session/clock'
import { createSessionRequest, generateSessionKey, sessionAllowedMethods } from '../session/request'
import { type ActiveSession, signWithSessionKey } from '../session/signature'
import { getSessionStatus } from '../session/status'
import { createSessionStore, type SessionStore } from '../session/store'
import { createKeyVault } from '../storage/keyVault'
import { createStorage } from '../storage/storage'
import { activeSession } from './answer'
import { after, joins } from './joinRequest'
import { environmentRpc } from './nodes'
import {
  CONNECT_TIMEOUT_MS,
  feeTokenTransfers,
  paymasterBase,
  resolveEnvironment,
  type SessionConnector,
  validateOptions,
  type WebWalletOptions,
} from './options'
import { followOtherTabs } from './otherTabs'
import { checkRestored } from './restoreCheck'

/** What connect() and requestConnection() answer (docs/protocol.md, Entities, SDK connect result). */
export interface ConnectResult {
  readonly account: SessionAccount
  readonly approvalRequestsCalls?: unknown
  readonly approvalTransactionHash?: string | undefined
  readonly deploymentPayload?: unknown
  readonly callbackData?: string | undefined
}

/**
 * The session SDK: the owner signs a session once, then the app runs the allowed calls with a session key.
 *
 * @example
 * const wallet = WebWallet.init({ appName: 'my-game', sessionParams: { allowedMethods: [{ contract: GAME, selector: 'play' }] } })
 * const { account } = (await wallet.connect()) ?? (await wallet.requestConnection({}))
 * await account.execute({ contractAddress: GAME, entrypoint: 'play', calldata: [1] })
 */
export class WebWallet {
  // Fields set in the constructor or later are `declare`d: no field list in the bundle (set on first write).
  declare readonly environment: EnvironmentConfig
  declare readonly paymaster: Paymaster
  declare readonly portfolio: Portfolio
  declare private readonly connector: SessionConnector
  declare private readonly sessions: SessionStore
  declare private account: SessionAccount | undefined
  declare private active: ActiveSession | undefined
  /**
   * Set when the stored session could not be used and was removed (`STORED_SESSION_DISCARDED`, its reason as
   * `cause`): `connect()` then answers undefined and the user signs once with `requestConnection()`, which
   * clears it. Undefined otherwise.
   */
  declare discardedSession: StoredSessionDiscardedError | undefined
  declare private restoring: {
    stored: string
    session: Promise<ActiveSession | undefined>
    /** Why the stored session can never work (its chain is gone), found while it was restored. */
    gone: Promise<Error | undefined>
  }
  /** The chain the stored session was signed on (its genesis block), to notice a chain that is gone. */
  declare private readonly identity: ChainIdentity
  /** The chain's clock: session status, new sessions' expiry and the check before every send follow it. */
  declare private readonly clock: ChainClock
  /** One queue and revocation per account address, shared by every account object handed out for it. */
  private guards = new Map<string, AccountGuard>()
  declare private connecting:
    | { parameters: RequestConnectionParameters; result: Promise<ConnectResult> }
    | undefined
  declare private readonly fetcher: typeof fetch
  /** Set by dispose(): the page's listeners and frame are released, and the calls answer it. */
  declare private disposed: WalletDisposedError | undefined
  /** Releases what this instance holds in the page (storage listener, its own connector's frame). */
  private release: () => void = () => {}
  private stopFollowing: () => void = () => {}
  /** Fired by dispose(): a sign-in still waiting for the wallet ends with WALLET_DISPOSED. */
  private readonly stopped = new AbortController()

  declare private readonly options: WebWalletOptions
  declare private readonly internals: WebWalletInternals

  protected constructor(options: WebWalletOptions, internals: WebWalletInternals = {}) {
    this.options = options
    this.internals = internals
    this.environment = resolveEnvironment(options)
    const fetcher = options.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args))
    this.fetcher = fetcher
    this.connector =
      options.connector ?? lazyWindowConnector({ url: this.environment.webWalletUrl, theme: 'dark' })
    const ownsConnector = !options.connector || internals.ownsConnector === true
    const rpc = environmentRpc(this.environment, fetcher)
    this.clock = createChainClock(rpc, options.now ?? Date.now)
    // Unreadable stored data is never fatal: the user signs a new session, and the console says why.
    const discarded = (reason: string) => {
      this.discardedSession = new StoredSessionDiscardedError({ cause: reason })
      console.warn(`The stored session was removed: ${reason}.`)
    }
    const storage = openStorage(options)
    // The chain's clock rides with the chain check of a stored session: a new session signed in a click then
    // counts its expiry from the chain's time, not a skewed device's.
    this.identity = createChainIdentity(rpc, storage, (block) => this.clock.observe(block))
    this.sessions = createSessionStore(
      storage,
      createKeyVault(options.keyStore ? { store: options.keyStore } : {}),
      discarded,
      // A session too large for one value is stored with its methods' root only; they are recomputed from these
      // options on load (the 4,096-character rule), with and without the fee-token transfers.
      () =>
        [feeTokenTransfers(options), !feeTokenTransfers(options)].map((transfers) =>
          sessionAllowedMethods(options.appName, options.sessionParams.allowedMethods, {
            feeTokenTransfers: transfers,
          }),
        ),
      // A Stark key only: another key kind cannot sign with a key stored in the clear.
      options.sessionKey ? undefined : internals.carryPlainKey,
    )
    // WebKit refuses a popup once the click awaited IndexedDB or WebCrypto: the stored session is unsealed now,
    // so that `await connect()` in a click reuses it and requestConnection() can still open its popup.
    this.restore()
    this.joinPage(ownsConnector)
    // Without a stored session a sign-in is coming: the clock and the connector's code are fetched now, so that
    // requestConnection in a click waits for neither (a restored session reads the clock in its first send).
    if (typeof document !== 'undefined' && this.sessions.peek() === undefined) {
      this.clock.read().catch(() => {})
      preloadConnector(this.connector)
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
  }

  /** Other tabs' session changes reach this instance, and it takes the page's wallet frame over. */
  private joinPage(ownsConnector: boolean): void {
    // A session cleared, replaced or signed in another tab of the origin reaches this one (localStorage only).
    // Held weakly: an instance the app dropped is not kept alive by the page's one listener.
    const self = new WeakRef(this)
    this.stopFollowing = this.options.storage
      ? () => {}
      : followOtherTabs(SESSION_STORAGE_KEY, () => {
          const wallet = self.deref()
          wallet?.followStored()
          return wallet !== undefined
        })
    // Only a connector it made itself: an app's connector may serve another instance too.
    this.release = () => {
      if (ownsConnector) void this.connector.close?.()
    }
    // One wallet frame per page: a newer instance (an SPA remount, StrictMode) closes an older one's idle
    // connector; the older keeps working and opens its wallet again if it is used.
    if (typeof document !== 'undefined' && ownsConnector) {
      const older = pageInstance?.deref()
      if (older && !older.connecting) older.release()
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
    this.live()
    // Unsealed again only when the stored session changed since (another tab, clearSession).
    if (this.restoring.stored !== this.storedText()) this.restore()
    const active = await this.restoring.session
    // A session of a chain that is gone can never work: dropped, and said so once (the next connect() has none).
    const gone = active && (await this.restoring.gone)
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
      account: this.adoptSession({ ...active, kind: this.options.sessionKey }),
      deploymentPayload: active.stored.deploymentPayload,
    }
  }

  /**
   * Asks the wallet to sign a new session (fresh key pair), stores it and builds the account. The session in
   * use stays until the new one is stored: a refused, failed, aborted or timed-out request leaves it as it was
   * (docs/session-lifecycle.md, "Signing a new session"). A session too large to store is refused first.
   */
  async requestConnection(parameters: RequestConnectionParameters = {}): Promise<ConnectResult> {
    this.live()
    checkLimits(parameters, 'parameters')
    const { callbackData, approvalRequests: requests } = parameters
    if (callbackData !== undefined && typeof callbackData !== 'string')
      invalid('callbackData', 'must be a string')
    if (requests !== undefined && !Array.isArray(requests)) invalid('approvalRequests', 'must be a list')
    const approvalRequests = (requests ?? []).map(checkApprovalRequest)
    // A second call while one is pending (a double click) joins it when it asks for the same and has no
    // signal of its own: one prompt, one session. Otherwise it waits for that one and runs as its own.
    for (let pending = this.connecting; pending; pending = this.connecting) {
      if (joins(pending.parameters, parameters)) return pending.result
      await after(pending.result, parameters.signal)
    }
    const result = this.signSession(parameters, approvalRequests).finally(() => {
      this.connecting = undefined
    })
    this.connecting = { parameters, result }
    return result
  }

  private async signSession(
    parameters: RequestConnectionParameters,
    approvalRequests: ApprovalRequest[],
  ): Promise<ConnectResult> {
    const kind = this.options.sessionKey
    const { signal } = parameters
    const deadline = withDeadline(
      'requestConnection',
      this.options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
      signal ? AbortSignal.any([signal, this.stopped.signal]) : this.stopped.signal,
    )
    // The expiry is counted from the chain's clock. Without a page (Node) it is read first; in a page the
    // reading of init or of the last call is used (a popup must open inside the click, before any network
    // wait) and a fresh one is checked against the signed session below.
    const reading = this.clock.read().catch(() => this.clock.now())
    // The chain the session is signed on, recorded with it (read beside the wallet's prompt, not before it).
    const genesis = this.identity.read()
    try {
      if (typeof document === 'undefined') await abortable(reading, deadline)
      const sessionKey = await (kind?.generate() ?? generateSessionKey())
      const request = createSessionRequest({
        appName: this.options.appName,
        allowedMethods: this.options.sessionParams.allowedMethods,
        validityDays: this.options.sessionParams.validityDays,
        chainId: this.environment.chainId,
        sessionKey,
        sessionKeyGuid: kind?.guid(sessionKey.publicKey),
        now: this.clock.now(),
        feeTokenTransfers: feeTokenTransfers(this.options),
      })
      this.sessions.assertStorable(request)
      deadline.check()
      const answer = await abortable(
        this.connector.connectAndSignSession(
          {
            ...(parameters.callbackData === undefined ? {} : { callbackData: parameters.callbackData }),
            approvalRequests,
            sessionTypedData: request.typedData,
          },
          { signal: deadline.signal },
        ),
        deadline,
      )
      const active = activeSession(request, answer, this.environment.chainId, kind)
      const chainNow = Math.floor((await abortable(reading, deadline)) / 1000)
      // Signed with a clock the chain has since left behind: the session would be refused on its first use.
      if (active.stored.expiresAt <= chainNow)
        throw new SessionExpiredError(active.stored.expiresAt, chainNow)
      deadline.check()
      await this.sessions.save(active)
      this.identity.remember(await genesis)
      this.discardedSession = undefined
      this.restoring = {
        stored: this.storedText(),
        session: Promise.resolve(active),
        gone: Promise.resolve(undefined),
      }
      return {
        account: this.adoptSession(active),
        approvalRequestsCalls: answer.approvalRequestsCalls,
        approvalTransactionHash: answer.approvalTransactionHash,
        deploymentPayload: answer.deploymentPayload,
        callbackData: parameters.callbackData,
      }
    } catch (error) {
      throw this.disposed ? new WalletDisposedError({ cause: error }) : userRejected(error)
    } finally {
      deadline.dispose()
    }
  }

  /** True only when the connector is ready, a session account exists and its session is VALID. */
  async isConnected(): Promise<boolean> {
    this.live()
    if (!this.account || this.getSessionStatus() !== 'VALID') return false
    return this.connector.ready()
  }

  /**
   * EXPIRED, INVALID_SCOPE, INVALID_SIGNATURE, INVALID_SESSION or VALID; undefined without a session.
   * Synchronous: expiry is judged on the last reading of the chain's clock (taken at init in a page with no
   * stored session, by requestConnection and by every execute), the device's clock until the first one.
   */
  getSessionStatus(): SessionStatus | undefined {
    const active = this.active
    if (!active) return undefined
    return getSessionStatus(active.stored, this.options.sessionParams.allowedMethods, {
      now: this.clock.now(),
      privateKey: active.privateKey,
      kind: active.kind,
    })
  }

  /**
   * Removes the stored session and the account. Account objects already handed out stop too: their
   * `execute`, `signMessage` and `getOutsideExecutionPayload` fail with SESSION_REVOKED.
   */
  clearSession(): void {
    this.live()
    this.endSession('cleared')
  }

  private endSession(reason: 'cleared' | 'revoked'): void {
    this.sessions.clear()
    this.identity.forget()
    this.account = undefined
    this.active = undefined
    for (const guard of this.guards.values()) guard.revoke(reason)
    this.guards.clear()
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
    this.live()
    checkLimits(options)
    if (this.restoring.stored !== this.storedText()) this.restore()
    const active = this.active ?? (await this.restoring.session.catch(() => undefined))
    if (!active?.stored.authorisationSignature.length) return
    const url = this.environment.providerBaseUrl
    const { stored } = active
    const signed = await signWithSessionKey(active, sessionRevocationHash(stored.hash))
    const session = {
      sessionHash: stored.hash,
      sessionAuthorisation: stored.authorisationSignature,
      cacheAuthorisation: false,
      sessionSignature: signed.cosigner as never,
    }
    const { revokeAtCosigner } = await firstUse(url)
    await revokeAtCosigner(session, this.fetcher, url, options.signal)
    // Unless another tab stored a new session meanwhile: only the revoked one is forgotten.
    if (this.sessions.peek()?.hash === active.stored.hash) this.endSession('revoked')
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
    this.live()
    checkLimits(options)
    if (!this.connector.logout) throw new NotImplementedError()
    const ended = await this.connector.logout(options.signal ? { signal: options.signal } : {})
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
    const { connector } = this
    const keep = connector.close && this.sessions.peek() !== undefined
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
    if (options?.includePrivateKey && !this.options.allowSessionKeyExport) {
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
    if (this.disposed) return
    this.disposed = new WalletDisposedError()
    this.stopped.abort(this.disposed)
    this.stopFollowing()
    this.release()
    this.account = undefined
    this.active = undefined
  }

  private live(): void {
    if (this.disposed) throw new WalletDisposedError({ cause: this.disposed })
  }

  /** The session account, once connected. */
  get sessionAccount(): SessionAccount | undefined {
    return this.account
  }

  private storedText(): string {
    return JSON.stringify(this.sessions.peek() ?? null)
  }

  private restore(): void {
    const stored = this.storedText()
    const session = this.sessions.load()
    session.catch(() => {}) // connect() reports it; unawaited it is no unhandled rejection
    const gone = checkRestored(this.sessions.peek(), this.environment.chainId, this.identity)
    this.restoring = { stored, session, gone }
  }

  /**
   * Another tab changed the stored session: the accounts of the old one stop (SESSION_REVOKED, as after
   * `clearSession()`), and a session stored there is taken up here (`sessionAccount`, `isConnected()`).
   */
  private followStored(): void {
    if (this.restoring.stored === this.storedText()) return
    this.account = undefined
    this.active = undefined
    for (const guard of this.guards.values()) guard.revoke()
    this.guards.clear()
    this.restore()
    if (this.sessions.peek()) this.connect().catch(() => {})
  }

  private adoptSession(active: ActiveSession): SessionAccount {
    const { fetcher } = this
    this.active = active
    const address = active.stored.address
    const guard = this.guards.get(address) ?? createAccountGuard(this.clock, `webwallet-execute-${address}`)
    this.guards.set(address, guard)
    this.account = (this.internals.account ?? newSessionAccount)(
      {
        rpc: environmentRpc(this.environment, fetcher, { checkSpecVersion: true }),
        session: active,
        address: active.stored.address,
        chainId: active.stored.chainId,
        network: this.environment.network,
        cosignerBaseUrl: this.environment.providerBaseUrl,
        fetch: fetcher,
        now: this.clock.now,
      },
      {
        guard,
        paymaster: this.paymaster,
        deployer: this.options.deployer,
        gasTokenAddress: this.options.paymasterParams?.tokenAddress,
      },
    )
    return this.account
  }
}

// revokeSession()'s request is in the first-use chunk: a page that never revokes never loads it.
// A chunk that cannot load (offline, the app deployed anew) is the revocation failing, its cause kept.
const loadFirstUse = lazyImport(
  () => import('../firstUse'),
  (cause) => cause as Error,
)
const firstUse = (url: string) =>
  loadFirstUse().catch((cause: unknown) => {
    throw new SessionRevocationFailedError(`${url}/cosigner/revokeSession`, undefined, { cause })
  })
/** The app's storage (localStorage by default); a stored value that is no session is left alone, said once. */
function openStorage(options: WebWalletOptions) {
  let warnedOnce = 0
  return createStorage({
    ...(options.storage ? { backend: options.storage } : {}),
    // A value that is no session may be the app's own: it stays, and a new session is not stored over it.
    onCorrupt: (_key, reason) =>
      warnedOnce++ ||
      console.warn(
        `localStorage 'session' holds no session of this SDK (${reason}): left untouched; sessions stay in memory.`,
      ),
  })
}

/** The newest instance with a connector of its own in this page (its wallet frame is the page's). */
let pageInstance: WeakRef<WebWallet> | undefined

const newSessionAccount = (ctx: AccountContext, options: SessionAccountOptions) =>
  new SessionAccount(ctx, options)

/** What an entry built on WebWallet (`@webwallet/shim/argent`) changes in it; not for apps. */
export interface WebWalletInternals {
  /** Builds the session account (a subclass of SessionAccount with another API on top). */
  readonly account?: (ctx: AccountContext, options: SessionAccountOptions) => SessionAccount
  /** Takes a stored session whose key is in the clear (as @argent/invisible-sdk stores it): see createSessionStore. */
  readonly carryPlainKey?: (stored: StoredSession) => string | undefined
  /** The connector in the options is the entry's own (not the app's): dispose() closes it. */
  readonly ownsConnector?: boolean
}

/** Parameters of {@link WebWallet.requestConnection}. */
export interface RequestConnectionParameters {
  callbackData?: string
  approvalRequests?: readonly ApprovalRequest[]
  /**
   * Stops the request (OPERATION_ABORTED). A call with a signal never joins a pending request: it waits for
   * it (the signal stops the wait) and then runs as its own.
   */
  signal?: AbortSignal
}

// The user's refusal is one code whichever way it came: the wallet's Reject (its words kept in `data`) or
// a closed popup or modal.
function userRejected(thrown: unknown): unknown {
  // The connector throws starknetkit's ConnectAndSignSessionError; the SDK's errors stay coded (its cause).
  const cause = (thrown as { cause?: unknown } | undefined)?.cause
  const error =
    !isWebWalletError(thrown) && isWebWalletError(cause, 'CONNECT_AND_SIGN_SESSION') ? cause : thrown
  if (!isWebWalletError(error, 'CONNECT_AND_SIGN_SESSION')) return error
  const detail = error.data as { webwalletErrorCode: string; webwalletErrorMessage: string }
  return detail?.webwalletErrorCode === 'USER_REJECTED'
    ? new UserRejectedError({ detail, cause: error })
    : error
}

function checkApprovalRequest(request: ApprovalRequest): ApprovalRequest {
  const ok = (value: unknown) => typeof value === 'string' && value.length > 0
  if (!ok(request?.tokenAddress) || !ok(request?.spender) || !ok(request?.amount)) {
    throw new InvalidApprovalRequestError()
  }
  return { tokenAddress: request.tokenAddress, spender: request.spender, amount: request.amount }
}
