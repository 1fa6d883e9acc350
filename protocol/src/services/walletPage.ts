// The hosted wallet's HTTP API for its own page (mounted at `/wallet/api`): each route's request (body or
// query) and answer, written once. wallet-sim's server validates requests with them and types its answers by
// them; the wallet page parses every answer with them. Every route but `chainId` needs the login token.
import * as z from 'zod/mini'
import {
  CallListSchema,
  DeploymentDataSchema,
  LoginStatusSchema,
  SessionSignRequestSchema,
  SessionSignResultSchema,
  TypedDataSchema,
} from '../entities/connector'
import { boolean, number } from '../schemas/util'
import { isRpcHexFelt } from '../starknet/felt'

const Origin = z.string('origin must be a string').check(z.minLength(1))
const OriginOnly = z.object({ origin: Origin })
/** A decimal amount in a token's base units. */
const Amount = z.string().check(z.regex(/^\d+$/))

/** GET /chainId (no login): the simulator's chain. */
export namespace chainId {
  export const path = '/wallet/api/chainId'
  export const Response = z.object({ chainId: z.string() })
  export type Response = z.output<typeof Response>
}

/**
 * GET /account[?origin=]: the logged-in user's account as the page shows it; with `origin`, whether the user
 * connected that dapp too (`connected`), so the page learns who and whether in one round trip.
 */
export namespace account {
  export const path = '/wallet/api/account'
  export const Query = z.object({ origin: z.optional(Origin) })
  export type Query = z.input<typeof Query>
  export const Response = z.object({
    email: z.string(),
    address: z.string(),
    chainId: z.string(),
    deployed: boolean(),
    balances: z.object({ STRK: Amount, ETH: Amount }),
    /** The default fee caps of a transaction (STRK, ETH), in base units. */
    txFeeDefaults: z.optional(z.readonly(z.array(Amount))),
    /** The paymaster's gas tokens: the only tokens a session's fee caps may name. */
    feeTokens: z.optional(z.readonly(z.array(z.string()))),
    /**
     * The chain's clock when the server answered, in seconds since the epoch (the timestamp the next
     * transaction runs with): what session expiry and outside-execution windows are judged by on screen,
     * never the device's clock. Absent when the server could not read it: the page then shows dates only.
     */
    chainTime: z.optional(z.int().check(z.nonnegative())),
    /** Whether the user connected the query's `origin`; absent when the request named none. */
    connected: z.optional(boolean()),
  })
  export type Response = z.output<typeof Response>
}

/** GET /permissions?origin=: whether the user connected the dapp. */
export namespace permissions {
  export const path = '/wallet/api/permissions'
  export const Query = OriginOnly
  export type Query = z.input<typeof Query>
  export const Response = z.object({ connected: boolean() })
  export type Response = z.output<typeof Response>
}

/** GET /loginStatus?origin=: getLoginStatus for the dapp; never a 401 (`{isLoggedIn: false}` instead). */
export namespace loginStatus {
  export const path = '/wallet/api/loginStatus'
  export const Query = OriginOnly
  export type Query = z.input<typeof Query>
  export const Response = LoginStatusSchema
  export type Response = z.output<typeof Response>
}

/** POST /connect: connect the dapp; its accounts and chain. */
export namespace connect {
  export const path = '/wallet/api/connect'
  export const Request = OriginOnly
  export type Request = z.input<typeof Request>
  export const Response = z.object({ account: z.array(z.string()), chainId: z.string() })
  export type Response = z.output<typeof Response>
}

/** POST /disconnect: forget the dapp's connection; answers 204. */
export namespace disconnect {
  export const path = '/wallet/api/disconnect'
  export const Request = OriginOnly
  export type Request = z.input<typeof Request>
}

/** A session the user signed for an app, as the Connected apps page lists it. */
const AppSession = z.object({
  /** The session hash (hex felt): what the account and the cosigner know it by. */
  sessionHash: z.string(),
  /** Seconds since the epoch, on the chain's clock. */
  expiresAt: number(),
  /** `active`, `expired` (by the chain's clock), or `revoked` (on chain or at the cosigner). */
  status: z.enum(['active', 'expired', 'revoked']),
  allowedMethods: z.array(z.object({ contractAddress: z.string(), selector: z.string() })),
  /** The most the session may spend on gas per fee token (base units); none when it set no caps. */
  txFees: z.array(z.object({ tokenAddress: z.string(), maxAmount: Amount })),
})

/** GET /apps: the apps the user connected or signed sessions for, each with its sessions. */
export namespace apps {
  export const path = '/wallet/api/apps'
  export const Response = z.object({
    apps: z.array(z.object({ origin: Origin, connected: boolean(), sessions: z.array(AppSession) })),
  })
  export type Response = z.output<typeof Response>
}

/**
 * POST /revokeSession: revoke one of the user's sessions, at the cosigner at once and on chain (the account's
 * `revoke_session`, signed by owner and guardian) when the account is deployed. `transactionHash` is the
 * on-chain revocation's; absent when the account is not deployed or revoked it already (no session
 * transaction runs without the cosigner's signature, which it now refuses). 404 for no session of the user.
 */
