// The wallet router's handlers for headless clients (WebSocket, HTTP): the one wallet core over the
// headless mode.
import type { WalletHandlers } from '@webwallet/protocol/router'
import { createWalletHandlers } from '../core'
import { createHeadlessMode, type HeadlessDependencies } from './headlessMode'

export type { HeadlessContext, HeadlessDependencies } from './headlessMode'

/**
 * Builds the headless handlers.
 *
 * @example
 * const router = createWalletRouter(createHeadlessHandlers({ wallet, login, approvals, defaultEmail: () => email }))
 */
export function createHeadlessHandlers(deps: HeadlessDependencies): WalletHandlers {
  return createWalletHandlers(createHeadlessMode(deps))
}
