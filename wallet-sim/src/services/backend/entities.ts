// The portfolio entities of SPEC.md section 3, as the simulator answers them.
// Local until @webwallet/protocol exports its entity schemas; then these become re-exports of those.
import * as z from 'zod/mini'

const DecimalString = z.string().check(z.regex(/^-?[0-9]+(\.[0-9]+)?$/, 'Expected a decimal string'))

export const TokenCategory = z.enum(['tokens', 'currencies', 'savings'])

export const TokenInfo = z.object({
  id: z.number(),
  address: z.string(),
  brandColor: z.optional(z.string()),
  name: z.string(),
  symbol: z.string(),
  decimals: z.number(),
  iconUrl: z.optional(z.string()),
  sendable: z.boolean(),
  popular: z.boolean(),
  refundable: z.boolean(),
  listed: z.boolean(),
  tradable: z.boolean(),
  category: TokenCategory,
  pricingId: z.optional(z.number()),
  dappId: z.optional(z.string()),
  marketData: z.optional(
    z.object({
      marketCap: z.number(),
      marketCap24hChange: z.number(),
      dailyVolume: z.number(),
      rank: z.number(),
    }),
  ),
  tags: z.optional(z.array(z.string())),
})
export type TokenInfo = z.infer<typeof TokenInfo>

export const PriceEntry = z.object({
  pricingId: z.number(),
  ethValue: DecimalString,
  ccyValue: DecimalString,
  ethDayChange: DecimalString,
  ccyDayChange: DecimalString,
})
export type PriceEntry = z.infer<typeof PriceEntry>

export const BalanceEntry = z.object({ tokenAddress: z.string(), tokenBalance: z.string() })
export type BalanceEntry = z.infer<typeof BalanceEntry>

// `balances` is empty while initialising, so one schema reads both answers.
export const BalanceAnswer = z.object({
  status: z.enum(['initialising', 'initialised']),
  balances: z.array(BalanceEntry),
})
export type BalanceAnswer = z.infer<typeof BalanceAnswer>

const PositionBase = {
  id: z.string(),
  investmentId: z.optional(z.string()),
  tokenAddress: z.optional(z.string()),
  totalBalances: z.record(z.string(), z.string()),
}

const LiquidityToken = z.object({
  tokenAddress: z.optional(z.string()),
  principal: z.string(),
  accruedFees: z.string(),
  minPrice: z.string(),
  maxPrice: z.string(),
  currentPrice: z.string(),
})

// Positions are flat: a kind is told apart by its own fields (tokenId, collateral, delegatingTo, stakerInfo, apy).
export const LiquidityPosition = z.object({
  ...PositionBase,
  tokenId: z.string(),
  poolFeePercentage: z.string(),
  tickSpacingPercentage: z.optional(z.string()),
  token0: LiquidityToken,
  token1: LiquidityToken,
})

export const LendingPosition = z.object({
  ...PositionBase,
  apy: z.optional(z.string()),
  totalApy: z.optional(z.string()),
  group: z.optional(z.string()),
  collateral: z.boolean(),
  debt: z.boolean(),
  lending: z.boolean(),
})

export const DelegationPosition = z.object({ ...PositionBase, delegatingTo: z.string() })

export const YieldPosition = z.object({ ...PositionBase, apy: z.string(), totalApy: z.string() })

export const StakingPosition = z.object({
  ...PositionBase,
  stakerInfo: z.object({
    name: z.optional(z.string()),
    iconUrl: z.optional(z.string()),
    address: z.string(),
  }),
  accruedRewards: z.string(),
  stakedAmount: z.string(),
  /** `withdrawableAfter` is an ISO 8601 date. */
  pendingWithdrawal: z.optional(z.object({ amount: z.string(), withdrawableAfter: z.string() })),
  apy: z.optional(z.string()),
  totalApy: z.optional(z.string()),
})

// Most specific first: objects are not strict, so a staking position would also pass as a yield position.
export const Position = z.union([
  LiquidityPosition,
  StakingPosition,
  LendingPosition,
  DelegationPosition,
  YieldPosition,
])
export type Position = z.infer<typeof Position>

export const ProductType = z.enum([
  'concentratedLiquidityPosition',
  'collateralizedDebtPosition',
  'delegatedTokens',
  'strkDelegatedStaking',
  'staking',
])
export type ProductType = z.infer<typeof ProductType>

export const Product = z.object({
  productId: z.optional(z.string()),
  name: z.string(),
  manageUrl: z.optional(z.string()),
  type: ProductType,
  groups: z.optional(z.record(z.string(), z.object({ name: z.string(), healthRatio: z.string() }))),
  positions: z.array(Position),
})
export type Product = z.infer<typeof Product>

export const DefiDecomposition = z.object({
  dapps: z.array(z.object({ dappId: z.string(), products: z.array(Product) })),
})
export type DefiDecomposition = z.infer<typeof DefiDecomposition>

export const Airdrop = z.object({
  name: z.optional(z.string()),
  tokenAddress: z.string(),
  amount: z.optional(z.string()),
  claimUrl: z.optional(z.string()),
  /** ISO 8601 dates. */
  claimStart: z.string(),
  claimEnd: z.optional(z.string()),
})
export type Airdrop = z.infer<typeof Airdrop>

export const Profile = z.object({
  name: z.string(),
  twitter: z.string(),
  github: z.string(),
  discord: z.string(),
  proofOfPersonhood: z.boolean(),
  profilePicture: z.string(),
})
export type Profile = z.infer<typeof Profile>
