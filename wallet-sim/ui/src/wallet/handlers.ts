// The wallet router's handlers inside the wallet page: the one wallet core over the page mode. Each
// request that needs the user opens a prompt (login first when needed); only an approval leads to a call
// of the signing API.
import type { WalletHandlers } from '@webwallet/protocol/router'
import { createWalletHandlers } from '@webwallet/wallet-sim/core'
import { createPageMode, type PageModeDependencies } from './pageMode'

/** What the page's handlers need: its API client, its prompts, the allow-list check, the theme hook. */
export type UiHandlerDependencies = PageModeDependencies

/**
 * @example
 * const router = createWalletRouter(createUiHandlers({ api, prompts, isListed }))
 */
export function createUiHandlers(deps: UiHandlerDependencies): WalletHandlers {
  return createWalletHandlers(createPageMode(deps))
}
