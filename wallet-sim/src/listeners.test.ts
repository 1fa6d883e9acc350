// The list of listeners (listeners.ts) is the server's: every route and mount express holds, every
// WebSocket path `attach` serves, every procedure of the wallet router and every subscribe method of the
// Starknet WebSocket API, read at run time. A listener added without its row fails here, so the
// hostile-input tests generated from the list cover it.
import { createWalletRouter } from '@webwallet/protocol/router'
import { expect, it } from 'vitest'
import { createWalletSim } from './app'
import { HTTP_LISTENERS, TRPC_PROCEDURES, WEBSOCKET_LISTENERS, WEBSOCKET_WIRES } from './listeners'
import { SUBSCRIBE_METHODS } from './rpc/wsFilters'
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
