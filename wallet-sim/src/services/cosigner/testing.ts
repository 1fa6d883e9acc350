// Test helpers for the cosigner: a session authorised by owner + guardian, INVOKE V3 transactions and
// outside executions signed by its session key, and the guardian's answer checked against them.
import { STRK_ADDRESS } from '@webwallet/protocol/constants'
import {
  buildOutsideExecution,
  outsideExecutionTypedData,
  publicKeyOf,
  selectorFromName,
  serializeSignerSignatures,
  sessionMessageHash,
  signHash,
  toHex,
  verifySignerSignature,
} from '@webwallet/protocol/session'
import { typedData } from 'starknet'
import { expect } from 'vitest'
import { parseTransaction } from '../../chain/parseTransaction'
import { transactionHash } from '../../chain/transactionHash'
import type { Served } from '../../infra/http/serve'

export const GUARDIAN = '0x3f6d0f1c1e1c2b5a7c5d9e3b2a1f0e4d5c6b7a8f9e0d1c2b3a4f5e6d7c8b9a0'
export const OWNER = '0x5a5a5a5a'
export const SESSION_KEY = '0x7b7b7b7b'
export const ACCOUNT = '0x0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef'
export const GAME = '0xa11ce'
export const SESSION_HASH = '0x2d3b4c5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0a'
export const SN_SEPOLIA = '0x534e5f5345504f4c4941'
export const NOW = 1_750_000_000
export const STRK = STRK_ADDRESS

const authorisation = (keys = [OWNER, GUARDIAN]) =>
  serializeSignerSignatures(keys.map((key) => signHash(SESSION_HASH, key))).map(toHex)

type Bound = { max_amount: string; max_price_per_unit: string }

/** An INVOKE V3 body for the cosigner; each resource at most 0x1000 units at 0x10 unless `fee` says. */
export function transaction(calldata: bigint[], fee: { bound?: Bound; tip?: string; nonce?: string } = {}) {
  const bound = fee.bound ?? { max_amount: '0x1000', max_price_per_unit: '0x10' }
  return {
    sender_address: ACCOUNT,
    calldata: calldata.map((felt) => felt.toString()),
    nonce: fee.nonce ?? '1',
    version: '0x3',
    chain_id: SN_SEPOLIA,
    resource_bounds: { l1_gas: bound, l2_gas: bound, l1_data_gas: bound },
    tip: fee.tip ?? '0',
    paymaster_data: [],
    account_deployment_data: [],
    nonce_data_availability_mode: 'L1' as const,
    fee_data_availability_mode: 'L1' as const,
  }
}
export type Transaction = ReturnType<typeof transaction>

export const play = (to = BigInt(GAME)) => transaction([1n, to, selectorFromName('play'), 1n, 7n])

/** The session part, signed over `hash` by the session key, in x-sessions' nested form. */
export function session(hash: bigint, keys?: string[], sessionKey = SESSION_KEY) {
  const signature = signHash(sessionMessageHash(hash, SESSION_HASH, false), sessionKey)
  return {
    sessionHash: SESSION_HASH,
    sessionAuthorisation: authorisation(keys),
    cacheAuthorisation: false,
    sessionSignature: {
      type: 'StarknetKey',
      signer: { publicKey: toHex(signature.signer), r: signature.r.toString(), s: signature.s.toString() },
    },
  }
}

export const hashOf = (tx: Transaction) =>
  transactionHash(parseTransaction({ ...tx, type: 'INVOKE' }, 'INVOKE'), BigInt(tx.chain_id))

/** A signSession body for `tx`, signed by the session key. */
export const signSessionBody = (tx: Transaction) => ({ session: session(hashOf(tx)), transaction: tx })

/** A signSessionEFO body for `calls` (SNIP-9 v2 typed data, hashed by starknet.js) and its hash. */
export function efoBody(
  calls: { contractAddress: string; entrypoint: string; calldata: string[] }[],
  options: { nonce?: string; caller?: string; executeBefore?: number } = {},
) {
  const execution = buildOutsideExecution({
    calls,
    nonce: options.nonce ?? '0x42',
    nowMs: NOW * 1000,
    ...(options.caller === undefined ? {} : { caller: options.caller }),
    ...(options.executeBefore === undefined ? {} : { executeBefore: options.executeBefore }),
  })
  const message = outsideExecutionTypedData(execution, 'SN_SEPOLIA')
  const hash = BigInt(typedData.getMessageHash(message, ACCOUNT))
  const body = {
    session: session(hash),
    message: { type: 'eip712', accountAddress: ACCOUNT, chain: 'starknet', network: 'sepolia', message },
  }
  return { hash, body }
}

export async function post(served: Served, path: string, body: unknown) {
  const response = await fetch(`${served.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

export function expectGuardianSignature(
  answer: { status: number; body: Record<string, unknown> },
  hash: bigint,
) {
  expect(answer.status).toBe(200)
  const { publicKey, r, s } = answer.body.signature as { publicKey: string; r: string; s: string }
  expect(BigInt(publicKey)).toBe(publicKeyOf(GUARDIAN))
  const message = sessionMessageHash(hash, SESSION_HASH, false)
  expect(verifySignerSignature(message, { signer: BigInt(publicKey), r: BigInt(r), s: BigInt(s) })).toBe(true)
}
