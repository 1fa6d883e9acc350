// Public entry of @webwallet/wallet-sim: start a simulator in-process (tests) or build its server.
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createWalletSim, type WalletSim, type WalletSimOptions } from './app'
import type { Chain } from './chain/chain'
import type { PredeployedAccount } from './chain/genesis'
import type { Simulator } from './chain/simulator'

export interface StartSimOptions extends WalletSimOptions {
  /** Default 0: a free port. */
  readonly port?: number
  /** Default 127.0.0.1. */
  readonly host?: string
}

export interface RunningSim extends AsyncDisposable {
  /** `http://host:port`: the hosted wallet, the services and the dev API. */
  readonly url: string
  /** The 0.10 endpoint (`/rpc`), what starknet.js v10 speaks; `${url}/rpc/v0_9` for v8. */
  readonly rpcUrl: string
  /** The wallet router over WebSocket, for headless clients (`ws://…/trpc`). */
  readonly trpcUrl: string
  readonly accounts: readonly PredeployedAccount[]
  /** The current chain (replaced by devnet_restart / devnet_load). */
  readonly chain: Chain
  readonly sim: Simulator
  /**
   * The services: login and inbox, approval policy, fault registry, Starknet ID names
   * (`await sim.walletSim.names.register(address, 'alice.stark')`).
   */
  readonly walletSim: WalletSim
  close(): Promise<void>
}

/**
 * Starts the whole simulator (chain, hosted wallet, paymaster, cosigner, backend, dev API) on a free port.
 * @example
 * await using sim = await startSim({ seed: 1 })
 * const provider = new RpcProvider({ nodeUrl: sim.rpcUrl })
 */
export async function startSim(options: StartSimOptions = {}): Promise<RunningSim> {
  const walletSim = createWalletSim({ logger: { info: () => {} }, ...options })
  const { app, sim } = walletSim
  const host = options.host ?? '127.0.0.1'
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(options.port ?? 0, host, () => resolve(s))
    s.once('error', reject)
  })
  const detach = walletSim.attach(server)
  const { port } = server.address() as AddressInfo
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`
  let closed: Promise<void> | undefined
  const close = () => {
    closed ??= (async () => {
      await detach()
      walletSim.close()
      server.closeAllConnections()
      await new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve())))
    })()
    return closed
  }
  return {
    url,
    rpcUrl: `${url}/rpc`,
    trpcUrl: `${url.replace(/^http/, 'ws')}/trpc`,
    get accounts() {
      return sim.accounts
    },
    get chain() {
      return sim.chain
    },
    sim,
    walletSim,
    close,
    [Symbol.asyncDispose]: close,
  }
}

export { createWalletSim, DEFAULT_PAYMASTER_API_KEYS, type WalletSim, type WalletSimOptions } from './app'
export { Chain, type ChainOptions } from './chain/chain'
export { createChain, type PredeployedAccount } from './chain/genesis'
export { getContractClass, registerContractClass } from './chain/registry'
export { Simulator, type SimulatorOptions } from './chain/simulator'
export { createServer, type ServerOptions, type WalletSimServer } from './server'
export type { DevNames, NameRegistration } from './services/dev/names'
