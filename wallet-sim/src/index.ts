// Public entry of @webwallet/wallet-sim: start a simulator in-process (tests) or build its server.
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createWalletSim, type WalletSim, type WalletSimOptions } from './app'
import type { Chain } from './chain/chain'
import {
  COUNTER_ADDRESS,
  DYNAMIC_MULTICALL_ADDRESS,
  ETH_ADDRESS,
  LEGACY_UDC_ADDRESS,
  MULTICALL_ADDRESS,
  STARKNET_ID_IDENTITY_ADDRESS,
  STARKNET_ID_NAMING_ADDRESS,
  STRK_ADDRESS,
  UDC_ADDRESS,
} from './chain/contracts'
import { toAddress } from './chain/felt'
import type { PredeployedAccount } from './chain/genesis'
import { DEMO_TOKEN_ADDRESS } from './chain/genesis'
import type { Simulator } from './chain/simulator'
import { connectNode, type NodeChain } from './node/remote'

/**
 * Options of {@link startSim}: the CLI's options in camelCase (`seed`, `approve`, `email`, `allowedDapps`, …), and
 * `node` as a URL to run in front of a real Starknet node.
 * @example await startSim({ seed: 1, approve: 'auto', email: 'dev@example.com' })
 */
export interface StartSimOptions extends Omit<WalletSimOptions, 'node'> {
  /**
   * `--node`: a Starknet JSON-RPC 0.9/0.10 endpoint (`http://127.0.0.1:5050/rpc` for starknet-devnet), or a
   * node already connected with `connectNode`. Every service then uses it instead of the built-in chain.
   */
  readonly node?: string | NodeChain
  /** Default 0: a free port. */
  readonly port?: number
  /** Default 127.0.0.1. */
  readonly host?: string
}

/**
 * A started wallet-sim: its URLs, predeployed accounts, chain and services, and `close()` (or `await using`).
 * @example const sim = await startSim(); new RpcProvider({ nodeUrl: sim.rpcUrl })
 */
export interface RunningSim extends AsyncDisposable {
  /** `http://host:port`: the hosted wallet, the services and the dev API. */
  readonly url: string
  /** The 0.10 endpoint (`/rpc`), what starknet.js v10 speaks; `${url}/rpc/v0_9` for v8. */
  readonly rpcUrl: string
  /** The wallet router over WebSocket, for headless clients (`ws://…/trpc`). */
  readonly trpcUrl: string
  /**
   * The Starknet WebSocket API 0.10 (`ws://…/rpc`), what starknet.js v10's WebSocketChannel speaks;
   * `ws://…/rpc/v0_9` for v8.
   */
  readonly rpcWsUrl: string
  /** The predeployed accounts of the chain the services use (the node's with `node`). */
  readonly accounts: readonly PredeployedAccount[]
  /** The node behind the services (`node` option), or undefined on the built-in chain. */
  readonly node: NodeChain | undefined
  /** The built-in chain (replaced by devnet_restart / devnet_load); idle with `node`. */
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
  const node = typeof options.node === 'string' ? await connectNode(options.node) : options.node
  const { node: _given, ...rest } = options
  const walletSim = createWalletSim({ logger: { info: () => {} }, ...rest, ...(node ? { node } : {}) })
  const { app, sim } = walletSim
  // The paymaster's relayer is an account of this instance's own: deployed and funded before the first
  // client asks (the paymaster deploys it itself when it is missing, e.g. after devnet_restart).
  try {
    await walletSim.deployRelayer()
  } catch (error) {
    // A public node cannot mint: the relayer is funded and deployed by whoever runs wallet-sim.
    const logger = options.logger ?? { info: () => {} }
    logger.info(
      `The paymaster relayer ${walletSim.relayer.address} is not deployed: ${error instanceof Error ? error.message : String(error)}`,
    )
  }
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
    rpcWsUrl: `${url.replace(/^http/, 'ws')}/rpc`,
    get accounts() {
      return node ? node.access.predeployedAccounts() : sim.accounts
    },
    node,
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
export {
  INJECTED_IDENTITIES,
  type InjectedIdentity,
  type InjectedScriptOptions,
  injectedWalletScript,
} from './injected/script'
export type { ChainAccess } from './node/access'
export { builtinAccess } from './node/builtin'
export { checkNodeUrl, connectNode, type NodeChain } from './node/remote'
export { NodeUnreachable } from './node/rpcClient'
export { createServer, type ServerOptions, type WalletSimServer } from './server'
export type { DevNames, NameRegistration } from './services/dev/names'

/**
 * Where the simulated chain keeps its contracts (0x-prefixed, 64 hex digits), the same on every start:
 * STRK and ETH at their Starknet addresses, the demo token and counter, the universal deployer, the
 * multicalls and Starknet ID.
 * @example await account.execute({ contractAddress: CONTRACTS.strk, entrypoint: 'transfer', calldata })
 */
export const CONTRACTS = Object.freeze({
  strk: toAddress(STRK_ADDRESS),
  eth: toAddress(ETH_ADDRESS),
  demoToken: toAddress(DEMO_TOKEN_ADDRESS),
  counter: toAddress(COUNTER_ADDRESS),
  udc: toAddress(UDC_ADDRESS),
  legacyUdc: toAddress(LEGACY_UDC_ADDRESS),
  multicall: toAddress(MULTICALL_ADDRESS),
  dynamicMulticall: toAddress(DYNAMIC_MULTICALL_ADDRESS),
  starknetIdNaming: toAddress(STARKNET_ID_NAMING_ADDRESS),
  starknetIdIdentity: toAddress(STARKNET_ID_IDENTITY_ADDRESS),
})
