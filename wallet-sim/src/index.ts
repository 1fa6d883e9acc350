// Public entry of @webwallet/wallet-sim: start a simulator in-process (tests) or build its server.
import type { AddressInfo } from 'node:net'
import type { Chain } from './chain/chain'
import type { PredeployedAccount } from './chain/genesis'
import type { Simulator } from './chain/simulator'
import { createServer, type ServerOptions, type WalletSimServer } from './server'

export interface StartSimOptions extends ServerOptions {
  /** Default 0: a free port. */
  readonly port?: number
  /** Default 127.0.0.1. */
  readonly host?: string
  /** Runs before listening: mount more routers (services, wallet UI) on the app. */
  readonly configure?: (server: WalletSimServer) => void | Promise<void>
}

export interface RunningSim extends AsyncDisposable {
  /** `http://host:port` */
  readonly url: string
  /** The 0.10 endpoint (`/rpc`), what starknet.js v10 speaks; `${url}/rpc/v0_9` for v8. */
  readonly rpcUrl: string
  readonly accounts: readonly PredeployedAccount[]
  /** The current chain (replaced by devnet_restart / devnet_load). */
  readonly chain: Chain
  readonly sim: Simulator
  close(): Promise<void>
}

/**
 * Starts a simulator on a free port.
 * @example
 * await using sim = await startSim({ seed: 1 })
 * const provider = new RpcProvider({ nodeUrl: sim.rpcUrl })
 */
export async function startSim(options: StartSimOptions = {}): Promise<RunningSim> {
  const server0 = createServer(options)
  await options.configure?.(server0)
  const { app, sim } = server0
  const host = options.host ?? '127.0.0.1'
  const server = await new Promise<import('node:http').Server>((resolve, reject) => {
    const s = app.listen(options.port ?? 0, host, () => resolve(s))
    s.once('error', reject)
  })
  const { port } = server.address() as AddressInfo
  const url = `http://${host}:${port}`
  let closed: Promise<void> | undefined
  const close = () => {
    closed ??= new Promise<void>((resolve, reject) => {
      sim.close()
      server.closeAllConnections()
      server.close((e) => (e ? reject(e) : resolve()))
    })
    return closed
  }
  return {
    url,
    rpcUrl: `${url}/rpc`,
    get accounts() {
      return sim.accounts
    },
    get chain() {
      return sim.chain
    },
    sim,
    close,
    [Symbol.asyncDispose]: close,
  }
}

export { Chain, type ChainOptions } from './chain/chain'
export { createChain, type PredeployedAccount } from './chain/genesis'
export { getContractClass, registerContractClass } from './chain/registry'
export { Simulator, type SimulatorOptions } from './chain/simulator'
export { createServer, type ServerOptions, type WalletSimServer } from './server'
