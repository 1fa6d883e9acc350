import * as z from 'zod/mini'
import { CairoVersionSchema } from '../schemas/misc'
import { boolean, number, oneOfValues } from '../schemas/util'
import '../schemas/genericMessages'
import { PREFIXED_HEX_RE } from '../schemas/patterns'

// Backend portfolio entities of docs/protocol.md, Entities.

/**
 * Token metadata from {api}/tokens/info.
 *
 * @example
 * TokenInfoSchema.parse({ id: 1, address: '0x49d…', name: 'Ether', symbol: 'ETH', decimals: 18, sendable: true,
 *   popular: true, refundable: true, listed: true, tradable: true, category: 'tokens' })
 */
export const TokenInfoSchema = z.object({
  id: number(),
  address: z.string(),
  brandColor: z.optional(z.string()),
  name: z.string(),
  symbol: z.string(),
  decimals: number(),
  iconUrl: z.optional(z.string()),
  sendable: boolean(),
  popular: boolean(),
  refundable: boolean(),
  listed: boolean(),
  tradable: boolean(),
  category: oneOfValues(['tokens', 'currencies', 'savings']),
  pricingId: z.optional(number()),
  dappId: z.optional(z.string()),
  marketData: z.optional(
    z.object({
      marketCap: number(),
      marketCap24hChange: number(),
      dailyVolume: number(),
      rank: number(),
    }),
  ),
  tags: z.optional(z.array(z.string())),
})
/** A value {@link TokenInfoSchema} accepts, as it parses it. */
export type TokenInfo = z.infer<typeof TokenInfoSchema>
/** {api}/tokens/info?chain=starknet answer. */
export const TokenInfoListSchema = z.object({ tokens: z.array(TokenInfoSchema) })

/** A price: every value is a string except the id. */
export const PriceEntrySchema = z.object({
  pricingId: number(),
  ethValue: z.string(),
  ccyValue: z.string(),
  ethDayChange: z.string(),
  ccyDayChange: z.string(),
})
/** A value {@link PriceEntrySchema} accepts, as it parses it. */
export type PriceEntry = z.infer<typeof PriceEntrySchema>
export const PriceListSchema = z.object({ prices: z.array(PriceEntrySchema) })

/** A balance as the backend sends it. */
export const BalanceEntrySchema = z.object({ tokenAddress: z.string(), tokenBalance: z.string() })
/** A value {@link BalanceEntrySchema} accepts, as it parses it. */
export type BalanceEntry = z.infer<typeof BalanceEntrySchema>

/** {api}/activity/starknet/{network}/account/{address}/balance answer; polled until initialised. */
export const BalanceResponseSchema = z.object({
  status: oneOfValues(['initialising', 'initialised']),
  balances: z.array(BalanceEntrySchema),
})
/** A value {@link BalanceResponseSchema} accepts, as it parses it. */
export type BalanceResponse = z.infer<typeof BalanceResponseSchema>

/** A balance as the product maps it. */
export const TokenBalanceSchema = z.object({
  address: z.string(),
  balance: z.string(),
  networkId: z.string(),
})
/** A value {@link TokenBalanceSchema} accepts, as it parses it. */
export type TokenBalance = z.infer<typeof TokenBalanceSchema>

/**
 * Maps backend balance entries to the product's form.
 *
 * @example
 * toTokenBalances([{ tokenAddress: '0x1', tokenBalance: '5' }], 'sepolia') // [{ address: '0x1', balance: '5', networkId: 'sepolia' }]
 */
export function toTokenBalances(entries: readonly BalanceEntry[], networkId: string): TokenBalance[] {
  return entries.map((e) => ({ address: e.tokenAddress, balance: e.tokenBalance, networkId }))
}

/** An airdrop the account can claim. */
export const AirdropSchema = z.object({
  name: z.optional(z.string()),
  tokenAddress: z.string(),
  amount: z.optional(z.string()),
  claimUrl: z.optional(z.string()),
  claimStart: z.string(),
  claimEnd: z.optional(z.string()),
})
/** A value {@link AirdropSchema} accepts, as it parses it. */
export type Airdrop = z.infer<typeof AirdropSchema>

/** A name-service profile. */
export const ProfileSchema = z.object({
  name: z.optional(z.string()),
  twitter: z.optional(z.string()),
  github: z.optional(z.string()),
  discord: z.optional(z.string()),
  proofOfPersonhood: z.optional(boolean()),
  profilePicture: z.optional(z.string()),
})
/** A value {@link ProfileSchema} accepts, as it parses it. */
export type Profile = z.infer<typeof ProfileSchema>

/** How an account was created. */
export const AccountCreationDetailsSchema = z.object({
  cairoVersion: CairoVersionSchema,
  accountClassHash: z.string().check(z.refine((v) => PREFIXED_HEX_RE.test(v), 'Invalid hex string')),
})
/** A value {@link AccountCreationDetailsSchema} accepts, as it parses it. */
export type AccountCreationDetails = z.infer<typeof AccountCreationDetailsSchema>
