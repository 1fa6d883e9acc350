// The session account with starknet.js v8 as the peer dependency: every 'starknet' import (shim and
// protocol/session) resolves to v8 here, and the transaction hash it signs equals v10's.
import { parseSessionToken, toFelt } from '@webwallet/protocol/session'
import { describe, expect, it, vi } from 'vitest'
import { SessionAccount } from './SessionAccount'
import { ACCOUNT, createWorld, ESTIMATE, GAME, testContext } from './testing'

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
    world.cosigner = (_path, body) => {
      cosigned = body as never
      return undefined
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
    expect(parseSessionToken((sent?.signature ?? []).map(toFelt)).proofs).toHaveLength(1)
  })

  it('builds outside-execution payloads on v8', async () => {
    const account = new SessionAccount(testContext(createWorld()))
    const call = await account.getOutsideExecutionPayload([{ contractAddress: GAME, entrypoint: 'play' }])
    expect(call.entrypoint).toBe('execute_from_outside_v2')
  })
})
