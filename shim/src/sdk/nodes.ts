import type { EnvironmentConfig } from '@webwallet/protocol'
import { ENVIRONMENTS, PUBLIC_NODE_URLS } from '@webwallet/protocol/constants'
import { createRpc, type RpcOptions } from '../account/rpc'

/**
 * The nodes to fall back on when the environment's node cannot be reached: the network's other public nodes,
 * only while the node is the environment's own default (an app's own node, and wallet-sim in `dev`, have none).
 *
 * @example
 * nodeFallbacks(getEnvironment('mainnet')) // [the Nethermind node]
 */
export function nodeFallbacks(environment: EnvironmentConfig): readonly string[] {
  const own = ENVIRONMENTS[environment.name].providerDefaultUrl
  if (environment.name === 'dev' || environment.providerDefaultUrl !== own) return []
  return PUBLIC_NODE_URLS[environment.network].filter((url) => url !== own)
}

/**
 * The SDK's JSON-RPC client on `environment`'s node, falling back on {@link nodeFallbacks}; `options` adds to
 * (or replaces) what the environment gives.
 *
 * @example
 * const rpc = environmentRpc(getEnvironment('mainnet'), fetch, { checkSpecVersion: true })
 */
export function environmentRpc(
  environment: EnvironmentConfig,
  fetch: typeof globalThis.fetch,
  options: Partial<RpcOptions> = {},
) {
  return createRpc({
    nodeUrl: environment.providerDefaultUrl,
    fallbackUrls: nodeFallbacks(environment),
    fetch,
    ...options,
  })
}
