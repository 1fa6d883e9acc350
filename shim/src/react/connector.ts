import {
  type AccountInterface,
  type PaymasterInterface,
  type PaymasterOptions,
  type ProviderInterface,
  type ProviderOptions,
  WalletAccount,
} from 'starknet'
import { type ConnectorOptions, createConnector } from '../connector/createConnector'
import { createStarknetWindowObject, type StarknetWindowObject } from '../walletObject'
import { ConnectorEmitter } from './emitter'

/** starknet-react v5's connector data: the account and the chain id as a bigint. */
export type ConnectorData = { account?: string; chainId?: bigint }
/** starknet-react v5's connector events. */
export type ConnectorEvents = {
  change: (data: ConnectorData) => void
  connect: (data: ConnectorData) => void
  disconnect: () => void
}

/**
 * The web wallet as a starknet-react v5 connector, shaped as `@starknet-react/core`'s `Connector` without
 * importing it (the shim stays dependency-free).
 *
 * @example
 * <StarknetConfig chains={[sepolia]} provider={publicProvider()} connectors={[new WebWalletConnector(options)]}>
 */
export class WebWalletConnector extends ConnectorEmitter<ConnectorEvents> {
  readonly #connector: ReturnType<typeof createConnector>
  readonly #wallet: StarknetWindowObject

  constructor(options: ConnectorOptions = {}) {
    super()
    this.#connector = createConnector(options)
    this.#wallet = createStarknetWindowObject(this.#connector)
    this.#connector.on('accountsChanged', (accounts) => {
      if (accounts?.[0]) this.fire('change', { account: accounts[0] })
      else this.fire('disconnect')
    })
    this.#connector.on('networkChanged', (chainId) => {
      if (chainId) this.fire('change', { chainId: BigInt(chainId) })
    })
  }

  get id(): string {
    return this.#connector.id
  }
  get name(): string {
    return this.#connector.name
  }
  get icon(): { dark: string; light: string } {
    return { dark: this.#connector.icon, light: this.#connector.icon }
  }
  /** The wallet object, for code that wants get-starknet's API directly. */
  get wallet(): StarknetWindowObject {
    return this.#wallet
  }

  /** A web wallet needs no extension: available wherever there is a window (or a socket). */
  available(): boolean {
    return true
  }
  ready(): Promise<boolean> {
    return this.#connector.ready()
  }
  /** Call inside the user's click: the popup opens synchronously. */
  async connect(_args: { chainIdHint?: bigint } = {}): Promise<ConnectorData> {
    const { account, chainId } = await this.#connector.connect()
    const data = { account: account[0]!, chainId: BigInt(chainId) }
    this.fire('connect', data)
    return data
  }
  async disconnect(): Promise<void> {
    await this.#connector.disconnect()
  }
  /**
   * A starknet.js WalletAccount on the connected address. starknet-react v5 passes its configured SNIP-29
   * paymaster (`paymasterProvider` of StarknetConfig) as the second argument: the account's
   * `executePaymasterTransaction`, behind `usePaymasterSendTransaction`, must go there and not to
   * starknet.js's default paymaster.
   */
  async account(
    provider: ProviderOptions | ProviderInterface,
    paymaster?: PaymasterOptions | PaymasterInterface,
  ): Promise<AccountInterface> {
    const address = await this.#connector.account()
    return new WalletAccount({
      provider,
      walletProvider: this.#wallet,
      address,
      ...(paymaster && { paymaster }),
    })
  }
  async chainId(): Promise<bigint> {
    return BigInt(await this.#connector.chainId())
  }
  request<T = unknown>(call: { type: string; params?: unknown }): Promise<T> {
    return this.#wallet.request<T>(call)
  }
}
