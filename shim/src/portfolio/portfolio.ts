import { FetchUrlError } from '@webwallet/protocol/errors'
import { lazyImport } from '../http/lazyImport'
import type { Portfolio, PortfolioOptions } from './types'

export type { Portfolio, PortfolioOptions } from './types'

/**
 * Portfolio reads from the provider's backend: token infos, prices, balances (polled until the backend
 * has initialised the account), DeFi positions and airdrops. Every request carries the SDK's client,
 * version and network headers. The reads' code is in the SDK's first-use chunk (with the connector's), loaded at the first read (a failed
 * load is FETCH_URL, and the next read tries again).
 *
 * @example
 * const portfolio = createPortfolio({ backendUrl: 'http://localhost:3005/v1', network: 'sepolia', appName: 'demo' })
 * const balances = await portfolio.balances(account.address)
 */
export function createPortfolio(options: PortfolioOptions): Portfolio {
  const reads = lazyImport(
    () => import('../firstUse').then(({ portfolioReads }) => portfolioReads(options)),
    (cause) => new FetchUrlError({ cause }),
  )
  return {
    tokens: async () => (await reads()).tokens(),
    token: async (address) => (await reads()).token(address),
    prices: async () => (await reads()).prices(),
    balances: async (address, request) => (await reads()).balances(address, request),
    defi: async (address) => (await reads()).defi(address),
    airdrops: async (address) => (await reads()).airdrops(address),
  }
}
