import * as z from 'zod/mini'
import { WEBWALLET_ERROR_CODES } from '../errors/codes'
import { CalldataItemSchema, CalldataSchema } from '../schemas/calldata'
import { DeploymentVersionSchema, ThemeSchema } from '../schemas/misc'
import { boolean, nonEmpty, number, oneOf, oneOfValues, record } from '../schemas/util'
import '../schemas/genericMessages'

// Connector entities of docs/protocol.md, Entities. Field names are the wire names starknetkit uses.

/** The wallet as the connector presents it. */
export const WalletProviderSchema = z.object({
  host: z.string(),
  id: z.string(),
  icon: z.string(),
  name: z.string(),
  version: z.string(),
})
/** A value {@link WalletProviderSchema} accepts, as it parses it. */
export type WalletProvider = z.infer<typeof WalletProviderSchema>

/** What connectWebwallet / connectWebwalletSSO answer; both fields absent means "not connected". */
export const ConnectResultSchema = z.object({
  account: z.optional(z.array(z.string())),
  chainId: z.optional(z.string()),
})
/** A value {@link ConnectResultSchema} accepts, as it parses it. */
export type ConnectResult = z.infer<typeof ConnectResultSchema>

/**
 * A contract call as dapps write it.
 *
 * @example
 * CallSchema.parse({ contractAddress: '0x1', entrypoint: 'transfer', calldata: ['0x2', 10n, 'memo'] })
 */
export const CallSchema = z.object({
  contractAddress: z.string(),
  entrypoint: z.string(),
  calldata: z.optional(CalldataSchema),
})
/** A value {@link CallSchema} accepts, as it parses it. */
export type Call = z.infer<typeof CallSchema>

/** A non-empty list of calls. */
export const CallListSchema = z.array(CallSchema).check(nonEmpty('Call list must not be empty'))
/** A value {@link CallListSchema} accepts, as it parses it. */
export type Calls = z.infer<typeof CallListSchema>

/** One field of a SNIP-12 type: plain, or a merkletree / enum with the type it contains. */
export const TypedDataFieldSchema = oneOf([
  z.object({ name: z.string(), type: oneOfValues(['merkletree', 'enum']), contains: z.string() }),
  z.object({ name: z.string(), type: z.string() }),
])
/** A value {@link TypedDataFieldSchema} accepts, as it parses it. */
export type TypedDataField = z.infer<typeof TypedDataFieldSchema>

/**
 * SNIP-12 typed data.
 *
 * @example
 * TypedDataSchema.parse({ types: { StarknetDomain: [{ name: 'name', type: 'shortstring' }] }, primaryType: 'StarknetDomain', domain: {}, message: {} })
 */
export const TypedDataSchema = z.object({
  types: record<TypedDataField[]>(
    (fields) => Array.isArray(fields) && fields.every((f) => TypedDataFieldSchema.safeParse(f).success),
    'Invalid typed data types',
  ),
  primaryType: z.string(),
  domain: record(),
  message: record(),
})
/** A value {@link TypedDataSchema} accepts, as it parses it. */
export type TypedData = z.infer<typeof TypedDataSchema>

/** An ERC-20 asset (watchAsset, native currency). */
export const AssetSchema = z.object({
  type: oneOfValues(['ERC20']),
  options: z.object({
    address: z.string(),
    symbol: z.optional(z.string()),
    decimals: z.optional(number()),
    image: z.optional(z.string()),
    name: z.optional(z.string()),
  }),
})
/** A value {@link AssetSchema} accepts, as it parses it. */
export type Asset = z.infer<typeof AssetSchema>

/** A chain as wallet_addStarknetChain describes it. */
export const ChainDefinitionSchema = z.object({
  id: z.string(),
  chain_id: z.string(),
  chain_name: z.string(),
  rpc_urls: z.optional(z.array(z.string())),
  block_explorer_url: z.optional(z.array(z.string())),
  native_currency: z.optional(AssetSchema),
  icon_urls: z.optional(z.array(z.string())),
})
/** A value {@link ChainDefinitionSchema} accepts, as it parses it. */
export type ChainDefinition = z.infer<typeof ChainDefinitionSchema>

