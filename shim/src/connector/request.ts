import { NotImplementedError } from '@webwallet/protocol/errors'
import type { WalletCall, WalletInputs } from './procedures'

/** A get-starknet wallet API call (`{type, params}`), as `StarknetWindowObject.request` takes it. */
export type WalletRequest = { type: string; params?: unknown }

/** Spec versions reported locally (wallet-sim's node serves JSON-RPC 0.9 and 0.10). */
export const SUPPORTED_SPECS = ['0.9', '0.10'] as const
export const SUPPORTED_WALLET_API = ['0.7', '0.8'] as const

/** How one wallet API type is served: by a wallet procedure, locally, or not at all. */
export type RequestRoute = WalletCall | { local: unknown }

/**
 * Maps a `wallet_*` request (docs/protocol.md, Procedures) to the wallet procedure and input that serve it;
 * the rest (addStarknetChain, switchStarknetChain, watchAsset, declare, unknown) throws 'not implemented'.
 *
 * @example
 * routeRequest({ type: 'wallet_requestAccounts' }) // { procedure: 'requestAccounts', input: { silent_mode: false } }
 */
export function routeRequest({ type, params }: WalletRequest): RequestRoute {
  const p = (params ?? {}) as Record<string, unknown>
  switch (type) {
    case 'wallet_requestAccounts':
      return { procedure: 'requestAccounts', input: { silent_mode: p.silent_mode === true } }
    case 'wallet_requestChainId':
      return { procedure: 'requestChainId', input: undefined }
    case 'wallet_getPermissions':
      return { procedure: 'getPermissions', input: undefined }
    case 'wallet_signTypedData':
      return { procedure: 'signTypedData', input: [params] as WalletInputs['signTypedData'] }
    case 'wallet_addInvokeTransaction':
      return { procedure: 'addInvokeTransaction', input: p.calls as WalletInputs['addInvokeTransaction'] }
    case 'wallet_deploymentData':
      return { procedure: 'deploymentData', input: undefined }
    case 'wallet_supportedSpecs':
      return { local: [...SUPPORTED_SPECS] }
    case 'wallet_supportedWalletApi':
      return { local: [...SUPPORTED_WALLET_API] }
  }
  // wallet_addStarknetChain, wallet_switchStarknetChain, wallet_watchAsset, wallet_addDeclareTransaction, others
  throw new NotImplementedError()
}

/**
 * Is this a read-only route, answered without showing the wallet (silent accounts, chain id, permissions)?
 *
 * @example
 * isQuiet(routeRequest({ type: 'wallet_requestChainId' })) // true
 */
export function isQuiet(route: WalletCall): boolean {
  return (
    (route.procedure === 'requestAccounts' && route.input?.silent_mode === true) ||
    route.procedure === 'requestChainId' ||
    route.procedure === 'getPermissions'
  )
}
