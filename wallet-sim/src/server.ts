// The wallet-sim express app. The chain's JSON-RPC is mounted here; other parts (services, wallet UI,
// tRPC over WebSocket) add their routers through `mount` or `app.use` before `listen`.
import express, { type Express, type Router } from 'express'
import { Simulator, type SimulatorOptions } from './chain/simulator'
import { nodeRpcProxy } from './node/proxy'
import type { NodeChain } from './node/remote'
import { type DevnetGate, rpcRouter, unknownRpcRoutes } from './rpc/handler'

/** Options of {@link createServer}: the chain's, plus the host names and origins it answers. @example createServer({ seed: 1 }) */
export interface ServerOptions extends SimulatorOptions {
  /**
   * `--node`: an external Starknet JSON-RPC 0.9/0.10 node (`await connectNode(url)`) that every service uses
   * instead of the built-in chain; `/rpc` forwards to it.
   */
  readonly node?: NodeChain
}

/** An express app serving the chain's JSON-RPC, with `mount` for more routers. @example const { app, mount } = createServer(); mount('/extra', router) */
export interface WalletSimServer {
  readonly app: Express
  readonly sim: Simulator
  /** Adds a router under `path` (e.g. `/paymaster/v1`, `/dev`). */
  mount(path: string, router: Router): void
}

/**
 * Builds the app: JSON-RPC 0.10 at `/rpc/v0_10` and `/rpc`, 0.9 at `/rpc/v0_9`, 0.7 and 0.8 as adapters over 0.9
 * (other methods 405, other paths below `/rpc` 404). Every origin may call `starknet_*` (CORS `*`, as nodes do);
 * `devnetGate` refuses `devnet_*` per request (default: nobody).
 * @example
 * const { app, mount } = createServer({ seed: 1 })
 * mount('/dev', devRouter)
 * app.listen(3005)
 */
export function createServer(options: ServerOptions = {}, devnetGate?: DevnetGate): WalletSimServer {
  // With a node the built-in chain stays idle and keeps nothing on disk (the wallet's state still does).
  const { stateFile: _unused, ...withoutState } = options
  const sim = new Simulator(options.node ? withoutState : options)
  const app = express()
  app.disable('x-powered-by')
  // Host apps call the node from the browser on another origin.
  app.use('/rpc', (req, res, next) => {
    res.setHeader('Access-Control-Allow-Origin', '*')
    res.setHeader('Access-Control-Allow-Headers', 'content-type')
    res.setHeader('Access-Control-Allow-Methods', 'POST, OPTIONS')
    if (req.method === 'OPTIONS') res.status(204).end()
    else next()
  })
  const { node } = options
  if (node) {
    app.use('/rpc/v0_7', nodeRpcProxy(node, '0.7', devnetGate))
    app.use('/rpc/v0_8', nodeRpcProxy(node, '0.8', devnetGate))
    app.use('/rpc/v0_9', nodeRpcProxy(node, '0.9', devnetGate))
    app.use('/rpc/v0_10', nodeRpcProxy(node, '0.10', devnetGate))
    app.use('/rpc', nodeRpcProxy(node, undefined, devnetGate))
  } else {
    app.use('/rpc/v0_7', rpcRouter(sim, '0.7', devnetGate))
    app.use('/rpc/v0_8', rpcRouter(sim, '0.8', devnetGate))
    app.use('/rpc/v0_9', rpcRouter(sim, '0.9', devnetGate))
    app.use('/rpc/v0_10', rpcRouter(sim, '0.10', devnetGate))
    app.use('/rpc', rpcRouter(sim, '0.10', devnetGate))
  }
  app.use('/rpc', unknownRpcRoutes(['/rpc', '/rpc/v0_7', '/rpc/v0_8', '/rpc/v0_9', '/rpc/v0_10']))
  app.get('/is_alive', (_req, res) => {
    res.type('text/plain').send('Alive!!!')
  })
  return { app, sim, mount: (path, router) => app.use(path, router) }
}
