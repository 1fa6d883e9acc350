import * as z from 'zod/mini'
import { SESSION_VALIDITY_DAYS_DEFAULT, SESSION_VALIDITY_DAYS_LIMITS } from '../constants'
import { DEFAULT_ENVIRONMENT, ENVIRONMENT_NAMES } from '../environments'
import { boolean, nonEmpty, number, oneOf, oneOfValues } from '../schemas/util'
import { isHexFelt } from '../starknet/felt'
import { FIELD_PRIME } from '../starknet/field'
import '../schemas/genericMessages'
import { CallSchema } from './connector'

// Session SDK entities of docs/protocol.md, Entities (the stored 'session' JSON and what builds it).

/** An allowed contract/selector pair as stored (x-sessions' field names, space included). */
export const StoredAllowedMethodSchema = z.object({ 'Contract Address': z.string(), selector: z.string() })

/** What deploys the account: the starknet.js DeployAccountContractPayload, JSON-safe. */
export const DeploymentPayloadSchema = z.object({
  classHash: z.string(),
  constructorCalldata: z.array(z.string()),
  addressSalt: z.string(),
  contractAddress: z.string(),
})
/** A value {@link DeploymentPayloadSchema} accepts, as it parses it. */
export type DeploymentPayload = z.infer<typeof DeploymentPayloadSchema>

/** A fee-token allowance of the session metadata. */
export const TxFeeSchema = z.object({ tokenAddress: z.string(), maxAmount: z.string() })

/**
 * Session metadata: the app name as projectID and the fee-token allowances.
 *
 * @example
 * SessionMetadataSchema.parse({ projectID: 'my-app', txFees: [{ tokenAddress: '0x4718…', maxAmount: '10000000000000000000' }] })
 */
export const SessionMetadataSchema = z.object({ projectID: z.string(), txFees: z.array(TxFeeSchema) })
/** A value {@link SessionMetadataSchema} accepts, as it parses it. */
export type SessionMetadata = z.infer<typeof SessionMetadataSchema>

/** The session key pair, hex strings. */
export const SessionKeySchema = z.object({ publicKey: z.string(), privateKey: z.string() })
/** A value {@link SessionKeySchema} accepts, as it parses it. */
export type SessionKey = z.infer<typeof SessionKeySchema>

/**
 * The signed session as stored under the key 'session'. `expiresAt` is in seconds; `metadata` is the
 * JSON text signed in the typed data (or its parsed object).
 */
export const SessionSchema = z.object({
  allowedMethods: z.array(StoredAllowedMethodSchema),
  sessionKey: SessionKeySchema,
  expiresAt: number(),
  address: z.string(),
  chainId: z.string(),
  authorisationSignature: z.array(z.string()),
  hash: z.string(),
  version: z.string(),
  sessionKeyGuid: z.string(),
  metadata: oneOf([z.string(), SessionMetadataSchema]),
  signature: z.optional(z.array(z.string())),
  deploymentPayload: z.optional(DeploymentPayloadSchema),
})
/** A value {@link SessionSchema} accepts, as it parses it. */
export type Session = z.infer<typeof SessionSchema>

/** An allowed method as the host app gives it: a contract address (0x hex felt) and a selector. */
export const AllowedMethodSchema = z.object({
  contract: z.string().check(
    // A contract address is below 2^251 (Starknet's address space), stricter than a felt.
    z.refine((a) => isHexFelt(a) && BigInt(a) < 2n ** 251n, 'Invalid Address Format'),
  ),
  selector: z.string().check(
    nonEmpty('selector must not be empty'),
    // A hex selector is a felt, below the field prime; a name is hashed to one.
    z.refine((s) => !/^0x/i.test(s) || (isHexFelt(s) && BigInt(s) < FIELD_PRIME), 'selector must be a felt'),
  ),
})
/** A value {@link AllowedMethodSchema} accepts, as it parses it. */
export type AllowedMethod = z.infer<typeof AllowedMethodSchema>

