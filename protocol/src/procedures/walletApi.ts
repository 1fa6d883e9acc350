import * as z from 'zod/mini'
import {
  AssetSchema,
  ChainDefinitionSchema,
  DeploymentDataSchema,
  PermissionSchema,
  TypedDataSchema,
} from '../entities/connector'
import { CalldataSchema } from '../schemas/calldata'
import { nonEmpty, record } from '../schemas/util'
import '../schemas/genericMessages'

// The get-starknet wallet API (`wallet_*` request types, starknet-types' RpcTypeToMessageMap) as
// schemas: params and result of each, so the connector can validate what a wallet answers.

const ApiVersion = { api_version: z.optional(z.string()) }

/** A call in wallet-API form. */
export const WalletCallSchema = z.object({
  contract_address: z.string(),
  entry_point: z.string(),
  calldata: z.optional(CalldataSchema),
})

/** wallet_addDeclareTransaction params. */
export const DeclareParamsSchema = z.object({
  compiled_class_hash: z.string(),
  class_hash: z.optional(z.string()),
  contract_class: z.object({
    sierra_program: z.array(z.string()),
    contract_class_version: z.string(),
    entry_points_by_type: record(),
    abi: z.string(),
  }),
})

/**
 * Each wallet_* request: its params (`undefined` = none) and its result.
 *
 * @example
 * WALLET_REQUESTS.wallet_addInvokeTransaction.result.parse({ transaction_hash: '0x1' })
 */
export const WALLET_REQUESTS = {
  wallet_getPermissions: { params: z.optional(z.object(ApiVersion)), result: z.array(PermissionSchema) },
  wallet_requestAccounts: {
    params: z.optional(z.object({ silent_mode: z.optional(z.boolean()), ...ApiVersion })),
    result: z.array(z.string()),
  },
  wallet_requestChainId: { params: z.optional(z.object(ApiVersion)), result: z.string() },
  wallet_signTypedData: { params: TypedDataSchema, result: z.array(z.string()) },
  wallet_addInvokeTransaction: {
    params: z.object({
      calls: z.array(WalletCallSchema).check(nonEmpty('Call list must not be empty')),
      ...ApiVersion,
    }),
    result: z.object({ transaction_hash: z.string() }),
  },
  wallet_addDeclareTransaction: {
    params: DeclareParamsSchema,
    result: z.object({ transaction_hash: z.string(), class_hash: z.string() }),
  },
  wallet_addStarknetChain: { params: ChainDefinitionSchema, result: z.boolean() },
  wallet_switchStarknetChain: {
    params: z.object({ chainId: z.string(), ...ApiVersion }),
    result: z.boolean(),
  },
  wallet_watchAsset: { params: AssetSchema, result: z.boolean() },
  wallet_deploymentData: { params: z.optional(z.object(ApiVersion)), result: DeploymentDataSchema },
  wallet_supportedSpecs: { params: z.optional(z.object({})), result: z.array(z.string()) },
  wallet_supportedWalletApi: { params: z.optional(z.object({})), result: z.array(z.string()) },
} as const

export type WalletRequestType = keyof typeof WALLET_REQUESTS
export const WalletRequestTypeSchema = z.enum(
  Object.keys(WALLET_REQUESTS) as [WalletRequestType, ...WalletRequestType[]],
)
export type WalletRequestParams<T extends WalletRequestType> = z.input<(typeof WALLET_REQUESTS)[T]['params']>
export type WalletRequestResult<T extends WalletRequestType> = z.output<(typeof WALLET_REQUESTS)[T]['result']>

/** A `request({ type, params })` call as the StarknetWindowObject receives it. */
export type WalletRequest = {
  [T in WalletRequestType]: { type: T; params?: WalletRequestParams<T> }
}[WalletRequestType]

/**
 * Validates a request call: known type, params matching it. Returns the issues' first message on failure.
 *
 * @example
 * parseWalletRequest({ type: 'wallet_requestChainId' }) // { success: true, request: { type: 'wallet_requestChainId', params: undefined } }
 */
export function parseWalletRequest(
  call: unknown,
): { success: true; request: WalletRequest } | { success: false; message: string } {
  const type = WalletRequestTypeSchema.safeParse((call as { type?: unknown } | null)?.type)
  if (!type.success) return { success: false, message: 'not implemented' }
  const params = WALLET_REQUESTS[type.data].params.safeParse((call as { params?: unknown }).params)
  if (!params.success) return { success: false, message: params.error.issues[0]?.message ?? 'Invalid params' }
  return { success: true, request: { type: type.data, params: params.data } as WalletRequest }
}
