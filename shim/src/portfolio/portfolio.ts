import { FetchUrlError } from '@webwallet/protocol/errors'
import { lazyImport } from '../http/lazyImport'
import type { Portfolio, PortfolioOptions } from './types'

export type { Portfolio, PortfolioOptions } from './types'

/**
 * Portfolio reads from the provider's backend: token infos, prices, balances (polled until the backend knows the
 * account), DeFi positions, airdrops. Loaded at the first read (a failed load is FETCH_URL; the next read retries).
 *
 * @example
 * const balances = await createPortfolio({ backendUrl, network: 'sepolia', appName: 'demo' }).balances(address)
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
