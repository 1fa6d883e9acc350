// Page helpers for the dapp under test: open it pointed at this wallet-sim, connect through whatever the
// dapp uses (our shim, starknetkit) and wait until it shows the account. With hands-free answers the wallet
// (iframe or popup) needs no clicks; the helpers only drive the dapp's own page.
import type { Locator, Page } from 'playwright-core'
import type { WalletControl } from './control'

/**
 * Helpers to drive the dapp's page and the wallet it opens (iframe or popup), as the `dapp` fixture gives them.
 * @example const address = await dapp.connect({ button: 'text=Connect' })
 */
export interface DappHelpers {
  /**
   * Opens `url` with wallet-sim's origin in its query (`?wallet=ORIGIN`; `walletParam: null` leaves the URL
   * alone, `rpcParam` adds the node's URL too).
   */
  goto(url: string, options?: { walletParam?: string | null; rpcParam?: string }): Promise<void>
  /**
   * Clicks the dapp's connect button and waits until `address` (a selector or locator; default the button's
   * page body) shows the hands-free user's account address, which it returns.
   */
  connect(options: {
    button: string | Locator
    address?: string | Locator
    timeout?: number
  }): Promise<string>
  /** Waits until `target` shows `address`, written with or without its leading zeros, in any case. */
  waitForAddress(target: string | Locator, address: string, timeout?: number): Promise<void>
}

/**
 * A pattern for an address however a dapp writes it (0x0123… or 0x123…, any case), not a longer number.
 *
 * @example
 * addressPattern('0x000abc').test('Connected as 0xABC') // true
 */
export function addressPattern(address: string): RegExp {
  const digits = BigInt(address).toString(16)
  return new RegExp(`0x0*${digits}(?![0-9a-f])`, 'i')
}

/**
 * The dapp helpers for `page` against the simulator `wallet` controls; relative URLs resolve against `baseURL`.
 *
 * @example
 * const dapp = dappHelpers(page, walletControl(sim.url))
 * await dapp.goto('http://localhost:5173/')
 * const address = await dapp.connect({ button: 'text=Connect', address: '[data-testid=address]' })
 */
export function dappHelpers(
  page: Page,
  wallet: WalletControl,
  config: { baseURL?: string | undefined } = {},
): DappHelpers {
  const locate = (target: string | Locator) => (typeof target === 'string' ? page.locator(target) : target)
  const helpers: DappHelpers = {
    async goto(url, options = {}) {
      // A relative URL is the dapp's: against baseURL (as page.goto does), else the page's current URL.
      const base = config.baseURL ?? (page.url() === 'about:blank' ? undefined : page.url())
      if (base === undefined && !URL.canParse(url))
        throw new Error(`dapp.goto(${url}): give an absolute URL, or set baseURL`)
      const target = new URL(url, base)
      const walletParam = options.walletParam === undefined ? 'wallet' : options.walletParam
      if (walletParam !== null) target.searchParams.set(walletParam, wallet.url)
      if (options.rpcParam !== undefined) target.searchParams.set(options.rpcParam, wallet.rpcUrl)
      await page.goto(target.href)
    },
    async connect({ button, address, timeout }) {
      const expected = await wallet.address()
      await locate(button).click(timeout === undefined ? {} : { timeout })
      await helpers.waitForAddress(address ?? page.locator('body'), expected, timeout)
      return expected
    },
    async waitForAddress(target, address, timeout) {
      await locate(target)
        .filter({ hasText: addressPattern(address) })
        .first()
        .waitFor(timeout === undefined ? {} : { timeout })
    },
  }
  return helpers
}
