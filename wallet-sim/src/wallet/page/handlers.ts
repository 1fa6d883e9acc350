// The wallet router's handlers inside the wallet page: the one wallet core over the page mode. Each
// request that needs the user opens a prompt (login first when needed); only an approval leads to a call
// of the signing API.
import type { WalletHandlers } from '@webwallet/protocol/router'
import { createWalletHandlers } from '../core'
import { createPageMode, type PageModeDependencies } from './pageMode'

/**
 * @example
 * const router = createWalletRouter(createPageHandlers({ api, prompts, isListed }))
 */
export function createPageHandlers(deps: PageModeDependencies): WalletHandlers {
  return createWalletHandlers(createPageMode(deps))
}