export namespace revokeSession {
  export const path = '/wallet/api/revokeSession'
  export const Request = z.object({
    sessionHash: z.string().check(z.refine((hash) => isRpcHexFelt(hash), 'Invalid session hash')),
  })
  export type Request = z.input<typeof Request>
  export const Response = z.object({
    sessionHash: z.string(),
    transactionHash: z.optional(z.string()),
    /** Why the node refused the on-chain revocation (e.g. the account cannot pay its fee); the cosigner's stands. */
    onChainError: z.optional(z.string()),
  })
  export type Response = z.output<typeof Response>
}

/** POST /signTypedData: the account's signature of SNIP-12 typed data. */
export namespace signTypedData {
  export const path = '/wallet/api/signTypedData'
  export const Request = z.object({ origin: Origin, typedData: TypedDataSchema })
  export type Request = z.input<typeof Request>
  export const Response = z.object({ signature: z.array(z.string()) })
  export type Response = z.output<typeof Response>
}

/** POST /signSession: sign a session (and its token approvals); connects the dapp. */
export namespace signSession {
  export const path = '/wallet/api/signSession'
  export const Request = z.object({ origin: Origin, request: SessionSignRequestSchema })
  export type Request = z.input<typeof Request>
  export const Response = SessionSignResultSchema
  export type Response = z.output<typeof Response>
}

/** POST /execute: send the calls as the account (deploying it first). */
export namespace execute {
  export const path = '/wallet/api/execute'
  export const Request = z.object({ origin: Origin, calls: CallListSchema })
  export type Request = z.input<typeof Request>
  export const Response = z.object({ transactionHash: z.string() })
  export type Response = z.output<typeof Response>
}

/** Why a reviewed transaction would not go through: it reverts, or the node would not admit it. */
const ReviewFailure = z.object({
  kind: z.enum(['reverts', 'refused']),
  /** The reason in a few words (the contract's panic text where there is one). */
  error: z.string(),
  /** The node's whole text: the review's "Details". */
  detail: z.optional(z.string()),
  /** The index of the user's call that failed, when the trace names exactly one. */
  call: z.optional(z.int().check(z.nonnegative())),
})

/** POST /review: what the review screen shows before the user confirms; nothing is signed. */
export namespace review {
  export const path = '/wallet/api/review'
  export const Request = execute.Request
  export type Request = z.input<typeof Request>
  export const Response = z.object({
    /** The token fees are paid in (V3 transactions: STRK). */
    feeToken: z.string(),
    /** Expected and most fee in base units, or why there is no estimate. */
    fee: z.union([z.object({ amount: Amount, maxAmount: Amount }), ReviewFailure]),
    /** The account's balance of the fee token. */
    balance: Amount,
    /** The account is deployed first: the fee includes that deployment. */
    deploysFirst: boolean(),
    /** The class name of each called contract the chain knows, by the address the call gives. */
    contracts: z.record(z.string(), z.string()),
  })
  export type Response = z.output<typeof Response>
  export type Failure = z.output<typeof ReviewFailure>
}

/** POST /contractNames: the class names of the contracts the chain knows, by address. */
export namespace contractNames {
  export const path = '/wallet/api/contractNames'
  export const Request = z.object({ addresses: z.array(z.string()).check(z.maxLength(100)) })
  export type Request = z.input<typeof Request>
  export const Response = z.object({ contracts: z.record(z.string(), z.string()) })
  export type Response = z.output<typeof Response>
}

/** POST /devLogin: the `--email` user without a code, while approvals are automatic (404 otherwise). */
export namespace devLogin {
  export const path = '/wallet/api/devLogin'
  export const Request = z.object({ origin: z.optional(z.string()) })
  export type Request = z.input<typeof Request>
  export const Response = z.object({ token: z.string(), email: z.string() })
  export type Response = z.output<typeof Response>
}

/**
 * GET /devLogin?origin=: whether POST /devLogin would log the `--email` user in for that dapp. Always 200, so
 * a wallet page asks before it tries and a normal open (manual approvals, a dapp not allowed) logs no failure.
 */
export namespace devLoginAvailable {
  export const path = '/wallet/api/devLogin'
  export const Query = z.object({ origin: z.optional(z.string().check(z.maxLength(2048))) })
  export type Query = z.input<typeof Query>
  export const Response = z.object({ available: boolean() })
  export type Response = z.output<typeof Response>
}

/**
 * POST /decide: how the simulator answers the dapp's next prompt for the user. A login token sent with it must
 * still be valid (401 otherwise, before any one-shot answer is taken): the page's cached account is only
 * used while the server still honours its login.
 */
export namespace decide {
  export const path = '/wallet/api/decide'
  export const Request = OriginOnly
  export type Request = z.input<typeof Request>
  export const Response = z.union([
    z.object({ answer: z.enum(['manual', 'approve', 'reject']) }),
    z.object({ answer: z.literal('fail'), code: z.string(), message: z.optional(z.string()) }),
  ])
  export type Response = z.output<typeof Response>
}

/** GET /deploymentData?origin=: the account's deployment data, for a connected dapp only. */
export namespace deploymentData {
  export const path = '/wallet/api/deploymentData'
  export const Query = OriginOnly
  export type Query = z.input<typeof Query>
  export const Response = DeploymentDataSchema
  export type Response = z.output<typeof Response>
}
