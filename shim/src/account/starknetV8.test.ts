// The session account with starknet.js v8 as the peer dependency: every 'starknet' import (shim and
// protocol/session) resolves to v8 here. The transaction v8 hashes from what the SDK sent must be the one
// the SDK's session signature and the guardian's co-signature cover (as the account checks them), and
// equal v10's hash.
import {
  parseSessionToken,
  type StarknetSignerSignature,
  sessionMessageHash,
  signHash,
  toFelt,
  toHex,
  verifySignerSignature,
} from '@webwallet/protocol/session'
import { describe, expect, it, vi } from 'vitest'
import { SessionAccount } from './SessionAccount'
import {
  ACCOUNT,
  argentCalls,
  createWorld,
  ESTIMATE,
  GAME,
  GAME_ABI,
  GUARDIAN_KEY,
  testContext,
} from './testing'

vi.mock('starknet', async () => await import('starknet-v8'))

describe('with starknet.js v8', () => {
  it('runs on v8 and signs the same transaction hash v10 computes', async () => {
    const v8 = await import('starknet')
    const v10 = await vi.importActual<typeof import('starknet')>('starknet')
    expect(v8.hash.calculateInvokeTransactionHash).not.toBe(v10.hash.calculateInvokeTransactionHash)
    const world = createWorld()
    world.node.starknet_getClassHashAt = () => '0x1'
    world.node.starknet_getNonce = () => '0x4'
    world.node.starknet_estimateFee = () => [ESTIMATE]
    world.node.__lastTxHash = () => '0x0'
    let sent:
      | { calldata: string[]; signature: string[]; resource_bounds: Record<string, Record<string, string>> }
      | undefined
    world.node.starknet_addInvokeTransaction = (p: { invoke_transaction: typeof sent }) => {
      sent = p.invoke_transaction
      return { transaction_hash: '0xabc' }
    }
    let cosigned: { transaction: Record<string, unknown> } | undefined
    // The guardian double co-signs the hash v8 computes from the transaction the cosigner is sent.
    world.cosigner = (_path, body) => {
      cosigned = body as never
      const hash = v8.hash.calculateInvokeTransactionHash(cosignerArgs(body as never) as never)
      const sig = signHash(sessionMessageHash(hash, body.session.sessionHash, false), GUARDIAN_KEY)
      return Response.json({ signature: { publicKey: toHex(sig.signer), r: toHex(sig.r), s: toHex(sig.s) } })
    }
    const ctx = testContext(world)
    const account = new SessionAccount(ctx)
    await account.execute({ contractAddress: GAME, entrypoint: 'play', calldata: ['0x1'] })
    const bound = (b: Record<string, string> | undefined) => ({
      max_amount: BigInt(b?.max_amount ?? 0),
      max_price_per_unit: BigInt(b?.max_price_per_unit ?? 0),
    })
    const args = {
      senderAddress: ACCOUNT,
      version: '0x3',
      compiledCalldata: sent?.calldata ?? [],
      chainId: ctx.chainId,
      nonce: 4n,
      accountDeploymentData: [],
      nonceDataAvailabilityMode: 0,
      feeDataAvailabilityMode: 0,
      resourceBounds: {
        l1_gas: bound(sent?.resource_bounds.l1_gas),
        l2_gas: bound(sent?.resource_bounds.l2_gas),
        l1_data_gas: bound(sent?.resource_bounds.l1_data_gas),
      },
      tip: 0n,
      paymasterData: [],
    }
    const hashV8 = v8.hash.calculateInvokeTransactionHash(args as never)
    const hashV10 = v10.hash.calculateInvokeTransactionHash(args as never)
    expect(hashV8).toBe(hashV10)
    expect(cosigned?.transaction).toMatchObject({ nonce: '4', version: '3' })
    const token = parseSessionToken((sent?.signature ?? []).map(toFelt))
    const sessionSig = token.sessionSignature as StarknetSignerSignature
    expect(token.proofs).toHaveLength(1)
    // What the account verifies: the session key and the guardian signed poseidon(v8 hash, session hash, 0).
    const signed = sessionMessageHash(hashV8, ctx.session.stored.hash, token.cacheAuthorization)
    expect(sessionSig.signer).toBe(toFelt(ctx.session.stored.sessionKey.publicKey))
    expect(verifySignerSignature(signed, sessionSig)).toBe(true)
    expect(verifySignerSignature(signed, token.guardianSignature)).toBe(true)
    // And a different transaction (another nonce) is not covered.
    const other = v8.hash.calculateInvokeTransactionHash({ ...args, nonce: 5n } as never)
    const otherSigned = sessionMessageHash(other, ctx.session.stored.hash, token.cacheAuthorization)
    expect(verifySignerSignature(otherSigned, sessionSig)).toBe(false)
  })

  it("is v8's Account (its own provider): Contract views and invokes, getNonce, refusals", async () => {
    const v8 = await import('starknet')
    const world = createWorld()
    world.node.starknet_getClassHashAt = () => '0x1'
    world.node.starknet_getNonce = () => '0x4'
    world.node.starknet_estimateFee = () => [ESTIMATE]
    world.node.starknet_call = () => ['0x3']
    world.node.__lastTxHash = () => '0x0'
    const sent: { calldata: string[] }[] = []
    world.node.starknet_addInvokeTransaction = (p: { invoke_transaction: { calldata: string[] } }) => {
      sent.push(p.invoke_transaction)
      return { transaction_hash: '0xabc' }
    }
    const account = new SessionAccount(testContext(world))
    expect(account).toBeInstanceOf(v8.Account)
    expect(account).toBeInstanceOf(v8.RpcProvider)
    expect(BigInt(await account.getNonce())).toBe(4n)
    const game = new v8.Contract({ abi: GAME_ABI, address: GAME, providerOrAccount: account })
    expect(await game.score(ACCOUNT)).toBe(3n)
    await expect(game.play(5)).resolves.toMatchObject({ transaction_hash: '0xabc' })
    expect(sent[0]?.calldata.slice(-2)).toEqual(['0x1', '0x5'])
    await expect(game.drain()).rejects.toMatchObject({ code: 'CALL_NOT_ALLOWED' })
    await expect(account.declare({ contract: '{}' } as never)).rejects.toMatchObject({
      code: 'NOT_SUPPORTED_BY_SESSION',
    })
    await expect(account.deployAccount({ classHash: '0x1' })).rejects.toMatchObject({
      code: 'NOT_SUPPORTED_BY_SESSION',
    })
    expect(world.log.filter((method) => method === 'starknet_addInvokeTransaction')).toHaveLength(1)
  })

  it('builds outside-execution payloads on v8', async () => {
    const world = createWorld()
    world.node.starknet_getClassHashAt = () => '0x1'
    world.node.starknet_call = argentCalls([])
    const account = new SessionAccount(testContext(world))
    const call = await account.getOutsideExecutionPayload([{ contractAddress: GAME, entrypoint: 'play' }])
    expect(call.entrypoint).toBe('execute_from_outside_v2')
  })
})

