// The tokens the wallet names on screen: the backend's list (symbols, decimals, USD prices) by one key per
// address, the wallet's own short list (the fee tokens) where the backend is silent, and an address shortened.
import { ETH_ADDRESS, STRK_ADDRESS } from '@webwallet/protocol'

/** A token the backend lists: symbol, decimals and, where it has one, its price in USD. */
export interface MarketToken {
  symbol: string
  decimals: number
  usd?: number
}
/** Known tokens by normalised address (`0x` + lowercase hex without leading zeros). */
export type Market = ReadonlyMap<string, MarketToken>

/**
 * `0x4718…` for any spelling of an address, the key of a Market.
 *
 * @example marketKey('0x04718F…') === marketKey('0x4718f…') // true
 */
export function marketKey(address: string): string {
  try {
    return `0x${BigInt(address).toString(16)}`
  } catch {
    return address.toLowerCase()
  }
}

// A list, not a table keyed by marketKey(…): no call runs as the module loads, so the page's first chunk
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
  const key = marketKey(address)
  return FEE_TOKENS.find(([token]) => marketKey(token) === key)?.[1]
}

/**
 * `0x1234…abcd`: the first 6 and last 4 characters (docs/protocol.md, Constants).
 *
 * @example compactAddress('0x0123456789abcdef') // '0x0123…cdef'
 */
export function compactAddress(address: string): string {
  return address.length <= 10 ? address : `${address.slice(0, 6)}…${address.slice(-4)}`
}
