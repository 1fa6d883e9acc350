// SNIP-9 version 2 outside execution: the struct, its SNIP-12 revision 1 hash (domain
// 'Account.execute_from_outside', version 2) and its calldata for `execute_from_outside_v2`.
import { OUTSIDE_EXECUTION_AHEAD_MS, OUTSIDE_EXECUTION_BACK_MS } from '../constants'
import { chainIdFelt } from './chainId'
import {
  type Felt,
  type FeltLike,
  poseidonMany,
  selectorFromName,
  shortString,
  toFelt,
  toHex,
  typeHash,
} from './felt'
import { FeltReader } from './reader'
import { messageHash, type StarknetDomain } from './typedDataHash'
import { starknetDomainType, type TypedDataJson } from './typedDataJson'

/** The `caller` value that lets anyone submit the outside execution. */
export const ANY_CALLER = shortString('ANY_CALLER')

export const OUTSIDE_EXECUTION_DOMAIN_NAME = 'Account.execute_from_outside'

const CALL_TYPE = '"Call"("To":"ContractAddress","Selector":"selector","Calldata":"felt*")'
/** Type hash of the SNIP-12 `Call` struct. */
export const CALL_TYPE_HASH = typeHash(CALL_TYPE)
/** Type hash of `OutsideExecution`, its dependency `Call` appended as SNIP-12 requires. */
export const OUTSIDE_EXECUTION_TYPE_HASH = typeHash(
  `"OutsideExecution"("Caller":"ContractAddress","Nonce":"felt","Execute After":"u128","Execute Before":"u128","Calls":"Call*")${CALL_TYPE}`,
)

/** One call of an outside execution (SNIP-9), as the account hashes it. @example { to: counter, selector: getSelector('increment'), calldata: [] } */
export interface OutsideCall {
  readonly to: Felt
  readonly selector: Felt
  readonly calldata: readonly Felt[]
}

/**
 * A SNIP-9 v2 outside execution: who may submit it, its nonce, its time window (seconds) and its calls.
 * @example outsideExecutionHash(execution, account, chainId)
 */
export interface OutsideExecution {
  readonly caller: Felt
  readonly nonce: Felt
  /** Seconds; the execution is valid strictly after this time. */
  readonly executeAfter: bigint
  /** Seconds; the execution is valid strictly before this time. */
  readonly executeBefore: bigint
  readonly calls: readonly OutsideCall[]
}

/** The outside-execution domain: revision 1, version 2 (a number, not the short string '2'). */
export function outsideExecutionDomain(chainId: FeltLike): StarknetDomain {
  return {
    name: shortString(OUTSIDE_EXECUTION_DOMAIN_NAME),
    version: 2n,
    chainId: chainIdFelt(chainId),
    revision: 1n,
  }
}

/**
 * The hash the account's signers sign, as Argent's `get_message_hash_rev_1` computes it.
 * @example outsideExecutionHash(outsideExecution, accountAddress, 'SN_SEPOLIA')
 */
export function outsideExecutionHash(
  execution: OutsideExecution,
  accountAddress: FeltLike,
  chainId: FeltLike,
): Felt {
  const callHashes = execution.calls.map((call) =>
    poseidonMany([CALL_TYPE_HASH, call.to, call.selector, poseidonMany(call.calldata)]),
  )
  const structHash = poseidonMany([
    OUTSIDE_EXECUTION_TYPE_HASH,
    execution.caller,
    execution.nonce,
    execution.executeAfter,
    execution.executeBefore,
    poseidonMany(callHashes),
  ])
  return messageHash(outsideExecutionDomain(chainId), accountAddress, structHash)
}

/** A call by entrypoint name with starknet.js-style calldata. */
export interface NamedOutsideCall {
  readonly contractAddress: string
  readonly entrypoint: string
  readonly calldata?: readonly FeltLike[]
}

/**
 * An outside execution for `calls`, valid from 10 minutes ago to 20 minutes ahead (the protocol's window) unless given.
 * @example buildOutsideExecution({ calls, nowMs: Date.now(), nonce: randomNonce })
 */