// The hash arguments of the transaction the cosigner receives (decimal strings, as x-sessions sends them).
function cosignerArgs(body: { transaction: Record<string, never> }) {
  const tx = body.transaction as unknown as {
    sender_address: string
    calldata: string[]
    nonce: string
    chain_id: string
    tip: string
    resource_bounds: Record<
      'l1_gas' | 'l2_gas' | 'l1_data_gas',
      { max_amount: string; max_price_per_unit: string }
    >
  }
  const bound = (b: { max_amount: string; max_price_per_unit: string }) => ({
    max_amount: BigInt(b.max_amount),
    max_price_per_unit: BigInt(b.max_price_per_unit),
  })
  return {
    senderAddress: tx.sender_address,
    version: '0x3',
    compiledCalldata: tx.calldata,
    chainId: toHex(BigInt(tx.chain_id)),
    nonce: BigInt(tx.nonce),
    accountDeploymentData: [],
    nonceDataAvailabilityMode: 0,
    feeDataAvailabilityMode: 0,
    resourceBounds: {
      l1_gas: bound(tx.resource_bounds.l1_gas),
      l2_gas: bound(tx.resource_bounds.l2_gas),
      l1_data_gas: bound(tx.resource_bounds.l1_data_gas),
    },
    tip: BigInt(tx.tip),
    paymasterData: [],
  }
}
