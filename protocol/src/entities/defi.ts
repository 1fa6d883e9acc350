import * as z from 'zod/mini'
import { boolean, oneOfValues, record } from '../schemas/util'
import '../schemas/genericMessages'

const GroupSchema = z.object({ name: z.string(), healthRatio: z.optional(z.string()) })

// Decentralised-finance decomposition ({api}/tokens/defi/{address}/investments).

const StringMap = record<string>((v) => typeof v === 'string')
const positionBase = {
  id: z.string(),
  investmentId: z.optional(z.string()),
  tokenAddress: z.optional(z.string()),
  totalBalances: StringMap,
}

const LiquidityTokenSchema = z.object({
  tokenAddress: z.optional(z.string()),
  principal: z.string(),
  accruedFees: z.string(),
  minPrice: z.string(),
  maxPrice: z.string(),
  currentPrice: z.string(),
})

/** Concentrated-liquidity position. */
export const LiquidityPositionSchema = z.object({
  ...positionBase,
  liquidityToken: z.optional(z.string()),
  tokenId: z.string(),
  poolFeePercentage: z.string(),
  tickSpacingPercentage: z.optional(z.string()),
  token0: LiquidityTokenSchema,
  token1: LiquidityTokenSchema,
})
/** Lending or debt position. */
export const LendingPositionSchema = z.object({
  ...positionBase,
  apy: z.optional(z.string()),
  totalApy: z.optional(z.string()),
  group: z.optional(z.string()),
  collateral: boolean(),
  debt: boolean(),
  lending: boolean(),
})
/** Delegated tokens. */
export const DelegationPositionSchema = z.object({ ...positionBase, delegatingTo: z.string() })
/** Yield position. */
export const YieldPositionSchema = z.object({ ...positionBase, apy: z.string(), totalApy: z.string() })
/** Staking position. */
export const StakingPositionSchema = z.object({
  ...positionBase,
  stakerInfo: z.object({
    name: z.optional(z.string()),
    iconUrl: z.optional(z.string()),
    address: z.string(),
  }),
  accruedRewards: z.string(),
  stakedAmount: z.string(),
  pendingWithdrawal: z.optional(z.object({ amount: z.string(), withdrawableAfter: z.string() })),
  apy: z.optional(z.string()),
  totalApy: z.optional(z.string()),
})

/**
 * The position kinds and the fields that only their kind has. A position carrying any of a kind's own
 * fields must be a complete position of that kind: a staking position without `stakerInfo` is an error,
 * not a yield position (objects are not strict, so a plain union would accept it as one).
 */
const POSITION_KINDS = [
  { schema: LiquidityPositionSchema, keys: ['tokenId', 'poolFeePercentage', 'token0', 'token1'] },
  { schema: StakingPositionSchema, keys: ['stakerInfo', 'accruedRewards', 'stakedAmount'] },
  { schema: LendingPositionSchema, keys: ['collateral', 'debt', 'lending'] },
  { schema: DelegationPositionSchema, keys: ['delegatingTo'] },
] as const

/** Any of the five position kinds, chosen by its own fields (yield when it has none of the others'). */
export const PositionSchema = z.pipe(
  z.custom<z.input<typeof YieldPositionSchema>>(),
  z.transform((value, ctx) => {
    const fields = typeof value === 'object' && value !== null ? value : {}
    const kind = POSITION_KINDS.find((k) => k.keys.some((key) => key in fields))
    const parsed = (kind?.schema ?? YieldPositionSchema).safeParse(value)
    if (parsed.success)
      return parsed.data as
        | z.output<(typeof POSITION_KINDS)[number]['schema']>
        | z.output<typeof YieldPositionSchema>
    for (const issue of parsed.error.issues) ctx.issues.push({ ...issue, input: value } as never)
    return value as never // discarded: the issue fails the parse
  }),
)
/** A value {@link PositionSchema} accepts, as it parses it. */
export type Position = z.infer<typeof PositionSchema>

export const ProductTypeSchema = oneOfValues([
  'concentratedLiquidityPosition',
  'collateralizedDebtPosition',
  'delegatedTokens',
  'strkDelegatedStaking',
  'staking',
])
/** A value {@link ProductTypeSchema} accepts, as it parses it. */
export type ProductType = z.infer<typeof ProductTypeSchema>

/** A product of a dapp, with its positions. */
export const ProductSchema = z.object({
  productId: z.optional(z.string()),
  name: z.string(),
  manageUrl: z.optional(z.string()),
  type: ProductTypeSchema,
  groups: z.optional(record<{ name: string; healthRatio?: string }>((g) => GroupSchema.safeParse(g).success)),
  positions: z.array(PositionSchema),
})
/** A value {@link ProductSchema} accepts, as it parses it. */
export type Product = z.infer<typeof ProductSchema>

/**
 * The DeFi decomposition: dapps and their products.
 *
 * @example
 * DefiDecompositionSchema.parse({ dapps: [{ dappId: 'ekubo', products: [] }] })
 */
export const DefiDecompositionSchema = z.object({
  dapps: z.array(z.object({ dappId: z.string(), products: z.array(ProductSchema) })),
})
/** A value {@link DefiDecompositionSchema} accepts, as it parses it. */
export type DefiDecomposition = z.infer<typeof DefiDecompositionSchema>
