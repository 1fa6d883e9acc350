import { FeltStringSchema } from '@webwallet/protocol'
import * as z from 'zod/mini'

// SNIP-29 writes felts as hex strings; numbers and decimal strings are read too (starknet.js passes a
// deployment's values and the time bounds as the app gave them).
const Felt = z.pipe(
  z.union([FeltStringSchema, z.int().check(z.minimum(0))]),
  z.transform((value) => BigInt(value)),
)

const Call = z.object({ to: Felt, selector: Felt, calldata: z.array(Felt) })

export const Deployment = z.object({
  address: Felt,
  class_hash: Felt,
  salt: Felt,
  calldata: z.array(Felt),
  sigdata: z.optional(z.array(Felt)),
  version: z.union([z.literal(1), z.literal('0x1'), z.literal('1')]),
})
export type Deployment = z.infer<typeof Deployment>

const Invoke = z.object({ user_address: Felt, calls: z.array(Call).check(z.minLength(1)) })

/** `paymaster_buildTransaction`'s `transaction`. */
export const UserTransaction = z.discriminatedUnion('type', [
  z.object({ type: z.literal('invoke'), invoke: Invoke }),
  z.object({ type: z.literal('deploy'), deployment: Deployment }),
  z.object({ type: z.literal('deploy_and_invoke'), deployment: Deployment, invoke: Invoke }),
])
export type UserTransaction = z.infer<typeof UserTransaction>

// The typed data is read by the paymaster core (as the AVNU API's is).
const ExecutableInvoke = z.object({
  user_address: Felt,
  typed_data: z.record(z.string(), z.unknown()),
  signature: z.array(Felt).check(z.minLength(1)),
})

/** `paymaster_executeTransaction`'s `transaction`. */
export const ExecutableTransaction = z.discriminatedUnion('type', [
  z.object({ type: z.literal('invoke'), invoke: ExecutableInvoke }),
  z.object({ type: z.literal('deploy'), deployment: Deployment }),
  z.object({ type: z.literal('deploy_and_invoke'), deployment: Deployment, invoke: ExecutableInvoke }),
])
export type ExecutableTransaction = z.infer<typeof ExecutableTransaction>

/** `parameters` of both: version 1, the fee mode and optional time bounds (seconds). */
export const ExecutionParameters = z.object({
  version: z.literal('0x1'),
  fee_mode: z.discriminatedUnion('mode', [
    z.object({ mode: z.literal('sponsored') }),
    z.object({ mode: z.literal('default'), gas_token: Felt }),
  ]),
  time_bounds: z.optional(z.object({ execute_after: Felt, execute_before: Felt })),
})
export type ExecutionParameters = z.infer<typeof ExecutionParameters>

export const BuildParams = z.object({ transaction: UserTransaction, parameters: ExecutionParameters })
export const ExecuteParams = z.object({ transaction: ExecutableTransaction, parameters: ExecutionParameters })

/** A JSON-RPC 2.0 request. */
export const RpcRequest = z.object({
  jsonrpc: z.literal('2.0'),
  method: z.string(),
  params: z.optional(z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())])),
  id: z.optional(z.union([z.string(), z.number(), z.null()])),
})
