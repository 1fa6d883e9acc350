// The injected wallet in a browser context: wallet-sim's /injected.js as an init script, so every page and
// popup of the context finds `window.starknet_<id>` and the wallet-standard wallet before its own scripts run.
import type { BrowserContext } from 'playwright-core'
import type { InjectedIdentity } from '../injected/script'
import { WalletSimRequestError } from './control'

export type { InjectedIdentity }

/**
 * Adds wallet-sim's injected wallet to every page of `context`, presented as `as` (`walletsim`, or `argentX` /
 * `braavos` for dapps with a fixed connector list). Its wallet page loads after each page's load event, ready
 * for the dapp's first request; `{ preload: false }` loads it at the first request instead.
 *
 * @example
 * await addInjectedWallet(context, sim.url, 'argentX')
 * await page.goto('http://localhost:5173/') // its argent() connector finds window.starknet_argentX
 */
export async function addInjectedWallet(
  context: BrowserContext,
  walletUrl: string,
  as: InjectedIdentity = 'walletsim',
  options: { preload?: boolean } = {},
): Promise<void> {
  const preload = options.preload === false ? '0' : '1'
  const url = new URL(`/injected.js?as=${encodeURIComponent(as)}&preload=${preload}`, walletUrl)
  const response = await fetch(url)
  if (!response.ok)
    throw new WalletSimRequestError(
      response.status,
      `GET ${url.pathname}${url.search}: ${await response.text()}`,
    )
  await context.addInitScript({ content: await response.text() })
}
