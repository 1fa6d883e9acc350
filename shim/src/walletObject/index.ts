import { ConnectorNotFoundError } from '@webwallet/protocol/errors'
import type { Connector } from '../connector/createConnector'
import type { WalletEventHandlers, WalletEventName } from '../connector/events'
import type { WalletRequest } from '../connector/request'

/**
 * The get-starknet v4 wallet object (`StarknetWindowObject` of the Starknet wallet API), structurally
 * typed so the shim needs no types package: starknet.js's `WalletAccount` and get-starknet accept it.
 */
export type StarknetWindowObject = {
  id: string
  name: string
  version: string
  icon: string
  /** Serves one `wallet_*` call; rejects with the connector's coded errors. */
  request<T = unknown>(call: WalletRequest): Promise<T>
  on<E extends WalletEventName>(event: E, handler: WalletEventHandlers[E]): void
  off<E extends WalletEventName>(event: E, handler: WalletEventHandlers[E]): void
}

/**
 * Wraps a connector as a get-starknet `StarknetWindowObject`; no connector is 'Connector not found'.
 *
 * @example
 * const wallet = createStarknetWindowObject(createConnector({ environment: 'sepolia' }))
 * const [address] = await wallet.request<string[]>({ type: 'wallet_requestAccounts' })
 * const account = new WalletAccount({ provider, walletProvider: wallet, address })
 */
export function createStarknetWindowObject(connector: Connector): StarknetWindowObject {
  // Plain JavaScript callers (a connector that failed to build, a wrong import) get a coded error.
  if (typeof connector?.request !== 'function') throw new ConnectorNotFoundError()
  return {
    id: connector.id,
    name: connector.name,
    version: connector.version,
    icon: connector.icon,
    request: <T>(call: WalletRequest) => connector.request(call) as Promise<T>,
    on: (event, handler) => connector.on(event, handler),
    off: (event, handler) => connector.off(event, handler),
  }
}
