import { OUTSIDE_EXECUTION_DOMAIN_NAME, OUTSIDE_EXECUTION_PRIMARY_TYPE } from '@webwallet/protocol/constants'
import {
  CallNotAllowedError,
  OutsideExecutionOnlyError,
  TypedDataMismatchError,
} from '@webwallet/protocol/errors'
import {
  assertCallsAligned,
  type NamedCall,
  selectorFromName,
  type TypedDataCall,
  toFelt,
  toHex,
} from '@webwallet/protocol/session'
import { typedData as starknetTypedData } from 'starknet'
import { cosign } from '../session/cosigner'
import { sessionSignature } from '../session/signature'
import type { AccountContext, CompiledCall } from './context'

/** Typed data as JSON (the fields this module reads). */
export interface OutsideTypedData {
  readonly types: Record<string, unknown>
  readonly primaryType: string
  readonly domain: { readonly name?: unknown; readonly [key: string]: unknown }
  readonly message: Record<string, unknown>
}

/**
 * Signs outside-execution typed data with the session (co-signed at the cosigner's signSessionEFO), once
 * {@link outsideHash} has checked it.
 *
 * @example
 * const signature = await signOutsideExecution(ctx, typedData, calls)
 */
export async function signOutsideExecution(
  ctx: AccountContext,
  typedData: OutsideTypedData,
  calls: readonly CompiledCall[],
): Promise<string[]> {
  const hash = outsideHash(ctx, typedData, calls)
  return sessionSignature(ctx.session, hash, calls, (session) =>
    cosign(ctx.fetch, ctx.cosignerBaseUrl, session, {
      message: { accountAddress: ctx.address, message: typedData, network: ctx.network },
    }),
  )
}

/**
 * The hash the session signs for outside-execution typed data; refuses another primaryType or domain and calls
 * other than the expected ones ('unaligned proofs', 'mismatched contract address', 'mismatched selector').
 *
 * @example
 * const hash = outsideHash(ctx, typedData, calls)
 */
export function outsideHash(
  ctx: AccountContext,
  typedData: OutsideTypedData,
  calls: readonly CompiledCall[],
): string {
  if (
    typedData.primaryType !== OUTSIDE_EXECUTION_PRIMARY_TYPE ||
    typedData.domain.name !== OUTSIDE_EXECUTION_DOMAIN_NAME
  ) {
    throw new OutsideExecutionOnlyError()
  }
  assertCallsAligned(readCalls(typedData.message), calls)
  // Typed data whose message does not follow its own types cannot be hashed: say so, not a TypeError.
  try {
    return starknetTypedData.getMessageHash(typedData as never, ctx.address)
  } catch (cause) {
    throw new TypedDataMismatchError({ cause })
  }
}

/** Options of `SessionAccount.getOutsideExecutionPayload`. */
export interface OutsideExecutionOptions {
  readonly caller?: string
  readonly executeAfter?: number
  readonly executeBefore?: number
  readonly nonce?: string
}

/**
 * The calls of outside-execution typed data by entrypoint name, for the proofs: each selector is matched
 * against `names` (the session's allowed methods and the gas-token transfer).
 *
 * @example
 * namedCalls(typedData, ['transfer', 'increase_counter'])
 */
export function namedCalls(typedData: OutsideTypedData, names: readonly string[]): CompiledCall[] {
  const bySelector = new Map(names.map((name) => [selectorFromName(name), name]))
  return readCalls(typedData.message).map((call) => ({
    contractAddress: toHex(call.To),
    entrypoint: nameOf(bySelector, call.Selector),
    calldata: ((call as { Calldata?: string[] }).Calldata ?? []).map((value) => toHex(value)),
  }))
}

// A selector the session does not name cannot be proven; say so as the Merkle proof lookup would.
function nameOf(bySelector: Map<bigint, string>, selector: TypedDataCall['Selector']): string {
  const name = bySelector.get(toFelt(selector))
  if (name === undefined) throw new CallNotAllowedError(toHex(selector))
  return name
}

function readCalls(message: Record<string, unknown> | undefined): TypedDataCall[] {
  const calls = message?.Calls
  const isCall = (c: unknown) =>
    typeof c === 'object' && c !== null && 'To' in c && 'Selector' in c && 'Calldata' in c
  if (!Array.isArray(calls) || !calls.every(isCall)) throw new TypedDataMismatchError()
  return calls as TypedDataCall[]
}

export type { NamedCall }
