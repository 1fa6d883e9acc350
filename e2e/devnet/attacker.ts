// What an attacker holding a stolen session key can send, built by hand from the wire formats (no SDK): a
// session-token INVOKE V3 (protocol/src/session/sessionToken.ts), the cosigner's two requests
// (wallet-sim/src/services/cosigner/requests.ts) and SNIP-9 outside executions. Every piece of the token can be
// swapped for a forged one; the guardian's signature can come from the cosigner or from its key directly.
import type { Session as StoredSession } from '@webwallet/protocol'
import {
  type AllowedMethod,
  allowedMethodsTree,
  buildOutsideExecution,
  buildSession,
  type Felt,
  type NamedOutsideCall,
  type OnChainSession,
  type OutsideExecution,
  onChainSession,
  outsideExecutionHash,
  outsideExecutionTypedData,
  type StarknetSignerSignature,
  selectorFromName,
  serializeSessionToken,
  sessionMessageHash,
  signHash,
  toHex,
} from '@webwallet/protocol/session'
import { type FeeEstimate, resourceBoundsFromEstimate } from '@webwallet/shim'
import { hash } from '../support/starknet10'

/** A call as apps write it (entrypoint by name, calldata as decimal or hex strings). */
export interface AppCall {
  contractAddress: string
  entrypoint: string
  calldata: string[]
}

/** The session as the attacker reads it off the victim's storage, plus the stolen private key. */
export interface StolenSession {
  readonly stored: StoredSession
  readonly privateKey: string
}

/** What goes into one session token; each field can be forged. */
export interface TokenParts {
  session: OnChainSession
  /** The wallet's owner + guardian signature over the session hash, as felts. */
  authorisation: readonly Felt[]
  sessionSignature: StarknetSignerSignature
  guardianSignature: StarknetSignerSignature
  proofs: readonly (readonly Felt[])[]
  /** Argent's `cache_authorization`: the account remembers the authorisation; later tokens may leave it out. */
  cache?: boolean
}

// As long as a session token for one call, so the estimate counts the signature's data as the real one will.
const PLACEHOLDER = Array.from({ length: 32 }, () => '0x1')

type RpcError = { code: number; message: string; data?: unknown }

/** One JSON-RPC call, answering the result or the node's error as it is. */
export async function rpcCall<T>(
  url: string,
  method: string,
  params: unknown,
): Promise<{ result: T } | { error: RpcError }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const answer = (await response.json()) as { result?: T; error?: RpcError }
  return answer.error ? { error: answer.error } : { result: answer.result as T }
}

async function rpcResult<T>(url: string, method: string, params: unknown): Promise<T> {
  const answer = await rpcCall<T>(url, method, params)
  if ('error' in answer) throw new Error(`${method}: ${JSON.stringify(answer.error)}`)
  return answer.result
}

/** The on-chain session of what the wallet signed, and the proof of `call` in its allowed methods. */
export function signedParts(stolen: StolenSession): {
  session: OnChainSession
  proofOf: (call: { contractAddress: string; entrypoint: string }) => Felt[]
} {
  const { stored } = stolen
  const methods: AllowedMethod[] = stored.allowedMethods.map((m) => ({ ...m }))
  const session = onChainSession(
    buildSession({
      expiresAt: stored.expiresAt,
      allowedMethods: methods,
      metadata: stored.metadata,
      sessionPublicKey: stored.sessionKey.publicKey,
      sessionKeyGuid: stored.sessionKeyGuid,
    }),
  )
  return { session, proofOf: (call) => allowedMethodsTree(methods).proofFor(call) }
}

/** The session-token signature felts (hex) of `parts`. */
export function tokenFelts(parts: TokenParts): string[] {
  return serializeSessionToken({
    session: parts.session,
    cacheAuthorization: parts.cache ?? false,
    sessionAuthorization: parts.authorisation,
    sessionSignature: parts.sessionSignature,
    guardianSignature: parts.guardianSignature,
    proofs: parts.proofs,
  }).map(toHex)
}

/** The Stark curve's order: (r, n − s) verifies wherever (r, s) does, unless a verifier insists on low s. */
const STARK_ORDER = 0x0800000000000010ffffffffffffffffb781126dcae7b2321e66a241adc64d2fn

/** The other valid signature of the same hash: s negated modulo the curve order. */
export const malleated = (signature: StarknetSignerSignature): StarknetSignerSignature => ({
  ...signature,
  s: STARK_ORDER - signature.s,
})

/** poseidon(hash, session hash, cache flag) signed by `privateKey`: what the session key and the guardian sign. */
export const signSessionMessage = (txHash: Felt, sessionHash: Felt, privateKey: string, cache = false) =>
  signHash(sessionMessageHash(txHash, sessionHash, cache), privateKey)

