import type { Airdrop, DefiDecomposition, PriceEntry, TokenBalance, TokenInfo } from '@webwallet/protocol'

/** Options of {@link createPortfolio}. */
export interface PortfolioOptions {
  /** The backend base, e.g. https://cloud.argent-api.com/v1 or http://localhost:3005/v1. */
  readonly backendUrl: string
  readonly network: 'mainnet' | 'sepolia'
  /** The app's name, sent as `application` with the DeFi read. */
  readonly appName: string
  readonly fetch?: typeof fetch
  /** Balance polling (default 5 retries, 5000 ms minimum wait). */
  readonly balanceRetries?: number
  readonly balanceMinWaitMs?: number
}

/** The reader {@link createPortfolio} returns. */
export type Portfolio = {
  tokens(): Promise<TokenInfo[]>
  token(address: string): Promise<TokenInfo>
  prices(): Promise<PriceEntry[]>
  /**
   * Balances of an account, asked again while the backend answers `initialising`, on a fetch error or an
   * answer that fails the schema ('Error fetching', 'Error parsing response', 'Not initialised yet').
   * `signal` stops the polling at once (OPERATION_ABORTED, the abort reason as its cause).
   */
  balances(address: string, request?: { signal?: AbortSignal }): Promise<TokenBalance[]>
  /** DeFi positions; an answer that no longer fits the schema is logged and returned as is. */
  defi(address: string): Promise<DefiDecomposition>
  airdrops(address: string): Promise<Airdrop[]>
}
