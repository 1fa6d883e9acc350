import * as z from 'zod/mini'
import { FeltStringSchema as WireFelt } from '../schemas/felt'
import { boolean, nonEmpty, number, oneOf, record } from '../schemas/util'
import '../schemas/genericMessages'
import { CallSchema } from './connector'

// Paymaster and co-signer wire entities (docs/protocol.md, Paymaster).

/** GET /paymaster/v1/accounts/{address}/compatible */
export const PaymasterCompatibilitySchema = z.object({
  isCompatible: boolean(),
  gasConsumedOverhead: z.string(),
  dataGasConsumedOverhead: z.string(),
})
/** A value {@link PaymasterCompatibilitySchema} accepts, as it parses it. */
export type PaymasterCompatibility = z.infer<typeof PaymasterCompatibilitySchema>

/** One entry of GET /paymaster/v1/gas-token-prices. */
export const GasTokenPriceSchema = z.object({
  tokenAddress: z.string(),
  decimals: number(),
  priceInETH: z.string(),
})
/** A value {@link GasTokenPriceSchema} accepts, as it parses it. */
export type GasTokenPrice = z.infer<typeof GasTokenPriceSchema>
export const GasTokenPricesSchema = z.array(GasTokenPriceSchema)

/** POST /paymaster/v1/build-typed-data body. */
export const BuildTypedDataRequestSchema = z.object({
  userAddress: z.string(),
  calls: z.array(CallSchema).check(nonEmpty('Call list must not be empty')),
  gasTokenAddress: z.optional(z.string()),
  accountClassHash: z.optional(z.string()),
  maxGasTokenAmount: z.optional(z.string()),
})
/** A value {@link BuildTypedDataRequestSchema} accepts, as it parses it. */
export type BuildTypedDataRequest = z.infer<typeof BuildTypedDataRequestSchema>

/** Deployment data the gasless route sends with an undeployed account. */
export const PaymasterDeploymentDataSchema = z.object({
  class_hash: WireFelt,
  salt: WireFelt,
  unique: WireFelt,
  calldata: z.array(WireFelt),
  sigdata: z.optional(z.array(WireFelt)),
})

/**
 * POST /paymaster/v1/execute body, as the SDK sends it and wallet-sim's paymaster parses it: typedData is
 * the JSON text; signature is the account's signature of it, any non-empty felt list (an owner's [r, s], or
 * a session token: 31+ felts with the session's proofs and the guardian's co-signature).
 */
export const PaymasterExecuteRequestSchema = z.object({
  userAddress: z.string(),
  typedData: z.string(),
  signature: z.array(WireFelt).check(nonEmpty('signature must not be empty')),
  deploymentData: z.optional(PaymasterDeploymentDataSchema),
})
/** A value {@link PaymasterExecuteRequestSchema} accepts, as it parses it. */
export type PaymasterExecuteRequest = z.infer<typeof PaymasterExecuteRequestSchema>

/** Any execute answer. */
export const ExecuteResultSchema = z.object({ transactionHash: z.string() })
/** A value {@link ExecuteResultSchema} accepts, as it parses it. */
export type ExecuteResult = z.infer<typeof ExecuteResultSchema>

/** The session part of a co-signer request. */
export const CosignerSessionSchema = z.object({
  sessionHash: z.string(),
  sessionAuthorisation: z.array(z.string()),
  cacheAuthorisation: boolean(),
  sessionSignature: z.object({
    type: z.optional(z.string()),
    signer: z.object({ publicKey: z.string() }),
    r: z.string(),
    s: z.string(),
  }),
})

/** POST {base}/cosigner/signSession body. */
export const CosignerSignSessionRequestSchema = z.object({
  session: CosignerSessionSchema,
  transaction: record(),
})

/** POST {base}/cosigner/signSessionEFO body. */
export const CosignerSignSessionEfoRequestSchema = z.object({
  session: CosignerSessionSchema,
  message: z.object({
    type: z.string(),
    accountAddress: z.string(),
    chain: z.string(),
    message: z.optional(z.custom()),
    network: z.optional(z.string()),
  }),
})

/** Both co-signer answers: the field read is `signature` (the guardian's public key and r, s). */
export const CosignerResponseSchema = z.object({
  signature: z.object({ publicKey: z.string(), r: z.string(), s: z.string() }),
})
/** A co-signer failure body: its `status` becomes SignSessionError's data. */
export const CosignerErrorSchema = z.object({ status: z.optional(oneOf([z.string(), number()])) })
