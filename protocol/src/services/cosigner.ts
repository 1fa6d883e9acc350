// The session cosigner's HTTP contract (mounted at `/cosigner`): each route's request and answer, and its
// refusals, written once. wallet-sim's cosigner validates requests with these schemas; the shim, which keeps
// zod out of its bundle, builds the same bodies against their types (`import type`).
import * as z from 'zod/mini'
import { FeltStringSchema as FeltString } from '../schemas/felt'
import { boolean } from '../schemas/util'
import { shortStringFelt } from '../starknet/felt'
import { FIELD_PRIME } from '../starknet/field'
import { COSIGNER_REFUSALS } from './cosignerRefusals'

// x-sessions nests r and s in `signer`; accept them beside it too, as both forms are in use.
const StarkSessionSignature = z.object({
  type: z.optional(z.string().check(z.refine((type) => type !== 'Webauthn'))),
  signer: z.object({ publicKey: FeltString, r: z.optional(FeltString), s: z.optional(FeltString) }),
  r: z.optional(FeltString),
  s: z.optional(FeltString),
})
// A WebAuthn (P-256) session key, e.g. the SDK's non-extractable WebCrypto key: the Cairo serialisation of
// its `SignerSignature::Webauthn` (variant 4, Argent account 0.4 layout), as the session token carries it.
const WebauthnSessionSignature = z.object({
  type: z.literal('Webauthn'),
  signerSignature: z.array(FeltString).check(z.minLength(1), z.maxLength(1024)),
})
const SessionSignature = z.union([WebauthnSessionSignature, StarkSessionSignature])

/** The session part of both co-signing requests. */
export const CosignerSession = z.object({
  sessionHash: FeltString,
  sessionAuthorisation: z.array(FeltString).check(z.minLength(1)),
  cacheAuthorisation: boolean(),
  sessionSignature: SessionSignature,
})
/** A value {@link CosignerSession} accepts, as it parses it. */
export type CosignerSession = z.infer<typeof CosignerSession>

const ResourceBound = z.object({ max_amount: FeltString, max_price_per_unit: FeltString })
const DaMode = z.enum(['L1', 'L2'])

/** POST /cosigner/signSession: the session and the INVOKE V3 transaction to co-sign (before its signature). */
const SignSessionRequest = z.object({
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

// SNIP-12 lets a client write a felt or u128 as a JSON number or as a hex or decimal string (starknet.js
// hashes them alike), and a felt also as a short string ('ANY_CALLER'). x-sessions sends `Execute After` and
// `Execute Before` as numbers and the calldata as the app gave it. Each is read to the bigint starknet.js
// would hash (revision 1: short strings for `felt` only, not for `ContractAddress`); numbers beyond 2^53 are
// refused, as JSON cannot carry them exactly.
const SafeInteger = z.int().check(z.minimum(0, 'Expected a non-negative integer'))
const numberBelow = (limit: bigint, message: string) =>
  z
    .pipe(
      z.union([FeltString, SafeInteger]),
      z.transform((value) => BigInt(value)),
    )
    .check(z.refine((value) => value < limit, message))
const ShortString = z.pipe(
  z
    .string()
    .check(
      z.regex(
        /^[\x20-\x7e]{1,31}$/,
        'Expected a felt: a number, a hex or decimal string, or a short string of at most 31 ASCII characters',
      ),
    ),
  // The pattern admits printable ASCII of at most 31 characters only, so the felt is always there.
  z.transform((text) => shortStringFelt(text) ?? 0n),
)
/** A SNIP-12 `ContractAddress` value, as a bigint. */
const TypedAddress = numberBelow(FIELD_PRIME, 'Expected a felt: below the field prime')
/** A SNIP-12 `felt` value (a number or a short string), as a bigint. */
const TypedFelt = z.union([TypedAddress, ShortString])
/** A SNIP-12 `u128` value, as a bigint. */
const TypedU128 = numberBelow(2n ** 128n, 'Expected a u128: below 2^128')

const OutsideCall = z.object({
  To: TypedFelt,
  Selector: z.string().check(z.minLength(1)),
  Calldata: z.array(TypedFelt),
})

/**
 * POST /cosigner/signSessionEFO: the session and the SNIP-9 v2 outside-execution typed data; its felts are
 * read to bigints, so the hash the cosigner checks is the one the client signed whatever form it wrote.
 */
const SignSessionEfoRequest = z.object({
  session: CosignerSession,
  message: z.object({
    type: z.optional(z.string()),
    accountAddress: FeltString,
    chain: z.optional(z.string()),
    network: z.optional(z.enum(['mainnet', 'sepolia'])),
    message: z.object({
      primaryType: z.literal('OutsideExecution'),
      domain: z.object({
        name: z.literal('Account.execute_from_outside'),
        chainId: z.union([z.string(), SafeInteger]),
      }),
      message: z.object({
        Caller: TypedAddress,
        Nonce: TypedFelt,
        'Execute After': TypedU128,
        'Execute Before': TypedU128,
        Calls: z.array(OutsideCall).check(z.minLength(1)),
      }),
    }),
  }),
})

/** The guardian's signature over poseidon(hash, session hash, cache flag): both routes' answer. */
const Cosigned = z.object({
  signature: z.object({ publicKey: FeltString, r: FeltString, s: FeltString }),
})

/** POST /cosigner/signSession: co-sign a session's INVOKE V3 transaction. */
export namespace signSession {
  export const path = '/cosigner/signSession'
  export const Request = SignSessionRequest
  /** The body as a client writes it (felts as strings). */
  export type Request = z.input<typeof Request>
  export const Response = Cosigned
  export type Response = z.output<typeof Response>
}

/** POST /cosigner/signSessionEFO: co-sign a session's SNIP-9 v2 outside execution. */
export namespace signSessionEFO {
  export const path = '/cosigner/signSessionEFO'
  export const Request = SignSessionEfoRequest
  /** The body as a client writes it (SNIP-12 values as numbers or strings). */
  export type Request = z.input<typeof Request>
  export const Response = Cosigned
  export type Response = z.output<typeof Response>
}

/**
 * POST /cosigner/revokeSession: the session revokes itself. `sessionSignature` is the session key's signature
 * over `sessionRevocationHash(sessionHash)` (`cacheAuthorisation` is not read); the authorisation proves the
 * wallet signed the session, the key that it is the session's own. From then on the cosigner refuses to
 * co-sign for it (`sessionRevoked`). Revoking a revoked session answers the same.
 */
export namespace revokeSession {
  export const path = '/cosigner/revokeSession'
  export const Request = z.object({ session: CosignerSession })
  /** The body as a client writes it. */
  export type Request = z.input<typeof Request>
  export const Response = z.object({ sessionHash: FeltString, revoked: z.literal(true) })
  export type Response = z.output<typeof Response>
}

/**
 * The cosigner's 403 answer: why it will not co-sign, discriminated by `status`. A client reads `status`
 * (SignSessionError's `data.status`); `message` is for people.
 *
 * @example
 * Refusal.parse({ status: 'sessionExpired', code: 'FORBIDDEN', message: 'The session has expired', messages: [] }).status // 'sessionExpired'
 */
export const Refusal = z.object({
  status: z.enum(COSIGNER_REFUSALS),
  code: z.literal('FORBIDDEN'),
  message: z.string(),
  messages: z.array(z.string()),
})
/** A value {@link Refusal} accepts, as it parses it. */
export type Refusal = z.output<typeof Refusal>
