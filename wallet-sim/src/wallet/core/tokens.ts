// The tokens the wallet names on screen: the backend's list (symbols, decimals, USD prices) by the address's
// one key (protocol's addressKey), and the wallet's own short list (the fee tokens) where the backend is silent.
import { addressKey, ETH_ADDRESS, STRK_ADDRESS } from '@webwallet/protocol'

/** A token the backend lists: symbol, decimals and, where it has one, its price in USD. */
export interface MarketToken {
  symbol: string
  decimals: number
  usd?: number
}
/** Known tokens by `addressKey(address)` (`0x` and 64 lowercase hex digits). */
export type Market = ReadonlyMap<string, MarketToken>

// A list, not a table keyed by addressKey(…): no call runs as the module loads, so the page's first chunk
// does not take the screens' readers that import this file.
const FEE_TOKENS: readonly (readonly [string, { symbol: string; decimals: number }])[] = [
  [STRK_ADDRESS, { symbol: 'STRK', decimals: 18 }],
  [ETH_ADDRESS, { symbol: 'ETH', decimals: 18 }],
]

/**
 * The symbol and decimals of a fee token, if `address` is one (any spelling).
 *
 * @example tokenOf(STRK_ADDRESS) // { symbol: 'STRK', decimals: 18 }
 */
export function tokenOf(address: string): { symbol: string; decimals: number } | undefined {
  const key = addressKey(address)
  return FEE_TOKENS.find(([token]) => addressKey(token) === key)?.[1]
}
