// What the wallet does for a logged-in user once the user (or the approval policy) said yes: sign typed
// data, sign sessions (with their token approvals), execute calls (deploying the account first), and keep
// the origins the user connected. Both the UI's HTTP API and the WebSocket router call it.
import type {
  Call,
  DeploymentData,
  LoginStatus,
  SessionSignRequest,
  SessionSignResult,
  TypedData,
} from '@webwallet/protocol'
import { toHex } from '@webwallet/protocol/constants'
import { ConnectorNotConnectedError, NodeError } from '@webwallet/protocol/errors'
import { strictCalls } from '@webwallet/protocol/procedures'
import type { walletPage } from '@webwallet/protocol/services'
import { respellTypedData, type TypedDataMeaning, typedDataMeaning } from '@webwallet/protocol/typedData'
import { typedData as snip12 } from 'starknet'
import { ETH_ADDRESS, STRK_ADDRESS } from '../../chain/contracts/erc20'
import { RpcError } from '../../chain/errors'
import { createRevocationList, type RevocationList } from '../../services/cosigner/revocations'
import type { User } from '../../services/login/state'
import { DEFAULT_GAS_TOKENS } from '../../services/paymaster/core'
import { checkTypedData } from '../core'
import { type ConnectedAppsDependencies, connectedApps, isRevoked, revokeSession } from './connectedApps'
import type { FeltCall, Ledger } from './ledger'
import { createPermissions, type Permissions } from './permissions'
import { reviewFailureOf } from './reviewFailure'
import { createSessionRegistry, type SessionRegistry } from './sessions'
import type { AccountKeys } from './signer'
import { signAsAccount } from './signer'
import { signSession } from './signSession'

/**
 * What the review screen shows beside the calls: the fee they would cost (or why there is none) and who they
 * call. Protocol's contract of `POST /wallet/api/review`, which the page parses the answer with.
 */
export type TransactionReview = walletPage.review.Response

/**
 * The account as the wallet UI shows it (`GET /wallet/api/account` adds the fee defaults, the gas tokens and
 * the chain's clock).
 */
export type AccountView = Omit<walletPage.account.Response, 'txFeeDefaults' | 'feeTokens' | 'chainTime'>

export interface WalletServiceOptions {
  ledger: Ledger
  guardianPrivateKey: string
  /** The connected origins; default none (pass a saved `permissions.snapshot()` to restore). */
  permissions?: Permissions
  /** The sessions signed so far, for the cosigner; default none. */
  sessions?: SessionRegistry
  /** The cosigner's revoked sessions (the Connected apps page revokes there); default an empty list. */
  revocations?: RevocationList
  /** The paymaster's gas tokens: the only tokens a session's fee caps (`txFees`) may name; default STRK, ETH. */
  feeTokens?: readonly string[]
}

/**
 * Dapp calls with their address and calldata read as felts by the one strict reading the review screen shows
 * (`strictCalls`: hex, decimal, safe integers, bigints below the field prime); anything that reads two ways
 * (a short string, spaces, a negative…) throws ValidationError, so nothing is signed that was not shown.
 */
export function toFeltCalls(calls: readonly Call[]): FeltCall[] {
  return strictCalls(calls)
}

/**
 * The signing side of wallet-sim: keys never leave it.
 *
 * @example
 * const wallet = new WalletService({ ledger: new Ledger(builtinAccess(() => sim.chain)), guardianPrivateKey })
 * const signature = wallet.signTypedData(user, typedData)
 */
export class WalletService {
  readonly #ledger: Ledger
  readonly #guardianPrivateKey: string
  readonly permissions: Permissions
  readonly sessions: SessionRegistry
  readonly revocations: RevocationList
  /** The paymaster's gas tokens (hex): the tokens a session's fee caps may name. */
  readonly feeTokens: readonly string[]

  constructor(options: WalletServiceOptions) {
    this.#ledger = options.ledger
    this.#guardianPrivateKey = options.guardianPrivateKey
    this.feeTokens = options.feeTokens ?? DEFAULT_GAS_TOKENS.map((token) => token.tokenAddress)
    this.permissions = options.permissions ?? createPermissions()
    this.sessions = options.sessions ?? createSessionRegistry()
    this.revocations = options.revocations ?? createRevocationList()
  }

