// The SDK headless against a started wallet-sim, as scripts, CI jobs and these tests run it: every dev URL
// on the simulator, the WebSocket connector to its wallet router, session storage in memory.
import { memoryKeyStore, memoryStorage } from '@webwallet/shim'
import { createConnector } from '@webwallet/shim/connector'
import type { RunningSim } from '@webwallet/wallet-sim'
import { WebSocket } from 'ws'

/**
 * The environment part of `WebWallet.init` options; the wallet acts as `token`'s user (a login token), else
 * as the simulator's `--email` user.
 * @example
 * const wallet = WebWallet.init({ appName: 'bot', sessionParams, ...headlessWalletOptions(sim) })
 */
export function headlessWalletOptions(sim: Pick<RunningSim, 'url' | 'rpcUrl' | 'trpcUrl'>, token?: string) {
  return {
    environment: 'dev' as const,
    urls: {
      webWalletUrl: sim.url,
      providerDefaultUrl: sim.rpcUrl,
      providerBaseUrl: sim.url,
      backendUrl: `${sim.url}/v1`,
      paymasterUrl: sim.url,
    },
    connector: createConnector({
      transport: 'websocket',
      websocketUrl: token === undefined ? sim.trpcUrl : `${sim.trpcUrl}?token=${token}`,
      WebSocket: WebSocket as never,
      url: sim.url,
    }),
    storage: memoryStorage(),
    keyStore: memoryKeyStore(),
  }
}