export function buildOutsideExecution(parameters: {
  readonly calls: readonly NamedOutsideCall[]
  readonly nonce: FeltLike
  readonly nowMs: number
  readonly caller?: FeltLike
  readonly executeAfter?: FeltLike
  readonly executeBefore?: FeltLike
}): OutsideExecution {
  const { nowMs } = parameters
  return {
    caller: parameters.caller === undefined ? ANY_CALLER : toFelt(parameters.caller),
    nonce: toFelt(parameters.nonce),
    executeAfter: toFelt(parameters.executeAfter ?? Math.floor((nowMs - OUTSIDE_EXECUTION_BACK_MS) / 1000)),
    executeBefore: toFelt(
      parameters.executeBefore ?? Math.floor((nowMs + OUTSIDE_EXECUTION_AHEAD_MS) / 1000),
    ),
    calls: parameters.calls.map((call) => ({
      to: toFelt(call.contractAddress),
      selector: selectorFromName(call.entrypoint),
      calldata: (call.calldata ?? []).map(toFelt),
    })),
  }
}

/** The outside-execution message with every felt as hex. */
export type OutsideExecutionTypedDataMessage = {
  Caller: string
  Nonce: string
  'Execute After': string
  'Execute Before': string
  Calls: { To: string; Selector: string; Calldata: string[] }[]
}

/** The outside-execution typed data JSON, as x-sessions' `buildOutsideExecutionTypedData` builds it (version '2'). */
export function outsideExecutionTypedData(
  execution: OutsideExecution,
  chainId: FeltLike,
): TypedDataJson<OutsideExecutionTypedDataMessage> {
  return {
    types: {
      StarknetDomain: starknetDomainType(),
      OutsideExecution: [
        { name: 'Caller', type: 'ContractAddress' },
        { name: 'Nonce', type: 'felt' },
        { name: 'Execute After', type: 'u128' },
        { name: 'Execute Before', type: 'u128' },
        { name: 'Calls', type: 'Call*' },
      ],
      Call: [
        { name: 'To', type: 'ContractAddress' },
        { name: 'Selector', type: 'selector' },
        { name: 'Calldata', type: 'felt*' },
      ],
    },
    primaryType: 'OutsideExecution',
    domain: {
      name: OUTSIDE_EXECUTION_DOMAIN_NAME,
      version: '2',
      chainId: toHex(chainIdFelt(chainId)),
      revision: '1',
    },
    message: {
      Caller: toHex(execution.caller),
      Nonce: toHex(execution.nonce),
      'Execute After': toHex(execution.executeAfter),
      'Execute Before': toHex(execution.executeBefore),
      Calls: execution.calls.map((call) => ({
        To: toHex(call.to),
        Selector: toHex(call.selector),
        Calldata: call.calldata.map(toHex),
      })),
    },
  }
}

/**
 * Calldata of `execute_from_outside_v2(outside_execution, signature)`.
 * @example { contractAddress: account, entrypoint: 'execute_from_outside_v2', calldata: outsideExecutionCalldata(oe, sig).map(toHex) }
 */
export function outsideExecutionCalldata(
  execution: OutsideExecution,
  signature: readonly FeltLike[],
): Felt[] {
  return [
    execution.caller,
    execution.nonce,
    execution.executeAfter,
    execution.executeBefore,
    BigInt(execution.calls.length),
    ...execution.calls.flatMap((call) => [
      call.to,
      call.selector,
      BigInt(call.calldata.length),
      ...call.calldata,
    ]),
    BigInt(signature.length),
    ...signature.map(toFelt),
  ]
}

/**
 * Parses `execute_from_outside_v2` calldata; throws DeserializeError on malformed input.
 * @example const { execution, signature } = parseOutsideExecutionCalldata(calldata)
 */
export function parseOutsideExecutionCalldata(calldata: readonly Felt[]): {
  execution: OutsideExecution
  signature: Felt[]
} {
  const reader = new FeltReader(calldata)
  const caller = reader.felt()
  const nonce = reader.felt()
  const executeAfter = reader.u64()
  const executeBefore = reader.u64()
  const calls = Array.from({ length: reader.length() }, () => ({
    to: reader.felt(),
    selector: reader.felt(),
    calldata: reader.array(),
  }))
  const signature = reader.array()
  reader.end()
  return { execution: { caller, nonce, executeAfter, executeBefore, calls }, signature }
}
