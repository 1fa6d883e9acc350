// `ArgentWebWallet` with the init options, methods, return shapes and errors of @argent/invisible-sdk
// 1.0.0, mapped onto our WebWallet: an app changes its import and nothing else.
import {
  type ApprovalRequest,
  DEV_ORIGIN,
  type EnvironmentConfig,
  type EnvironmentName,
  getEnvironment,
  type Session as StoredSession,
  toHex,
} from '@webwallet/protocol'
import { type StoredSessionDiscardedError, WebWalletError } from '@webwallet/protocol/errors'
import type { ProviderInterface } from 'starknet'
import type { Call } from '../account/context'
import type { Connector } from '../connector/createConnector'
import { lazyWindowConnector } from '../connector/lazy'
import { expectShape, isFelt } from '../http/shape'
import type { WebWallet } from '../sdk/WebWallet'
import type { AccountDeploymentPayload, ArgentAccount, SessionAccountInterface } from './account'
import { starknetkitSessionError } from './errors'
import type { InitParams } from './params'
import { defaultProvider } from './provider'
import { type ArgentSdkOptions, argentSdk } from './sdk'

export type { InitParams, PaymasterParameters, SessionParameters } from './params'

/**
 * Ours, beyond invisible-sdk's options (the second argument of `init`): storage, key store, fetch, clock,
 * URL overrides, the session-key kind, and a connector (one with `request`, for `requestApprovals`), e.g.
 * the WebSocket connector for headless use.
 */
export type ArgentExtraOptions = ArgentSdkOptions & { readonly connector?: Connector }

/** invisible-sdk's `ConnectResponse`. */
export interface ConnectResponse {
  account: SessionAccountInterface
  user?: { address: `0x${string}` } | undefined
  callbackData?: string | undefined
  approvalTransactionHash?: string | undefined
  approvalRequestsCalls?: Call[] | undefined
  deploymentPayload?: AccountDeploymentPayload | undefined
}

/** invisible-sdk's `SignedSession`: the stored session, its signature and deployment data. */
export type SignedSession = StoredSession

/** The wallet-API call `requestApprovals` sends: one `approve` per request. */
interface WalletApiCall {
  contract_address: string
  entry_point: string
  calldata: string[]
}

const U128 = (1n << 128n) - 1n

/**
 * The session SDK as invisible-sdk 1.0.0 presents it.
 *
 * @example
 * const argentWebWallet = ArgentWebWallet.init({ appName: 'my-game', environment: 'sepolia', sessionParams })
 * const { account } = (await argentWebWallet.connect()) ?? (await argentWebWallet.requestConnection({}))
 */
export class ArgentWebWallet {
  /** The node the app reads with (`provider.waitForTransaction(hash)`). */
  readonly provider: ProviderInterface
  /** Ours, for what invisible-sdk does not have (portfolio, paymaster, `getSessionStatus()`). */
  readonly webWallet: WebWallet
  private readonly connector: Connector

  private constructor(params: InitParams, extra: ArgentExtraOptions) {
    const urls = { ...environmentUrls(params.environment, params.webwalletUrl), ...extra.urls }
    this.connector =
      extra.connector ??
      lazyWindowConnector({
        url: urls.webWalletUrl ?? getEnvironment(params.environment).webWalletUrl,
        theme: params.webwalletTheme ?? 'dark',
      })
    // invisible-sdk's stored session (its key in the clear) is carried over; the account is ours with its API.
    this.webWallet = argentSdk(params, { ...extra, urls }, this.connector, extra.connector === undefined)
    this.provider = (params.provider ??
      defaultProvider(
        this.webWallet.environment,
        extra.fetch ?? ((...a) => globalThis.fetch(...a)),
      )) as ProviderInterface
  }

  /** Builds the SDK (checks the options: INVALID_OPTIONS naming the one at fault). */
  static init(params: InitParams, extra: ArgentExtraOptions = {}): ArgentWebWallet {
    return new ArgentWebWallet(params, extra)
  }

  /** The account of the signed session, once connected. */
  get sessionAccount(): SessionAccountInterface | undefined {
    return this.webWallet.sessionAccount as ArgentAccount | undefined
  }

  /**
   * STORED_SESSION_DISCARDED when invisible-sdk's stored session could not be carried over (its key is not the
   * session's) and was removed: `connect()` answered undefined. The next `requestConnection()` clears it.
   *
   * @example
   * if ((await wallet.connect()) === undefined && wallet.discardedSession) showSignAgain()
   */
  get discardedSession(): StoredSessionDiscardedError | undefined {
    return this.webWallet.discardedSession
  }

