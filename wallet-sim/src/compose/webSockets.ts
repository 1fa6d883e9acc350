// The simulator's WebSockets: the wallet router (`/trpc`) and, without a node, the Starknet WebSocket API.
import type { Server } from 'node:http'
import type { Simulator } from '../chain/simulator'
import type { Access } from '../infra/http/access'
import { guardUpgrades } from '../infra/http/guards'
import { attachStarknetWebSocket, pathOf, STARKNET_WS_PATHS } from '../rpc/wsServer'
import { rejectUnknownUpgrades } from '../rpc/wsUpgrade'
import { type MountedWallet, TRPC_WS_PATH } from '../wallet'

/** A WebSocket handler with the paths it upgrades. */
interface WebSocketHandler {
  paths: readonly string[]
  attach(server: Server): () => Promise<void>
}

/**
 * Every WebSocket handler with the paths it upgrades: the 404 of other paths and `webSocketPaths` read this
 * one table, so a handler cannot serve a path the list of listeners (listeners.ts) does not know. With a node,
 * its own WebSocket API serves subscriptions: wallet-sim's would watch the idle built-in chain.
 * @example const { attach, webSocketPaths } = webSocketsOf(wallet, sim, access, false)
 */
export function webSocketsOf(wallet: MountedWallet, sim: Simulator, access: Access, onNode: boolean) {
  const webSockets: readonly WebSocketHandler[] = [
    { paths: [TRPC_WS_PATH], attach: wallet.attach },
    ...(onNode
      ? []
      : [
          {
            paths: Object.keys(STARKNET_WS_PATHS),
            attach: (server: Server) => attachStarknetWebSocket(server, sim, access.devRefusal),
          },
        ]),
  ]
  const webSocketPaths = webSockets.flatMap(({ paths }) => paths)
  const attach = (server: Server) => {
    // WebSocket upgrades pass the Host check first (the Starknet API's devnet_* check theirs per connection).
    const upgrades = guardUpgrades(server, (req) =>
      Object.hasOwn(STARKNET_WS_PATHS, pathOf(req)) ? undefined : access.hostRefusal(req),
    )
    const stops = [
      ...webSockets.map((webSocket) => webSocket.attach(upgrades.server)),
      rejectUnknownUpgrades(upgrades.server, webSocketPaths),
      upgrades.stop,
    ]
    return async () => {
      await Promise.all(stops.map((stop) => stop()))
    }
  }
  return { attach, webSocketPaths }
}
