import {
  type Airdrop,
  AirdropSchema,
  BACKEND_SCHEMA_CHANGED_MESSAGE,
  BALANCE_POLL_MIN_WAIT_MS,
  BALANCE_POLL_RETRIES,
  BalanceFetchError,
  BalanceParseError,
  BalanceResponseSchema,
  type DefiDecomposition,
  DefiDecompositionSchema,
  NotInitialisedError,
  type PriceEntry,
  PriceListSchema,
  type TokenBalance,
  type TokenInfo,
  TokenInfoListSchema,
  TokenInfoSchema,
  toTokenBalances,
} from '@webwallet/protocol'
import * as z from 'zod/mini'
import { createHttp, type Http } from '../http/http'
import { retry } from '../http/retry'

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

const AirdropListSchema = z.array(AirdropSchema)

/**
 * Portfolio reads from the provider's backend: token infos, prices, balances (polled until the backend
 * has initialised the account), DeFi positions and airdrops. Every request carries the SDK's client,
 * version and network headers.
 *
 * @example
 * const portfolio = createPortfolio({ backendUrl: 'http://localhost:3005/v1', network: 'sepolia', appName: 'demo' })
 * const balances = await portfolio.balances(account.address)
 */
export function createPortfolio(options: PortfolioOptions) {
  const http: Http = createHttp({
    network: options.network,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  })
  const base = options.backendUrl
  return {
    async tokens(): Promise<TokenInfo[]> {
      return TokenInfoListSchema.parse(await http.get(`${base}/tokens/info?chain=starknet`)).tokens
    },
    async token(address: string): Promise<TokenInfo> {
      return TokenInfoSchema.parse(await http.get(`${base}/tokens/info/${address}?chain=starknet`))
    },
    async prices(): Promise<PriceEntry[]> {
      return PriceListSchema.parse(await http.get(`${base}/tokens/prices?chain=starknet`)).prices
    },
    /**
     * Balances of an account, asked again while the backend answers `initialising`, on a fetch error or an
     * answer that fails the schema ('Error fetching', 'Error parsing response', 'Not initialised yet').
     */
    async balances(address: string): Promise<TokenBalance[]> {
      const url = `${base}/activity/starknet/${options.network}/account/${address}/balance`
      return retry(
        async () => {
          let answer: unknown
          try {
            answer = await http.get(url)
          } catch (cause) {
            throw new BalanceFetchError({ cause })
          }
          const parsed = BalanceResponseSchema.safeParse(answer)
          if (!parsed.success) throw new BalanceParseError({ cause: parsed.error })
          if (parsed.data.status !== 'initialised') throw new NotInitialisedError()
          return toTokenBalances(parsed.data.balances, options.network)
        },
        {
          retries: options.balanceRetries ?? BALANCE_POLL_RETRIES,
          minTimeout: options.balanceMinWaitMs ?? BALANCE_POLL_MIN_WAIT_MS,
        },
      )
    },
    /** DeFi positions; an answer that no longer fits the schema is logged and returned as is. */
    async defi(address: string): Promise<DefiDecomposition> {
      const url = `${base}/tokens/defi/${address}/investments?chain=starknet&application=${encodeURIComponent(options.appName)}`
      const answer = await http.get(url)
      const parsed = DefiDecompositionSchema.safeParse(answer)
      if (parsed.success) return parsed.data
      console.error(BACKEND_SCHEMA_CHANGED_MESSAGE, parsed.error)
      return answer as DefiDecomposition
    },
    async airdrops(address: string): Promise<Airdrop[]> {
      return AirdropListSchema.parse(await http.get(`${base}/airdrops/${address}`))
    },
  }
}

/** The reader {@link createPortfolio} returns. */
export type Portfolio = ReturnType<typeof createPortfolio>
