// The list of listeners (listeners.ts) is the server's: every route and mount express holds, every
// WebSocket path `attach` serves, every procedure of the wallet router and every subscribe method of the
// Starknet WebSocket API, read at run time. A listener added without its row fails here, so the
// hostile-input tests generated from the list cover it.
import { createWalletRouter } from '@webwallet/protocol/router'
import { expect, it } from 'vitest'
import { createWalletSim } from './app'
import { Simulator } from './chain/simulator'
import {
  HTTP_LISTENERS,
  RPC_CHANGES_STATE,
  RPC_HTTP_PATHS,
  RPC_METHODS,
  RPC_WS_METHODS,
  TRPC_PROCEDURES,
  WEBSOCKET_LISTENERS,
  WEBSOCKET_WIRES,
} from './listeners'
import { rpcMethods } from './rpc/handler'
import { SUBSCRIBE_METHODS } from './rpc/wsFilters'
import { SUBSCRIBE_METHODS_0_8 } from './rpc/wsLegacy'
import { STARKNET_WS_PATHS } from './rpc/wsServer'
import { createServer } from './server'

interface Layer {
  readonly name: string
  readonly rawPath: string | readonly string[]
  readonly slash: boolean
  readonly route?: { readonly methods: Readonly<Record<string, boolean>> }
  readonly handle: { readonly stack?: readonly Layer[] }
}

/** `METHOD /path` of every route, mount and path-bound middleware in an express stack (not `/` middleware). */
function listenersOf(stack: readonly Layer[], prefix: string, mountedApp: readonly Layer[]): string[] {
  return stack.flatMap((layer) => {
    if (layer.name === 'mounted_app') return listenersOf(mountedApp, prefix, [])
    const paths = (typeof layer.rawPath === 'string' ? [layer.rawPath] : layer.rawPath).map(
      (path) => `${prefix}${layer.slash ? '' : path}`,
    )
    if (layer.route) {
      const methods = Object.keys(layer.route.methods).map((m) => m.toUpperCase())
      // `app.all` puts every method of Node's HTTP parser on the route.
      const named = methods.length > 10 ? ['ALL'] : methods
      return paths.flatMap((path) => named.map((method) => `${method} ${path}`))
    }
    const inner = layer.handle.stack
      ? paths.flatMap((path) => listenersOf(layer.handle.stack!, path, []))
      : []
    return [...(layer.slash ? [] : paths.map((path) => `USE ${path}`)), ...inner]
  })
}

const stackOf = (app: unknown) => (app as { router: { stack: readonly Layer[] } }).router.stack

it('every route and mount of the app is in HTTP_LISTENERS, and every row is served', () => {
  const walletSim = createWalletSim({ logger: { info: () => {} } })
  // The chain's app is mounted whole (createServer): express keeps no handle on it, so it is read from a twin.
  const chain = createServer({ accounts: 1 })
  try {
    const served = new Set(listenersOf(stackOf(walletSim.app), '', stackOf(chain.app)))
    expect([...served].sort()).toEqual([...new Set(HTTP_LISTENERS)].sort())
  } finally {
    chain.sim.close()
    walletSim.close()
  }
})

it('every WebSocket path attach serves is in WEBSOCKET_LISTENERS, and every row is served', () => {
  const walletSim = createWalletSim({ logger: { info: () => {} } })
  walletSim.close()
  expect([...walletSim.webSocketPaths].sort()).toEqual(Object.keys(WEBSOCKET_LISTENERS).sort())
})

it("every procedure of the wallet router and every subscribe method is one of the list's message kinds", () => {
  const router = createWalletRouter({} as never) as unknown as {
    _def: { procedures: Record<string, { _def: { type: string } }> }
  }
  const procedures = Object.entries(router._def.procedures).map(([name, p]) => [name, p._def.type])
  expect(Object.fromEntries(procedures)).toEqual(TRPC_PROCEDURES)
  const subscribe = WEBSOCKET_WIRES.starknet.filter((kind) => kind.startsWith('starknet_subscribe'))
  expect([...subscribe].sort()).toEqual([...SUBSCRIBE_METHODS].sort())
})

it('every JSON-RPC method the dispatcher answers, per version and path, is in RPC_METHODS, and every row is answered', () => {
  const sim = new Simulator({ accounts: 1 })
  for (const [version, methods] of Object.entries(RPC_METHODS))
    expect([...methods].sort(), version).toEqual(Object.keys(rpcMethods(sim, version as never)).sort())
  const http = HTTP_LISTENERS.filter((l) => /^POST \/rpc.*\/$/.test(l)).map((l) => l.slice(5, -1))
  expect(Object.keys(RPC_HTTP_PATHS).sort()).toEqual(http.sort())
  expect(Object.keys(STARKNET_WS_PATHS).sort()).toEqual(
    Object.keys(WEBSOCKET_LISTENERS)
      .filter((p) => WEBSOCKET_LISTENERS[p] === 'starknet')
      .sort(),
  )
  // The WebSocket API's own methods: 0.9's subscribe methods, 0.8's, and unsubscribe in both.
  for (const [path, version] of Object.entries(STARKNET_WS_PATHS)) {
    const own = version === '0.8' ? SUBSCRIBE_METHODS_0_8 : SUBSCRIBE_METHODS
    expect([...RPC_WS_METHODS[version as '0.8']].sort(), path).toEqual(
      [...own, 'starknet_unsubscribe'].sort(),
    )
  }
  for (const method of RPC_CHANGES_STATE) expect(RPC_METHODS['0.10'], method).toContain(method)
})