/**
 * Session parameters from the host app; validityDays defaults to 30 (above 30 only warns).
 *
 * @example
 * SessionParamsSchema.parse({ allowedMethods: [{ contract: '0x1', selector: 'play' }] }).validityDays // 30
 */
export const SessionParamsSchema = z.object({
  allowedMethods: z.array(AllowedMethodSchema),
  validityDays: z.pipe(
    // number() refuses NaN and ±Infinity already.
    z.optional(
      number().check(
        z.refine(
          (n) => n >= SESSION_VALIDITY_DAYS_LIMITS.min && n <= SESSION_VALIDITY_DAYS_LIMITS.max,
          'validityDays must be between one minute and 36500 days',
        ),
      ),
    ),
    z.transform((days) => days ?? SESSION_VALIDITY_DAYS_DEFAULT),
  ),
})
/** A value {@link SessionParamsSchema} accepts, as it parses it. */
export type SessionParams = z.infer<typeof SessionParamsSchema>

/** An application-supplied paymaster. */
export const PaymasterParamsSchema = z.object({
  apiKey: z.optional(z.string()),
  baseUrl: z.optional(z.string()),
  tokenAddress: z.optional(z.string()),
})
/** A value {@link PaymasterParamsSchema} accepts, as it parses it. */
export type PaymasterParams = z.infer<typeof PaymasterParamsSchema>

export const EnvironmentNameSchema = oneOfValues(ENVIRONMENT_NAMES)

/**
 * WebWallet.init options. `provider` is a starknet.js provider instance (not validated here).
 *
 * @example
 * InitOptionsSchema.parse({ appName: 'demo', sessionParams: { allowedMethods: [] } }).environment // 'sepolia'
 */
export const InitOptionsSchema = z.object({
  appName: z.string().check(z.refine((name) => name.trim() !== '', 'appName must not be empty')),
  environment: z.pipe(
    z.optional(EnvironmentNameSchema),
    z.transform((name) => name ?? DEFAULT_ENVIRONMENT),
  ),
  sessionParams: SessionParamsSchema,
  paymasterParams: z.optional(PaymasterParamsSchema),
  provider: z.optional(z.custom()),
  /** The SDK hands out the raw session key only with this (exportSignedSession({includePrivateKey})). */
  allowSessionKeyExport: z.optional(boolean()),
  /** Time limit of requestConnection in ms. */
  connectTimeoutMs: z.optional(number().check(z.refine((n) => n > 0, 'connectTimeoutMs must be positive'))),
})
export type InitOptions = z.input<typeof InitOptionsSchema>

/** The SDK's connect() result; `account` is the session account object. */
export const SdkConnectResultSchema = z.object({
  account: z.custom<object>((v) => typeof v === 'object' && v !== null),
  approvalRequestsCalls: z.optional(z.array(CallSchema)),
  approvalTransactionHash: z.optional(z.string()),
  deploymentPayload: z.optional(z.custom()),
  callbackData: z.optional(z.string()),
})
/** A value {@link SdkConnectResultSchema} accepts, as it parses it. */
export type SdkConnectResult = z.infer<typeof SdkConnectResultSchema>

/** Environment config as a schema (for config files / overrides). */
export const EnvironmentConfigSchema = z.object({
  chainId: z.string(),
  webWalletUrl: z.string(),
  providerBaseUrl: z.string(),
  providerDefaultUrl: z.string(),
})

/** Computed session status, in order of precedence. */
export const SessionStatusSchema = oneOfValues([
  'EXPIRED',
  'INVALID_SCOPE',
  'INVALID_SIGNATURE',
  'INVALID_SESSION',
  'VALID',
])
/** A value {@link SessionStatusSchema} accepts, as it parses it. */
export type SessionStatus = z.infer<typeof SessionStatusSchema>
