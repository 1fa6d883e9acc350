import { addressKey, ETH_ADDRESS, type PriceEntry, STRK_ADDRESS, type TokenInfo } from '@webwallet/protocol'

export { ETH_ADDRESS, STRK_ADDRESS }

/** A token the simulator deploys for the demo app; the chain decides its address. */
export interface DemoToken {
  address: string
  name: string
  symbol: string
  decimals: number
}

/** A catalogue entry: the token info plus its simulated price (ETH per token, USD per token). */
export interface CatalogEntry {
  info: TokenInfo
  price?: { eth: string; usd: string; ethDayChange: string; usdDayChange: string }
}

const base = { sendable: true, refundable: false, listed: true, tradable: true } as const

// The well-known tokens, their prices fixed so that tests can rely on them.
const KNOWN_TOKENS: readonly CatalogEntry[] = [
  {
    info: {
      ...base,
      id: 1,
      address: ETH_ADDRESS,
      name: 'Ether',
      symbol: 'ETH',
      decimals: 18,
      brandColor: '#627EEA',
      iconUrl: 'https://dv3jj1unlp2jl.cloudfront.net/128/color/eth.png',
      popular: true,
      refundable: true,
      category: 'tokens',
      pricingId: 1,
      tags: ['feeToken'],
    },
    price: { eth: '1', usd: '3000', ethDayChange: '0', usdDayChange: '0.012' },
  },
  {
    info: {
      ...base,
      id: 2,
      address: STRK_ADDRESS,
      name: 'Starknet Token',
      symbol: 'STRK',
      decimals: 18,
      brandColor: '#0C0C4F',
      iconUrl: 'https://dv3jj1unlp2jl.cloudfront.net/128/color/strk.png',
      popular: true,
      refundable: true,
      category: 'tokens',
      pricingId: 2,
      tags: ['feeToken', 'stakable'],
      marketData: { marketCap: 1500000000, marketCap24hChange: -0.021, dailyVolume: 85000000, rank: 80 },
    },
    price: { eth: '0.0001', usd: '0.3', ethDayChange: '-0.018', usdDayChange: '-0.021' },
  },
  {
    info: {
      ...base,
      id: 3,
      address: '0x053c91253bc9682c04929ca02ed00b3e423f6710d2ee7e0d5ebb06f3ecf368a8',
      name: 'USD Coin',
      symbol: 'USDC',
      decimals: 6,
      brandColor: '#2775CA',
      popular: true,
      category: 'currencies',
      pricingId: 3,
    },
    price: { eth: '0.000333333333333333', usd: '1', ethDayChange: '-0.012', usdDayChange: '0' },
  },
  {
    info: {
      ...base,
      id: 4,
      address: '0x068f5c6a61780768455de69077e07e89787839bf8166decfbf92b645209c0fb8',
      name: 'Tether USD',
      symbol: 'USDT',
      decimals: 6,
      brandColor: '#26A17B',
      popular: false,
      category: 'currencies',
      pricingId: 4,
    },
    price: { eth: '0.000333333333333333', usd: '1', ethDayChange: '-0.012', usdDayChange: '0' },
  },
  {
    info: {
      ...base,
      id: 5,
      address: '0x03fe2b97c1fd336e750087d68b9b867997fd64a2661ff3ca5a7c771641e8e7ac',
      name: 'Wrapped BTC',
      symbol: 'WBTC',
      decimals: 8,
      brandColor: '#F09242',
      popular: false,
      category: 'tokens',
      pricingId: 5,
    },
    price: { eth: '30', usd: '90000', ethDayChange: '0.004', usdDayChange: '0.016' },
  },
  {
    // A savings token: listed but not tradable, owned by a staking dapp.
    info: {
      ...base,
      id: 6,
      address: '0x028d709c875c0ceac3dce7065bec5328186dc89fe254527084d1689910954b0a',
      name: 'Endur xSTRK',
      symbol: 'xSTRK',
      decimals: 18,
      popular: false,
      tradable: false,
      category: 'savings',
      pricingId: 6,
      dappId: 'endur',
    },
    price: { eth: '0.000105', usd: '0.315', ethDayChange: '-0.017', usdDayChange: '-0.02' },
  },
]

/**
 * The well-known tokens the simulated backend lists. Prices are fixed so that tests can rely on them.
 *
 * @example
 * buildCatalog([{ address: '0x123', name: 'Demo', symbol: 'DEMO', decimals: 18 }])
 */
export function buildCatalog(demoTokens: readonly DemoToken[] = []): CatalogEntry[] {
  // A fresh copy each time: a catalogue's entries are its own.
  const known = KNOWN_TOKENS.map((entry) => structuredClone(entry))
  const demo = demoTokens.map(
    (token, index): CatalogEntry => ({
      info: {
        ...base,
        id: 100 + index,
        address: addressKey(token.address),
        name: token.name,
        symbol: token.symbol,
        decimals: token.decimals,
        popular: false,
        listed: false,
        tradable: false,
        category: 'tokens',
        tags: ['demo'],
      },
    }),
  )
  return [...known, ...demo]
}

/**
 * The price entries of the catalogue's priced tokens, in the wire form (decimal strings).
 *
 * @example
 * pricesOf(buildCatalog())[0] // { pricingId: 1, ethValue: '1', ccyValue: '3000', … }
 */
export function pricesOf(catalog: readonly CatalogEntry[]): PriceEntry[] {
  return catalog.flatMap(({ info, price }) =>
    info.pricingId === undefined || price === undefined
      ? []
      : [
          {
            pricingId: info.pricingId,
            ethValue: price.eth,
            ccyValue: price.usd,
            ethDayChange: price.ethDayChange,
            ccyDayChange: price.usdDayChange,
          },
        ],
  )
}
