import { FeltStringSchema, PaymasterExecuteRequestSchema } from '@webwallet/protocol'
import * as z from 'zod/mini'
import { Address } from '../../infra/http/schemas'

const Felt = z.union([FeltStringSchema, z.int().check(z.minimum(0))])

/** POST /paymaster/v1/build-typed-data; no calls is a deployment alone (sponsored, or only the fee transfer). */
export const BuildTypedDataBody = z.object({
  userAddress: Address,
  calls: z.array(
    z.object({
      contractAddress: Address,
      entrypoint: z.string().check(z.minLength(1)),
      calldata: z.optional(z.array(Felt)),
    }),
  ),
  gasTokenAddress: z.optional(Address),
  maxGasTokenAmount: z.optional(Felt),
  accountClassHash: z.optional(Felt),
})

/** POST /paymaster/v1/execute: protocol's schema (what the SDK sends), the user's address normalised. */
export const ExecuteBody = z.extend(PaymasterExecuteRequestSchema, { userAddress: Address })

/** The outside-execution typed data the paymaster built, as the client sends it back (JSON text). */
export const OutsideExecutionTypedData = z.object({
  primaryType: z.literal('OutsideExecution'),
  domain: z.object({ name: z.literal('Account.execute_from_outside'), chainId: z.string() }),
  message: z.object({
    Caller: Felt,
    Nonce: Felt,
    'Execute After': Felt,
    'Execute Before': Felt,
    Calls: z.array(z.object({ To: Felt, Selector: z.string(), Calldata: z.array(Felt) })),
  }),
})