  /** Restores the stored session (no request); undefined when there is none. Call it when the app starts. */
  async connect(): Promise<ConnectResponse | undefined> {
    const restored = await this.webWallet.connect()
    return restored && { account: restored.account as ArgentAccount }
  }

  /**
   * Clears the session, then asks the wallet to sign a new one (with the approvals, if any) and stores it.
   * On failure the session stays cleared, as invisible-sdk's does.
   */
  async requestConnection({
    callbackData,
    approvalRequests,
  }: {
    callbackData?: string
    approvalRequests?: ApprovalRequest[]
  }): Promise<ConnectResponse | undefined> {
    await this.clearSession()
    try {
      const result = await this.webWallet.requestConnection({
        ...(callbackData === undefined ? {} : { callbackData }),
        approvalRequests: approvalRequests ?? [],
      })
      return {
        account: result.account as ArgentAccount,
        approvalRequestsCalls: result.approvalRequestsCalls as Call[] | undefined,
        approvalTransactionHash: result.approvalTransactionHash,
        deploymentPayload: result.deploymentPayload as AccountDeploymentPayload | undefined,
        callbackData,
      }
    } catch (error) {
      await this.clearSession()
      // starknetkit's shape, as invisible-sdk rethrew it: `code` is the wallet's reason.
      throw starknetkitSessionError(error)
    }
  }

  /**
   * Asks the wallet to send one `approve(spender, amount)` per request from the user's account; answers the
   * transaction hash. A request without tokenAddress, spender or amount is INVALID_APPROVAL_REQUEST
   * (`Invalid approval request: <the request>`) before the wallet is asked.
   */
  async requestApprovals(approvalRequests: ApprovalRequest[]): Promise<string> {
    const calls = approvalRequests.map(approveCall)
    const answer = await this.connector.request({
      type: 'wallet_addInvokeTransaction',
      params: { calls },
    } as never)
    return expectShape<{ transaction_hash: string }>(
      answer,
      { transaction_hash: isFelt },
      'wallet_addInvokeTransaction answer',
    ).transaction_hash
  }

  /** True when the wallet is reachable, an account exists and its session is VALID. */
  async isConnected(): Promise<boolean> {
    return this.webWallet.isConnected()
  }

  /**
   * The signed session when it has a signature, an address and deployment data (as invisible-sdk's). Its
   * `sessionKey.privateKey` is empty: ours never hands out the session key through this call.
   */
  exportSignedSession(): SignedSession | undefined {
    const session = this.webWallet.exportSignedSession()
    return session?.signature && session.address && session.deploymentPayload ? session : undefined
  }

  /** Removes the stored session and the account. */
  async clearSession(): Promise<void> {
    this.webWallet.clearSession()
  }

  /**
   * Releases the page's listeners and the wallet frame (WebWallet's `dispose()`): a newer `init` in the page
   * does it by itself; its calls then answer WALLET_DISPOSED.
   *
   * @example
   * useEffect(() => () => argentWebWallet.dispose(), [])
   */
  dispose(): void {
    this.webWallet.dispose()
  }
}

/**
 * The URLs to override: `webwalletUrl` for the wallet; in 'dev', where wallet-sim serves the node, cosigner,
 * backend and paymaster beside the wallet, every dev URL moves to its origin.
 */
function environmentUrls(
  environment: EnvironmentName | undefined,
  webwalletUrl: string | undefined,
): Partial<Omit<EnvironmentConfig, 'name'>> {
  if (webwalletUrl === undefined) return {}
  if (environment !== 'dev') return { webWalletUrl: webwalletUrl }
  const origin = new URL(webwalletUrl).origin
  const { name: _name, ...dev } = getEnvironment('dev')
  return Object.fromEntries(
    Object.entries(dev).map(([key, value]) => [
      key,
      typeof value === 'string' && value.startsWith(DEV_ORIGIN)
        ? origin + value.slice(DEV_ORIGIN.length)
        : value,
    ]),
  )
}

function approveCall(request: ApprovalRequest): WalletApiCall {
  const given = (value: unknown) => typeof value === 'string' && value.length > 0
  if (!given(request?.tokenAddress) || !given(request?.spender) || !given(request?.amount)) {
    throw new WebWalletError(`Invalid approval request: ${JSON.stringify(request)}`, {
      code: 'INVALID_APPROVAL_REQUEST',
      data: undefined,
      walletApiCode: 114,
    })
  }
  const amount = BigInt(request.amount)
  return {
    contract_address: request.tokenAddress,
    entry_point: 'approve',
    calldata: [request.spender, toHex(amount & U128), toHex(amount >> 128n)],
  }
}