/** An INVOKE V3 from `sender` for `calls`, with bounds from a validation-free estimate, and its hash. */
export async function unsignedInvoke(rpcUrl: string, sender: string, calls: readonly AppCall[]) {
  const chainId = await rpcResult<string>(rpcUrl, 'starknet_chainId', [])
  const nonce = await rpcResult<string>(rpcUrl, 'starknet_getNonce', {
    block_id: 'pre_confirmed',
    contract_address: sender,
  })
  const calldata = [
    toHex(BigInt(calls.length)),
    ...calls.flatMap((call) => [
      toHex(BigInt(call.contractAddress)),
      toHex(selectorFromName(call.entrypoint)),
      toHex(BigInt(call.calldata.length)),
      ...call.calldata.map((value) => toHex(BigInt(value))),
    ]),
  ]
  const zero = { max_amount: '0x0', max_price_per_unit: '0x0' }
  const base = {
    type: 'INVOKE' as const,
    version: '0x3' as const,
    sender_address: sender,
    calldata,
    nonce,
    tip: '0x0',
    paymaster_data: [] as string[],
    account_deployment_data: [] as string[],
    nonce_data_availability_mode: 'L1' as const,
    fee_data_availability_mode: 'L1' as const,
  }
  const [estimate] = await rpcResult<FeeEstimate[]>(rpcUrl, 'starknet_estimateFee', {
    request: [
      { ...base, resource_bounds: { l1_gas: zero, l2_gas: zero, l1_data_gas: zero }, signature: PLACEHOLDER },
    ],
    simulation_flags: ['SKIP_VALIDATE'],
    block_id: 'pre_confirmed',
  })
  // The SDK's margins (50% on amounts and prices), and L2 gas for the validation the estimate skipped: a
  // cached authorisation's storage write goes past the SDK's 50% on devnet (the SDK never caches).
  const bounds = resourceBoundsFromEstimate(estimate!)
  bounds.l2_gas.max_amount *= 2n
  const hex = (b: { max_amount: bigint; max_price_per_unit: bigint }) => ({
    max_amount: toHex(b.max_amount),
    max_price_per_unit: toHex(b.max_price_per_unit),
  })
  const tx = {
    ...base,
    resource_bounds: {
      l1_gas: hex(bounds.l1_gas),
      l1_data_gas: hex(bounds.l1_data_gas),
      l2_gas: hex(bounds.l2_gas),
    },
  }
  const txHash = BigInt(
    hash.calculateInvokeTransactionHash({
      senderAddress: sender,
      version: '0x3',
      compiledCalldata: calldata,
      chainId: chainId as never,
      nonce,
      accountDeploymentData: [],
      nonceDataAvailabilityMode: 0 as never,
      feeDataAvailabilityMode: 0 as never,
      resourceBounds: bounds,
      tip: 0n,
      paymasterData: [],
    }),
  )
  return { tx, hash: txHash, chainId }
}

/** The cosigner's `session` body for a session-key signature. */
export function cosignerSession(
  sessionHash: Felt,
  authorisation: readonly Felt[],
  sessionSignature: StarknetSignerSignature,
  cache = false,
) {
  return {
    sessionHash: toHex(sessionHash),
    sessionAuthorisation: authorisation.map(toHex),
    cacheAuthorisation: cache,
    sessionSignature: {
      type: 'StarknetKey',
      signer: {
        publicKey: toHex(sessionSignature.signer),
        r: toHex(sessionSignature.r),
        s: toHex(sessionSignature.s),
      },
    },
  }
}

/** The cosigner's answer: its guardian signature, or the refusal's `status` word. */
export type CosignerAnswer = { signature: StarknetSignerSignature } | { refused: string }

/** POST /cosigner/signSession (an invoke) or /cosigner/signSessionEFO (an outside execution). */
export async function askCosigner(
  simUrl: string,
  path: 'signSession' | 'signSessionEFO',
  body: unknown,
): Promise<CosignerAnswer> {
  const response = await fetch(`${simUrl}/cosigner/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  const answer = (await response.json()) as {
    status?: string
    code?: string
    signature?: { publicKey: string; r: string; s: string }
  }
  if (!response.ok || !answer.signature)
    return { refused: `${response.status} ${answer.status ?? answer.code}` }
  const { publicKey, r, s } = answer.signature
  return { signature: { signer: BigInt(publicKey), r: BigInt(r), s: BigInt(s) } }
}

/** The cosigner's `transaction` body: the INVOKE in decimal strings, as x-sessions sends it. */
export function cosignerTransaction(tx: Awaited<ReturnType<typeof unsignedInvoke>>['tx'], chainId: string) {
  const dec = (value: string) => BigInt(value).toString(10)
  const bound = (b: { max_amount: string; max_price_per_unit: string }) => ({
    max_amount: dec(b.max_amount),
    max_price_per_unit: dec(b.max_price_per_unit),
  })
  return {
    sender_address: tx.sender_address,
    calldata: tx.calldata,
    nonce: dec(tx.nonce),
    version: '3',
    chain_id: dec(chainId),
    resource_bounds: {
      l1_gas: bound(tx.resource_bounds.l1_gas),
      l1_data_gas: bound(tx.resource_bounds.l1_data_gas),
      l2_gas: bound(tx.resource_bounds.l2_gas),
    },
    tip: '0',
    paymaster_data: [],
    account_deployment_data: [],
    nonce_data_availability_mode: 'L1',
    fee_data_availability_mode: 'L1',
  }
}

/** An outside execution of `calls` from `account` valid around the chain's `now`, with its typed data and hash. */
export function outsideExecution(
  account: string,
  chainId: string,
  calls: readonly NamedOutsideCall[],
  nowSeconds: number,
  caller?: string,
): { execution: OutsideExecution; typedData: unknown; hash: Felt } {
  const execution = buildOutsideExecution({
    calls,
    nonce: toHex(BigInt(Math.floor(Math.random() * 2 ** 48)) + 1n),
    nowMs: nowSeconds * 1000,
    ...(caller === undefined ? {} : { caller }),
  })
  return {
    execution,
    typedData: outsideExecutionTypedData(execution, chainId),
    hash: outsideExecutionHash(execution, account, chainId),
  }
}
