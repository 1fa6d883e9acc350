// What the review screen needs from outside the wallet API: the transaction's review (fee estimate,
// contract names) from the wallet server, and token symbols, decimals and USD prices from the portfolio
// backend (`/v1`, the same server). Both answers are checked before anything shows them.
import { type Call, PriceListSchema, TokenInfoListSchema } from '@webwallet/protocol'
import type { walletApi } from '@webwallet/protocol/services'

/** What the review screen shows beside the calls (protocol's contract of `POST /wallet/api/review`). */
export type TransactionReview = walletApi.review.Response
/** Why the transaction would not go through (the review's `fee` then). */
export type ReviewFailure = walletApi.review.Failure

/** A token the backend lists: symbol, decimals and, where it has one, its price in USD. */
export interface MarketToken {
  symbol: string
  decimals: number
  usd?: number
}
/** Known tokens by normalised address (`0x` + lowercase hex without leading zeros). */
export type Market = ReadonlyMap<string, MarketToken>

/** `0x4718…` for any spelling of an address, the key of a Market. */
export function marketKey(address: string): string {
  try {
    return `0x${BigInt(address).toString(16)}`
  } catch {
    return address.toLowerCase()
  }
}

/** postMessage can carry bigints; JSON to the server cannot. */
export function jsonSafeCalls(calls: readonly Call[]): Call[] {
  return calls.map((call) => ({
    ...call,
    calldata: (call.calldata ?? []).map((value) =>
      typeof value === 'bigint' ? `0x${value.toString(16)}` : value,
    ),
  }))
}

/**
 * The backend's tokens with their USD prices (`ccyValue`), by address.
 *
 * @example
 * const market = await fetchMarket(fetch, '')
 * market.get(marketKey(STRK))?.usd // 0.3
 */
export async function fetchMarket(doFetch: typeof fetch, base: string): Promise<Market> {
  const get = async (path: string) => {
    const response = await doFetch(`${base}/v1/${path}?chain=starknet`)
    if (!response.ok) throw new Error(`The price service answered HTTP ${response.status}`)
    return response.json() as Promise<unknown>
  }
  const [tokens, prices] = await Promise.all([get('tokens/info'), get('tokens/prices')])
  const tokenList = TokenInfoListSchema.safeParse(tokens)
  const priceList = PriceListSchema.safeParse(prices)
  if (!tokenList.success || !priceList.success) throw new Error('The price service answered invalid prices')
  const usd = new Map(priceList.data.prices.map((price) => [price.pricingId, Number(price.ccyValue)]))
  const market = new Map<string, MarketToken>()
  for (const token of tokenList.data.tokens) {
    const price = token.pricingId === undefined ? undefined : usd.get(token.pricingId)
    market.set(marketKey(token.address), {
      symbol: token.symbol,
      decimals: token.decimals,
      ...(price !== undefined && Number.isFinite(price) ? { usd: price } : {}),
    })
  }
  return market
}
