// Zod-free checks of the backend answers, field for field as protocol's portfolio schemas
// (entities/portfolio.ts and entities/defi.ts) define them: zod would cost ~8 KB gzip of the SDK's 27.5 KB
// budget. guards.test.ts runs both on the same valid and invalid answers so they cannot drift apart.
import type { Airdrop, BalanceResponse, DefiDecomposition, PriceEntry, TokenInfo } from '@webwallet/protocol'
import { fields, hasShape, isArrayOf, isBoolean, isNumber, isOptional, isString } from '../http/shape'

const isStrings = isArrayOf<string>(isString)
const isStringMap = (value: unknown) => {
  const object = fields(value)
  return object !== undefined && Object.values(object).every(isString)
}
const oneOf =
  (...allowed: string[]) =>
  (value: unknown) =>
    isString(value) && allowed.includes(value)

/** One token info. */
export const isTokenInfo = (value: unknown): value is TokenInfo =>
  hasShape(value, {
    id: isNumber,
    address: isString,
    brandColor: isOptional(isString),
    name: isString,
    symbol: isString,
    decimals: isNumber,
    iconUrl: isOptional(isString),
    sendable: isBoolean,
    popular: isBoolean,
    refundable: isBoolean,
    listed: isBoolean,
    tradable: isBoolean,
    category: oneOf('tokens', 'currencies', 'savings'),
    pricingId: isOptional(isNumber),
    dappId: isOptional(isString),
    tags: isOptional(isStrings),
    marketData: (m) =>
      m === undefined ||
      hasShape(m, {
        marketCap: isNumber,
        marketCap24hChange: isNumber,
        dailyVolume: isNumber,
        rank: isNumber,
      }),
  })

/** One price entry: every value a string except the id. */
export const isPriceEntry = (value: unknown): value is PriceEntry =>
  hasShape(value, {
    pricingId: isNumber,
    ethValue: isString,
    ccyValue: isString,
    ethDayChange: isString,
    ccyDayChange: isString,
  })

/** The balance answer: a status and a list of balances. */
export const isBalanceResponse = (value: unknown): value is BalanceResponse =>
  hasShape(value, {
    status: oneOf('initialising', 'initialised'),
    balances: isArrayOf((b) => hasShape(b, { tokenAddress: isString, tokenBalance: isString })),
  })

/** One airdrop. */
export const isAirdrop = (value: unknown): value is Airdrop =>
  hasShape(value, {
    name: isOptional(isString),
    tokenAddress: isString,
    amount: isOptional(isString),
    claimUrl: isOptional(isString),
    claimStart: isString,
    claimEnd: isOptional(isString),
  })

const PRODUCT_TYPES = [
  'concentratedLiquidityPosition',
  'collateralizedDebtPosition',
  'delegatedTokens',
  'strkDelegatedStaking',
  'staking',
]
const base = {
  id: isString,
  investmentId: isOptional(isString),
  tokenAddress: isOptional(isString),
  totalBalances: isStringMap,
}
const optionalString = isOptional(isString)
const liquidityToken = (t: unknown) =>
  hasShape(t, {
    tokenAddress: optionalString,
    principal: isString,
    accruedFees: isString,
    minPrice: isString,
    maxPrice: isString,
    currentPrice: isString,
  })
// protocol's POSITION_KINDS: a position with any of a kind's own fields must be complete for that kind.
const KINDS: [readonly string[], Record<string, (field: unknown) => boolean>][] = [
  [
    ['tokenId', 'poolFeePercentage', 'token0', 'token1'],
    {
      liquidityToken: optionalString,
      tokenId: isString,
      poolFeePercentage: isString,
      tickSpacingPercentage: optionalString,
      token0: liquidityToken,
      token1: liquidityToken,
    },
  ],
  [
    ['stakerInfo', 'accruedRewards', 'stakedAmount'],
    {
      stakerInfo: (i) => hasShape(i, { name: optionalString, iconUrl: optionalString, address: isString }),
      accruedRewards: isString,
      stakedAmount: isString,
      pendingWithdrawal: (w) =>
        w === undefined || hasShape(w, { amount: isString, withdrawableAfter: isString }),
      apy: optionalString,
      totalApy: optionalString,
    },
  ],
  [
    ['collateral', 'debt', 'lending'],
    {
      apy: optionalString,
      totalApy: optionalString,
      group: optionalString,
      collateral: isBoolean,
      debt: isBoolean,
      lending: isBoolean,
    },
  ],
  [['delegatingTo'], { delegatingTo: isString }],
]
const YIELD = { apy: isString, totalApy: isString }

const isPosition = (value: unknown) => {
  const object = fields(value)
  if (!object || !hasShape(object, base)) return false
  const kind = KINDS.find(([keys]) => keys.some((key) => key in object))
  return hasShape(object, kind?.[1] ?? YIELD)
}

/** The DeFi decomposition: dapps, products of a known type, positions with their common fields. */
export const isDefiDecomposition = (value: unknown): value is DefiDecomposition =>
  hasShape(value, {
    dapps: isArrayOf((dapp) =>
      hasShape(dapp, {
        dappId: isString,
        products: isArrayOf((product) =>
          hasShape(product, {
            productId: isOptional(isString),
            name: isString,
            manageUrl: isOptional(isString),
            type: oneOf(...PRODUCT_TYPES),
            groups: (g) =>
              g === undefined ||
              (fields(g) !== undefined &&
                Object.values(fields(g) ?? {}).every((v) =>
                  hasShape(v, { name: isString, healthRatio: optionalString }),
                )),
            positions: isArrayOf(isPosition),
          }),
        ),
      }),
    ),
  })
