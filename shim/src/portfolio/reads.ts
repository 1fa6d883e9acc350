import type { Airdrop, DefiDecomposition, PriceEntry, TokenBalance, TokenInfo } from '@webwallet/protocol'
import {
  BACKEND_SCHEMA_CHANGED_MESSAGE,
  BALANCE_POLL_MIN_WAIT_MS,
  BALANCE_POLL_RETRIES,
} from '@webwallet/protocol/constants'
import {
  BalanceFetchError,
  BalanceParseError,
  NotInitialisedError,
  OperationAbortedError,
  ServiceUnreachableError,
  UnexpectedAnswerError,
} from '@webwallet/protocol/errors'
import { hostAddress } from '../account/hostAddress'
import { createHttp, type Http } from '../http/http'
import { retry } from '../http/retry'
import { expectShape, isArrayOf } from '../http/shape'
import { isAirdrop, isBalanceResponse, isDefiDecomposition, isPriceEntry, isTokenInfo } from './guards'
import type { Portfolio, PortfolioOptions } from './types'

/**
 * The body of {@link createPortfolio}, in the chunk it loads on first use.
 *
 * @example
 * const portfolio = portfolioReads({ backendUrl: 'http://localhost:3005/v1', network: 'sepolia', appName: 'demo' })
 * const balances = await portfolio.balances(account.address)
 */
export function portfolioReads(options: PortfolioOptions): Portfolio {
  const http: Http = createHttp({
    network: options.network,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  })
  const base = options.backendUrl
  return {
    async tokens(): Promise<TokenInfo[]> {
      const answer = await http.get(`${base}/tokens/info?chain=starknet`)
      return expectShape<{ tokens: TokenInfo[] }>(answer, { tokens: isArrayOf(isTokenInfo) }, 'token list')
        .tokens
    },
    async token(address: string): Promise<TokenInfo> {
      const answer = await http.get(`${base}/tokens/info/${hostAddress(address)}?chain=starknet`)
      if (!isTokenInfo(answer)) throw new UnexpectedAnswerError('token info')
      return answer
    },
    async prices(): Promise<PriceEntry[]> {
      const answer = await http.get(`${base}/tokens/prices?chain=starknet`)
      return expectShape<{ prices: PriceEntry[] }>(answer, { prices: isArrayOf(isPriceEntry) }, 'price list')
        .prices
    },
    async balances(address: string, request: { signal?: AbortSignal } = {}): Promise<TokenBalance[]> {
      const url = `${base}/activity/starknet/${options.network}/account/${hostAddress(address)}/balance`
      const { signal } = request
      const aborted = () => new OperationAbortedError('balances', { cause: signal?.reason })
      return retry(
        async () => {
          if (signal?.aborted) throw aborted()
          let answer: unknown
          try {
            answer = await http.get(url, { signal })
          } catch (cause) {
            // No answer at all keeps its code (SERVICE_UNREACHABLE, still retried); an HTTP error is 'Error fetching'.
            throw cause instanceof ServiceUnreachableError ? cause : new BalanceFetchError({ cause })
          }
          if (!isBalanceResponse(answer)) throw new BalanceParseError()
          if (answer.status !== 'initialised') throw new NotInitialisedError()
          // protocol's toTokenBalances mapping, inlined: its module would bring zod along.
          return answer.balances.map((b) => ({
            address: b.tokenAddress,
            balance: b.tokenBalance,
            networkId: options.network,
          }))
        },
        {
          retries: options.balanceRetries ?? BALANCE_POLL_RETRIES,
          minTimeout: options.balanceMinWaitMs ?? BALANCE_POLL_MIN_WAIT_MS,
          shouldRetry: (error) => !(error instanceof OperationAbortedError),
          ...(signal ? { signal } : {}),
        },
      ).catch((error: unknown) => {
        throw signal?.aborted && !(error instanceof OperationAbortedError) ? aborted() : error
      })
    },
    /** DeFi positions; an answer that no longer fits the schema is logged and returned as is. */
    async defi(address: string): Promise<DefiDecomposition> {
      const url = `${base}/tokens/defi/${hostAddress(address)}/investments?chain=starknet&application=${encodeURIComponent(options.appName)}`
      const answer = await http.get(url)
      if (!isDefiDecomposition(answer)) console.error(BACKEND_SCHEMA_CHANGED_MESSAGE)
      return answer as DefiDecomposition
    },
    async airdrops(address: string): Promise<Airdrop[]> {
      const answer = await http.get(`${base}/airdrops/${hostAddress(address)}`)
      if (!isArrayOf<Airdrop>(isAirdrop)(answer)) throw new UnexpectedAnswerError('airdrop list')
      return answer
    },
  }
}
