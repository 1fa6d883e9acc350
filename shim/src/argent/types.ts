// invisible-sdk 1.0.0's exported types that name what this entry has under other names: its account
// interfaces (our ArgentAccount, seen through fewer methods), its environment record and its storage interface.

import type { ArgentAccount } from './account'
import type { StarknetChainId } from './constants'

/** invisible-sdk's `StrongAccountInterface`: a starknet.js account whose `address` is a hex string. */
export type StrongAccountInterface = Omit<
  ArgentAccount,
  'getSessionStatus' | 'getOutsideExecutionPayload' | 'isDeployed' | 'getDeploymentPayload' | 'deployFrom'
>

/** invisible-sdk's `SelfDeployingAccountInterface`: the account with its deployment (`isDeployed`, `deployFrom`...). */
export type SelfDeployingAccountInterface = Omit<
  ArgentAccount,
  'getSessionStatus' | 'getOutsideExecutionPayload'
>

/** invisible-sdk's `Environment`: a network's chain and hosts, as its `init({ environment })` picks them. */
export interface Environment {
  chainId: StarknetChainId
  argentBaseUrl: string
  providerDefaultUrl: string
  webWalletUrl: string
}

/**
 * invisible-sdk's `IStorageService`, the string store its `storageService` implements. This entry stores
 * through the SDK's `storage` option instead (the second argument of `init`), which takes `localStorage`-like
 * objects.
 */
export interface IStorageService {
  get(key: string): string | null
  set(key: string, value: string): void
  remove(key: string): void
  getAllKeys(): string[]
  clear(): void
}
