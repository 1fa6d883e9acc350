// The entry's default `wallet.provider`: it moves to the network's next public node when one cannot be
// reached, as the session account's reads do (one JSON-RPC client underneath: shim/src/account/rpc.ts).
import type { EnvironmentConfig } from '@webwallet/protocol'
import { type ProviderInterface, RpcProvider } from 'starknet'
import { environmentRpc, nodeFallbacks } from '../sdk/nodes'

/**
 * A starknet.js `RpcProvider` reading at `'latest'` (6 and 7 ask 'pending', which nodes refuse since
 * JSON-RPC 0.9) on `environment`'s node, with its public fallbacks (none for an app's own node or `dev`).
 *
 * @example
 * const provider = defaultProvider(getEnvironment('mainnet'), fetch)
 * await provider.getBlockNumber() // the second public node answers when the first is down
 */
export function defaultProvider(
  environment: EnvironmentConfig,
  fetcher: typeof fetch,
  fallbackUrls: readonly string[] = nodeFallbacks(environment),
): ProviderInterface {
  const nodeUrl = environment.providerDefaultUrl
  const rpc = environmentRpc(environment, fetcher, { fallbackUrls })
  const options = { nodeUrl, blockIdentifier: 'latest', baseFetch: rpc.forward }
  return new RpcProvider(options as ConstructorParameters<typeof RpcProvider>[0]) as ProviderInterface
}
