import * as z from 'zod/mini'

const FeltString = z
  .string()
  .check(z.regex(/^(0x[0-9a-fA-F]{1,64}|[0-9]{1,78})$/, 'Expected a felt (hex or decimal)'))

// x-sessions nests r and s in `signer`; accept them beside it too, as both forms are in use.
const SessionSignature = z.object({
  type: z.optional(z.string()),
  signer: z.object({ publicKey: FeltString, r: z.optional(FeltString), s: z.optional(FeltString) }),
  r: z.optional(FeltString),
  s: z.optional(FeltString),
})

/** The session part of both co-signing requests. */
export const CosignerSession = z.object({
  sessionHash: FeltString,
  sessionAuthorisation: z.array(FeltString).check(z.minLength(1)),
  cacheAuthorisation: z.boolean(),
  sessionSignature: SessionSignature,
})
export type CosignerSession = z.infer<typeof CosignerSession>

const ResourceBound = z.object({ max_amount: FeltString, max_price_per_unit: FeltString })
const DaMode = z.enum(['L1', 'L2'])

/** POST /cosigner/signSession: the session and the INVOKE V3 transaction to co-sign (before its signature). */
export const SignSessionBody = z.object({
  session: CosignerSession,
  transaction: z.object({
    sender_address: FeltString,
    calldata: z.array(FeltString),
    nonce: FeltString,
    version: FeltString,
    chain_id: z.string(),
    resource_bounds: z.object({
      l1_gas: ResourceBound,
      l2_gas: ResourceBound,
      l1_data_gas: z.optional(ResourceBound),
    }),
    tip: z.optional(FeltString),
    paymaster_data: z.optional(z.array(FeltString)),
    account_deployment_data: z.optional(z.array(FeltString)),
    nonce_data_availability_mode: z.optional(DaMode),
    fee_data_availability_mode: z.optional(DaMode),
  }),
})
export type SignSessionBody = z.infer<typeof SignSessionBody>

const OutsideCall = z.object({ To: FeltString, Selector: z.string(), Calldata: z.array(FeltString) })

/** POST /cosigner/signSessionEFO: the session and the SNIP-9 v2 outside-execution typed data. */
export const SignSessionEfoBody = z.object({
  session: CosignerSession,
  message: z.object({
    type: z.optional(z.string()),
    accountAddress: FeltString,
    chain: z.optional(z.string()),
    network: z.optional(z.enum(['mainnet', 'sepolia'])),
    message: z.object({
      primaryType: z.literal('OutsideExecution'),
      domain: z.object({ name: z.literal('Account.execute_from_outside'), chainId: z.string() }),
      message: z.object({
        Caller: FeltString,
        Nonce: FeltString,
        'Execute After': FeltString,
        'Execute Before': FeltString,
        Calls: z.array(OutsideCall).check(z.minLength(1)),
      }),
    }),
  }),
})
export type SignSessionEfoBody = z.infer<typeof SignSessionEfoBody>
