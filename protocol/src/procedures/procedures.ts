import * as z from 'zod/mini'
import { MODAL_TITLE_PATTERN } from '../constants'
import {
  AssetSchema,
  ChainDefinitionSchema,
  ConnectResultSchema,
  DeploymentDataSchema,
  LoginStatusSchema,
  PermissionSchema,
  SessionSignRequestSchema,
  SessionSignResultSchema,
  TypedDataSchema,
} from '../entities/connector'
import { CalldataSchema } from '../schemas/calldata'
import { StarknetVersionSchema, ThemeSchema } from '../schemas/misc'
import { nonEmpty, tuple } from '../schemas/util'
import '../schemas/genericMessages'
import { callsSchema } from './callsInput'
import { ExecuteInputSchema } from './executeInput'

// Input/output schemas of every wallet-router procedure (docs/protocol.md, Procedures), shaped so that an
// unmodified starknetkit web-wallet client works against our router. In an entry without tRPC's runtime, so
// both sides can validate.

/** A call in wallet-API form, turned into the dapp form the handlers receive. */
export const WalletApiCallSchema = z.pipe(
  z.object({ contract_address: z.string(), entry_point: z.string(), calldata: z.optional(CalldataSchema) }),
  z.transform(({ contract_address, entry_point, calldata }) => ({
    contractAddress: contract_address,
    entrypoint: entry_point,
    calldata: calldata ?? [],
  })),
)

/** @deprecated Renamed {@link WalletApiCallSchema} ("RPC" names Starknet's node API only). */
export const RpcCallSchema = WalletApiCallSchema

/**
 * Accepts one item or a non-empty list and hands the handler a list. Not a union, so a bad item
 * reports its own exact message and path instead of zod's generic union failure.
 *
 * @example
 * oneOrMany(CallSchema).parse({ contractAddress: '0x1', entrypoint: 'go' }) // [{ … }]
 */
export function oneOrMany<S extends z.ZodMiniType>(item: S) {
  return z.pipe(
    z.pipe(
      z.custom<z.input<S> | z.input<S>[]>(),
      z.transform((value: z.input<S> | z.input<S>[]): unknown[] => (Array.isArray(value) ? value : [value])),
    ),
    z.array(item).check(nonEmpty('Call list must not be empty')),
  )
}

/** show (with the screen's title) / hide the iframe modal, or change its height, width or both. */
const Size = z.number().check(z.refine((n) => n >= 0, 'Size must not be negative'))
export const ModalEventSchema = z.union([
  z.object({
    action: z.enum(['show']),
    title: z.optional(
      z.string().check(z.regex(MODAL_TITLE_PATTERN, 'Modal title must be short plain words')),
    ),
  }),
  z.object({ action: z.enum(['hide']) }),
  z.object({ action: z.enum(['updateHeight']), height: Size }),
  z.object({ action: z.enum(['updateWidth']), width: Size }),
  z.object({
    action: z.enum(['updateSize']),
    width: Size,
    height: Size,
  }),
])
/** A value {@link ModalEventSchema} accepts, as it parses it. */
export type ModalEvent = z.infer<typeof ModalEventSchema>

/**
 * Every procedure: its kind, input schema (`undefined` = takes none) and output schema.
 *
 * @example
 * PROCEDURES.requestAccounts.input.parse({ silent_mode: true })
 */
export const PROCEDURES = {
  authorize: { type: 'mutation', input: undefined, output: z.boolean() },
  connect: { type: 'mutation', input: undefined, output: ConnectResultSchema },
  connectWebwallet: {
    type: 'mutation',
    input: z.optional(z.object({ theme: z.optional(ThemeSchema) })),
    output: ConnectResultSchema,
  },
  connectWebwalletSSO: {
    type: 'mutation',
    input: z.object({ token: z.string(), authorizedPartyId: z.optional(z.string()) }),
    output: ConnectResultSchema,
  },
  connectAndSignSession: {
    type: 'mutation',
    input: SessionSignRequestSchema,
    output: SessionSignResultSchema,
  },
  enable: {
    type: 'mutation',
    input: z.optional(z.object({ starknetVersion: z.optional(StarknetVersionSchema) })),
    output: z.string(),
  },
  execute: {
    type: 'mutation',
    // starknetkit 1.x's [calls, details], starknet.js's legacy [calls, abis, details], our [calls].
    input: ExecuteInputSchema,
    output: z.string(),
  },
  signMessage: { type: 'mutation', input: tuple([TypedDataSchema]), output: z.array(z.string()) },
  signTypedData: { type: 'mutation', input: tuple([TypedDataSchema]), output: z.array(z.string()) },
  getLoginStatus: { type: 'mutation', input: undefined, output: LoginStatusSchema },
  /** Ends the wallet's login (ours, not starknetkit's): true when a login ended, false when there was none. */
  logout: { type: 'mutation', input: undefined, output: z.boolean() },
  requestAccounts: {
    type: 'mutation',
    input: z.optional(z.object({ silent_mode: z.optional(z.boolean()) })),
    output: z.array(z.string()),
  },
  requestChainId: { type: 'mutation', input: undefined, output: z.string() },
  getPermissions: { type: 'mutation', input: undefined, output: z.array(PermissionSchema) },
  addInvokeTransaction: {
    type: 'mutation',
    // starknetkit 2.x/3.x forward starknet.js WalletAccount's calls, calldata uncompiled.
    input: callsSchema('wallet'),
    output: z.string(),
  },
  deploymentData: { type: 'mutation', input: undefined, output: DeploymentDataSchema },
  addStarknetChain: { type: 'mutation', input: z.optional(ChainDefinitionSchema), output: z.boolean() },
  switchStarknetChain: {
    type: 'mutation',
    input: z.optional(z.object({ chainId: z.string() })),
    output: z.boolean(),
  },
  watchAsset: { type: 'mutation', input: z.optional(AssetSchema), output: z.boolean() },
  updateModal: { type: 'subscription', input: undefined, output: ModalEventSchema },
} as const

export type ProcedureName = keyof typeof PROCEDURES
/** The procedures that are mutations (everything but updateModal). */
export type MutationName = Exclude<ProcedureName, 'updateModal'>

type InputOf<S> = S extends z.ZodMiniType ? z.output<S> : undefined
type OutputOf<S> = S extends z.ZodMiniType ? z.input<S> : never
/** What a handler of the procedure receives (after parsing). */
export type ProcedureInput<N extends ProcedureName> = InputOf<(typeof PROCEDURES)[N]['input']>
/** What a handler of the procedure returns (before output validation). */
export type ProcedureOutput<N extends ProcedureName> = OutputOf<(typeof PROCEDURES)[N]['output']>
