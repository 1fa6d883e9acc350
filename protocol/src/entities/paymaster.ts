import * as z from 'zod/mini'
import { nonEmpty, oneOf, record } from '../schemas/util'
import '../schemas/genericMessages'
import { CallSchema } from './connector'

// Paymaster and co-signer wire entities (SPEC.md section 7).

/** GET /paymaster/v1/accounts/{address}/compatible */
export const PaymasterCompatibilitySchema = z.object({
  isCompatible: z.boolean(),
  gasConsumedOverhead: z.string(),
  dataGasConsumedOverhead: z.string(),
})
export type PaymasterCompatibility = z.infer<typeof PaymasterCompatibilitySchema>

/** One entry of GET /paymaster/v1/gas-token-prices. */
export const GasTokenPriceSchema = z.object({
  tokenAddress: z.string(),
  decimals: z.number(),
  priceInETH: z.string(),
})
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
export type BuildTypedDataRequest = z.infer<typeof BuildTypedDataRequestSchema>

/** Deployment data the gasless route sends with an undeployed account. */
export const PaymasterDeploymentDataSchema = z.object({
  class_hash: z.string(),
  salt: z.string(),
  unique: z.string(),
  calldata: z.array(z.string()),
  sigdata: z.optional(z.array(z.string())),
})

/** POST /paymaster/v1/execute body: typedData is the JSON text, signature [r, s]. */
export const PaymasterExecuteRequestSchema = z.object({
  userAddress: z.string(),
  typedData: z.string(),
  signature: z.array(z.string()).check(z.refine((s) => s.length === 2, 'Signature must have 2 values')),
  deploymentData: z.optional(PaymasterDeploymentDataSchema),
})
export type PaymasterExecuteRequest = z.infer<typeof PaymasterExecuteRequestSchema>

/** Any execute answer. */
export const ExecuteResultSchema = z.object({ transactionHash: z.string() })
export type ExecuteResult = z.infer<typeof ExecuteResultSchema>

/** The session part of a co-signer request. */
export const CosignerSessionSchema = z.object({
  sessionHash: z.string(),
  sessionAuthorisation: z.array(z.string()),
  cacheAuthorisation: z.boolean(),
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
    message: z.unknown(),
    network: z.optional(z.string()),
  }),
})

/** Both co-signer answers: the field read is `signature` (the guardian's public key and r, s). */
export const CosignerResponseSchema = z.object({
  signature: z.object({ publicKey: z.string(), r: z.string(), s: z.string() }),
})
/** A co-signer failure body: its `status` becomes SignSessionError's data. */
export const CosignerErrorSchema = z.object({ status: z.optional(oneOf([z.string(), z.number()])) })