/** execute()'s third argument. */
export const ExecuteOptionsSchema = z.object({
  nonce: z.optional(CalldataItemSchema),
  maxFee: z.optional(CalldataItemSchema),
  version: z.optional(CalldataItemSchema),
})
/** A value {@link ExecuteOptionsSchema} accepts, as it parses it. */
export type ExecuteOptions = z.infer<typeof ExecuteOptionsSchema>

/** Deployment data in the wallet-request form (wallet_deploymentData). */
export const DeploymentDataSchema = z.object({
  address: z.string(),
  class_hash: z.string(),
  salt: z.string(),
  calldata: z.array(z.string()),
  sigdata: z.optional(z.array(z.string())),
  version: DeploymentVersionSchema,
})
/** A value {@link DeploymentDataSchema} accepts, as it parses it. */
export type DeploymentData = z.infer<typeof DeploymentDataSchema>

const INVALID_APPROVAL = 'Invalid approval request'
const approvalField = z.string({ error: INVALID_APPROVAL }).check(nonEmpty(INVALID_APPROVAL))
/**
 * An ERC-20 allowance the session asks for.
 *
 * @example
 * ApprovalRequestSchema.safeParse({ tokenAddress: '0x1' }).error?.issues[0]?.message // 'Invalid approval request'
 */
export const ApprovalRequestSchema = z.object(
  { tokenAddress: approvalField, spender: approvalField, amount: approvalField },
  { error: INVALID_APPROVAL },
)
/** A value {@link ApprovalRequestSchema} accepts, as it parses it. */
export type ApprovalRequest = z.infer<typeof ApprovalRequestSchema>

/** connectAndSignSession input. `theme` is sent by starknetkit along with the request. */
export const SessionSignRequestSchema = z.object({
  callbackData: z.optional(z.string()),
  approvalRequests: z.array(ApprovalRequestSchema),
  sessionTypedData: TypedDataSchema,
  theme: z.optional(ThemeSchema),
})
/** A value {@link SessionSignRequestSchema} accepts, as it parses it. */
export type SessionSignRequest = z.infer<typeof SessionSignRequestSchema>

/** Session-signing result code, as `errorCode` / `webwalletErrorCode`. */
export const WebwalletErrorCodeSchema = oneOfValues(WEBWALLET_ERROR_CODES)

/** connectAndSignSession output. */
export const SessionSignResultSchema = z.object({
  account: z.optional(z.array(z.string())),
  chainId: z.optional(z.string()),
  signature: z.optional(z.array(z.string())),
  approvalTransactionHash: z.optional(z.string()),
  deploymentPayload: z.optional(z.custom()),
  approvalRequestsCalls: z.optional(z.array(CallSchema)),
  errorCode: z.optional(WebwalletErrorCodeSchema),
})
/** A value {@link SessionSignResultSchema} accepts, as it parses it. */
export type SessionSignResult = z.infer<typeof SessionSignResultSchema>

/** getLoginStatus output. */
export const LoginStatusSchema = z.object({
  isLoggedIn: boolean(),
  hasSession: z.optional(boolean()),
  isPreauthorized: z.optional(boolean()),
})
/** A value {@link LoginStatusSchema} accepts, as it parses it. */
export type LoginStatus = z.infer<typeof LoginStatusSchema>

/** Options of the web-wallet connector. */
export const ConnectorOptionsSchema = z.object({
  url: z.optional(z.string()),
  theme: z.optional(ThemeSchema),
  ssoToken: z.optional(z.string()),
  authorizedPartyId: z.optional(z.string()),
})
/** A value {@link ConnectorOptionsSchema} accepts, as it parses it. */
export type ConnectorOptions = z.infer<typeof ConnectorOptionsSchema>

/** Events a dapp can listen to. */
export const WalletEventNameSchema = oneOfValues(['accountsChanged', 'networkChanged'])
/** A value {@link WalletEventNameSchema} accepts, as it parses it. */
export type WalletEventName = z.infer<typeof WalletEventNameSchema>

/** The one wallet permission. */
export const PermissionSchema = oneOfValues(['accounts'])