  get chainId(): string {
    return this.#ledger.chainId
  }

  get ledger(): Ledger {
    return this.#ledger
  }

  #keys(user: User): AccountKeys {
    return { ownerPrivateKey: user.ownerPrivateKey, guardianPrivateKey: this.#guardianPrivateKey }
  }

  async account(user: User): Promise<AccountView> {
    const { address } = user.account
    return {
      email: user.email,
      address,
      chainId: this.chainId,
      deployed: await this.#ledger.isDeployed(address),
      balances: {
        STRK: (await this.#ledger.balanceOf(address, toHex(STRK_ADDRESS))).toString(),
        ETH: (await this.#ledger.balanceOf(address, toHex(ETH_ADDRESS))).toString(),
      },
    }
  }

  /** Remembers that the user connected `origin` (getPermissions answers 'accounts' for it from now on). */
  connect(user: User, origin: string): void {
    this.permissions.grant(user.email, origin)
  }

  isConnected(user: User, origin: string): boolean {
    return this.permissions.has(user.email, origin)
  }

  disconnect(user: User, origin: string): void {
    this.permissions.revoke(user.email, origin)
  }

  /**
   * True when the user's account has a session signed for `origin` that still works: unexpired by the
   * chain's clock (as the cosigner checks it) and not revoked (at the cosigner or on the account).
   */
  async hasSession(user: User, origin: string): Promise<boolean> {
    const { address } = user.account
    const now = BigInt(await this.#ledger.now())
    for (const session of this.sessions.signedFor(address, origin)) {
      if (BigInt(session.expiresAt) > now && !(await isRevoked(this.#apps, address, session.hash)))
        return true
    }
    return false
  }

  get #apps(): ConnectedAppsDependencies {
    const { permissions, sessions, revocations } = this
    return { ledger: this.#ledger, permissions, sessions, revocations }
  }

  /** The Connected apps page: the user's apps and their sessions (connectedApps.ts). */
  apps(user: User): Promise<walletPage.apps.Response> {
    return connectedApps(this.#apps, user)
  }

  /** Revokes one of the user's sessions at the cosigner and on chain (connectedApps.ts). */
  revokeSession(user: User, sessionHash: string): Promise<walletPage.revokeSession.Response> {
    return this.#ledger.serial(user.account.address, () =>
      revokeSession(this.#apps, user, sessionHash, this.#keys(user)),
    )
  }

  /**
   * getLoginStatus of a logged-in user, for the app at `origin`: three booleans about that origin only,
   * never who the user is (no address, no e-mail), so it may answer before any connect.
   */
  async loginStatus(user: User, origin: string): Promise<Required<LoginStatus>> {
    return {
      isLoggedIn: true,
      hasSession: await this.hasSession(user, origin),
      isPreauthorized: this.isConnected(user, origin),
    }
  }

  /**
   * The account's deployment data (address, class hash, salt, constructor calldata: enough to find the
   * owner), only for an origin the user connected; others get CONNECTOR_NOT_CONNECTED, as a dapp that
   * skipped the connect does.
   */
  deploymentData(user: User, origin: string): DeploymentData {
    if (!this.isConnected(user, origin)) throw new ConnectorNotConnectedError()
    const { address, classHash, salt, constructorCalldata } = user.account
    return { address, class_hash: classHash, salt, calldata: constructorCalldata, version: 1 }
  }

  /** The SNIP-12 message hash of `typedData` for the user's account. */
  messageHash(user: User, typedData: TypedData): string {
    return snip12.getMessageHash(typedData as never, user.account.address)
  }

  /**
   * Owner + guardian signature of the SNIP-12 hash. Session typed data signed for the app at `origin`
   * (x-sessions asks with plain signTypedData) is registered as connectAndSignSession registers it, so the
   * cosigner co-signs it and getLoginStatus sees it; only a session for the wallet's chain can be used here.
   */
  signTypedData(user: User, typedData: TypedData, origin?: string): string[] {
    const { kind, canonical } = this.checkTypedData(typedData)
    const session =
      origin !== undefined && kind.kind === 'session' && kind.session.chainId === BigInt(this.chainId)
    const signature = signAsAccount(toHex(canonical.messageHash(user.account.address)), this.#keys(user))
    // Recorded in its canonical spelling (same hash): the cosigner checks calls against the signed felts.
    if (session)
      this.sessions.register(
        respellTypedData(typedData, canonical) as TypedData,
        user.account.address,
        origin,
      )
    return signature
  }

  /**
   * The core's `checkTypedData` with the paymaster's gas tokens (ValidationError for what the wallet cannot
   * show as what it signs); called before any prompt, and again before signing.
   */
  checkTypedData(typedData: TypedData): TypedDataMeaning {
    return checkTypedData(typedData, this.feeTokens)
  }

  /** Deploys the account if needed; returns the deploy transaction hash, or undefined when it was deployed. */
  async ensureDeployed(user: User): Promise<string | undefined> {
    if (await this.#ledger.isDeployed(user.account.address)) return undefined
    return this.#ledger.deployAccount(user.account, this.#keys(user))
  }

  /** The class name of each address the chain has a contract at (`DemoCounter`, `ERC20`), by that address. */
  async contractNames(addresses: readonly string[]): Promise<Record<string, string>> {
    const names: Record<string, string> = {}
    for (const address of addresses) {
      const name = await this.#ledger.contractName(address)
      if (name !== undefined) names[address] = name
    }
    return names
  }

  /**
   * The fee `calls` would cost the user (with the account's deployment when it is not deployed yet) and the
   * names of the contracts they call, without signing or sending anything. A transaction that would revert
   * or be refused answers why instead of a fee; a node that cannot be reached throws NodeUnreachable.
   */
  async review(user: User, calls: readonly Call[]): Promise<TransactionReview> {
    const { address } = user.account
    const deploysFirst = !(await this.#ledger.isDeployed(address))
    const contracts = await this.contractNames(calls.map((call) => call.contractAddress))
    const felts = toFeltCalls(calls)
    let fee: TransactionReview['fee']
    try {
      const estimate = await this.#ledger.estimateInvoke(
        address,
        felts,
        deploysFirst ? user.account : undefined,
      )
      fee = { amount: estimate.fee.toString(), maxAmount: estimate.maxFee.toString() }
    } catch (cause) {
      // Anything but the node's answer (it is unreachable, a bug) is no verdict on the transaction: thrown.
      if (!(cause instanceof RpcError)) throw cause
      fee = reviewFailureOf(cause, felts)
    }
    const balance = (await this.#ledger.balanceOf(address, toHex(STRK_ADDRESS))).toString()
    return { feeToken: toHex(STRK_ADDRESS), fee, balance, deploysFirst, contracts }
  }

  /** Signs and submits `calls` (deploying the account first if needed); returns the invoke hash. */
  async execute(user: User, calls: readonly Call[]): Promise<string> {
    const felts = toFeltCalls(calls)
    const { address } = user.account
    try {
      // One at a time per account: a deployment and the nonce of each invoke are read before they are sent.
      return await this.#ledger.serial(address, async () => {
        await this.ensureDeployed(user)
        return this.#ledger.invoke(address, felts, this.#keys(user))
      })
    } catch (cause) {
      if (cause instanceof RpcError) throw new NodeError(cause.code, cause.message, cause.data, { cause })
      throw cause
    }
  }

  /**
   * Signs a session for the app at `origin`: checks the typed data, runs the approval requests (deploying
   * first), signs, and registers it. Throws ConnectAndSignSessionError with the session-signing result codes.
   */
  async signSession(user: User, request: SessionSignRequest, origin: string): Promise<SessionSignResult> {
    const result = await this.#ledger.serial(user.account.address, () =>
      signSession(user, request, {
        ledger: this.#ledger,
        feeTokens: this.feeTokens,
        keys: this.#keys(user),
        sign: (typedData) => this.signTypedData(user, typedData),
        toFeltCalls,
      }),
    )
    // Recorded in its canonical spelling (same hash), as signTypedData records one.
    const { canonical } = typedDataMeaning(request.sessionTypedData)
    this.sessions.register(
      respellTypedData(request.sessionTypedData, canonical) as TypedData,
      user.account.address,
      origin,
    )
    return result
  }
}
