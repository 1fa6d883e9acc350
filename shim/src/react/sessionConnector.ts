import { sameAddress } from '@webwallet/protocol/constants'
import {
  ConnectorNotConnectedError,
  NotImplementedError,
  NotSupportedBySessionError,
} from '@webwallet/protocol/errors'
import type { SessionAccount } from '../account/SessionAccount'
import { CONNECTOR_ICON } from '../connector/createConnector'
import type { RequestConnectionParameters, WebWallet } from '../sdk/WebWallet'
import type { ConnectorData, ConnectorEvents } from './connector'
import { ConnectorEmitter } from './emitter'
import { invokeCalls } from './sessionRequest'

/** Options of {@link WebWalletSessionConnector}. */
export interface SessionConnectorOptions {
  /** What `connect()` asks the wallet for when no valid session is stored (approvals, callback data). */
  readonly requestConnection?: Omit<RequestConnectionParameters, 'signal'>
}

/**
 * The session SDK as a starknet-react v5 connector: `connect()` restores the stored session or asks the wallet
 * to sign one (the only prompt); `account()` is the session's {@link SessionAccount}, so starknet-react's hooks
 * run session calls with no prompt (outside the session: CALL_NOT_ALLOWED in the hook's `error`). The account
 * uses the SDK's node, not starknet-react's provider; `disconnect()` clears the session.
 *
 * @example
 * const connectors = [new WebWalletSessionConnector(WebWallet.init({ appName: 'my-game', sessionParams }))]
 * <StarknetConfig chains={[sepolia]} provider={publicProvider()} connectors={connectors}>
 */
export class WebWalletSessionConnector extends ConnectorEmitter<ConnectorEvents> {
  #address: string | undefined

  constructor(
    /** The SDK whose session this connector uses (share it with `useSession`, `usePortfolio`). */
    readonly webWallet: WebWallet,
    private readonly options: SessionConnectorOptions = {},
  ) {
    super()
  }

  get id(): string {
    return 'webWalletSession'
  }
  get name(): string {
    return 'Web Wallet session'
  }
  get icon(): { dark: string; light: string } {
    return { dark: CONNECTOR_ICON, light: CONNECTOR_ICON }
  }

  /** A web wallet needs no extension. */
  available(): boolean {
    return true
  }
  /** True when a stored session is valid (starknet-react's auto-connect then reconnects with no prompt). */
  async ready(): Promise<boolean> {
    return (await this.#restored()) !== undefined
  }
  /**
   * The stored session when it is still valid; otherwise the wallet signs a new one. Call inside the user's
   * click: the popup opens synchronously.
   */
  async connect(_args: { chainIdHint?: bigint } = {}): Promise<ConnectorData> {
    const account =
      (await this.#restored()) ??
      (await this.webWallet.requestConnection({ ...this.options.requestConnection })).account
    const data = { account: account.address, chainId: BigInt(this.#chainId()) }
    const changed = this.#address !== undefined && !sameAddress(this.#address, account.address)
    this.#address = account.address
    this.fire(changed ? 'change' : 'connect', data)
    return data
  }
  /** Ends the session: the stored session is removed and account objects handed out stop (SESSION_REVOKED). */
  async disconnect(): Promise<void> {
    this.webWallet.clearSession()
    this.#address = undefined
    await this.webWallet.disconnect()
    this.fire('disconnect')
  }
  /** The session account (starknet-react's provider and paymaster are not used: the SDK's are). */
  async account(_provider?: unknown, _paymaster?: unknown): Promise<SessionAccount> {
    return this.#current()
  }
  async chainId(): Promise<bigint> {
    return BigInt(this.#chainId())
  }

  /**
   * The wallet API requests starknet-react makes, answered by the session: `wallet_addInvokeTransaction`
   * executes with the session key (no prompt), `wallet_signTypedData` signs outside executions only.
   * Declaring is NOT_SUPPORTED_BY_SESSION; any other type is NOT_IMPLEMENTED.
   */
  async request<T = unknown>(call: { type: string; params?: unknown }): Promise<T> {
    return (await this.#answer(call)) as T
  }

  async #answer({ type, params }: { type: string; params?: unknown }): Promise<unknown> {
    switch (type) {
      case 'wallet_requestAccounts': {
        const silent = (params as { silent_mode?: boolean } | undefined)?.silent_mode
        const account = this.webWallet.sessionAccount ?? (silent ? undefined : await this.#connected())
        return account ? [account.address] : []
      }
      case 'wallet_getPermissions':
        return this.webWallet.sessionAccount ? ['accounts'] : []
      case 'wallet_requestChainId':
        return this.#chainId()
      case 'wallet_addInvokeTransaction':
        return (await this.#current()).execute(invokeCalls(params))
      case 'wallet_signTypedData':
        return (await this.#current()).signMessage(params as never)
      case 'wallet_addDeclareTransaction':
        throw new NotSupportedBySessionError('declare')
      default:
        throw new NotImplementedError()
    }
  }

  async #connected(): Promise<SessionAccount> {
    await this.connect()
    return this.#current()
  }

  /** The session account; a session cleared elsewhere (`clearSession()`) tells starknet-react it is gone. */
  #current(): SessionAccount {
    const account = this.webWallet.sessionAccount
    if (account) return account
    if (this.#address !== undefined) {
      this.#address = undefined
      this.fire('disconnect')
    }
    throw new ConnectorNotConnectedError()
  }

  async #restored(): Promise<SessionAccount | undefined> {
    const restored = await this.webWallet.connect()
    return restored && this.webWallet.getSessionStatus() === 'VALID' ? restored.account : undefined
  }

  #chainId(): string {
    return this.webWallet.exportSignedSession()?.chainId ?? this.webWallet.environment.chainId
  }
}
