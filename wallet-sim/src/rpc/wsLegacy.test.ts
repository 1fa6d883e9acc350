// The WebSocket API of spec 0.8 over a memory session (./wsLegacy.ts): its subscribe methods, its notification
// names and shapes, pending transactions told once, and 0.9's own subscriptions refused.
import { describe, expect, it } from 'vitest'
import { STRK_ADDRESS } from '../chain/contracts/index'
import { toHex } from '../chain/felt'
import { memoryClient, testChain } from './wsTestHelpers'

// A block time the tests never wait for: blocks close when a test calls closeBlock().
const MANUAL_BLOCKS = { blockTime: 3_600_000 }

describe('WebSocket API 0.8', () => {
  it('tells a pending transaction once (hash, or the transaction with transaction_details), its status once', async () => {
    using chain = testChain(MANUAL_BLOCKS)
    await using rpc = memoryClient(chain.sim, '0.8')
    const hashes = await rpc.ok<string>('starknet_subscribePendingTransactions', {})
    const details = await rpc.ok<string>('starknet_subscribePendingTransactions', {
      transaction_details: true,
    })
    const hash = chain.transfer()
    const status = await rpc.ok<string>('starknet_subscribeTransactionStatus', { transaction_hash: hash })
    chain.sim.chain.closeBlock()
    const sent = await rpc.drain()
    const of = (id: string) => sent.filter((n) => n.params.subscription_id === id)
    expect(of(hashes).map((n) => [n.method, n.params.result])).toEqual([
      ['starknet_subscriptionPendingTransactions', hash],
    ])
    const [tx] = of(details)
    expect(tx!.params.result).toMatchObject({ transaction_hash: hash, type: 'INVOKE', version: '0x3' })
    expect(tx!.params.result).not.toHaveProperty('finality_status')
    expect(of(status).map((n) => n.params.result)).toEqual([
      {
        transaction_hash: hash,
        status: { finality_status: 'ACCEPTED_ON_L2', execution_status: 'SUCCEEDED' },
      },
    ])
  })

  it('tells, without a block time, each transaction as its block commits; replays no committed one', async () => {
    using chain = testChain()
    const before = chain.transfer()
    await using rpc = memoryClient(chain.sim, '0.8')
    const id = await rpc.ok<string>('starknet_subscribePendingTransactions', [false, []])
    const hash = chain.transfer()
    const sent = (await rpc.drain()).filter((n) => n.params.subscription_id === id)
    expect(sent.map((n) => n.params.result)).toEqual([hash])
    expect(hash).not.toBe(before)
  })

  it('sends events of accepted blocks without a finality field; heads as 0.8 headers', async () => {
    using chain = testChain(MANUAL_BLOCKS)
    await using rpc = memoryClient(chain.sim, '0.8')
    const events = await rpc.ok<string>('starknet_subscribeEvents', { from_address: toHex(STRK_ADDRESS) })
    const heads = await rpc.ok<string>('starknet_subscribeNewHeads', {})
    const hash = chain.invoke([
      {
        to: STRK_ADDRESS,
        selector: BigInt('0x83afd3f4caedc6eebf44246fe54e38c95e3179a5ec9ea81740eca5b482d12e'),
        calldata: [chain.b.address, 1n, 0n],
      },
    ])
    expect((await rpc.drain()).filter((n) => n.params.subscription_id === events)).toEqual([])
    chain.sim.chain.closeBlock()
    const sent = await rpc.drain()
    const event = sent.find((n) => n.params.subscription_id === events)!
    expect(event.method).toBe('starknet_subscriptionEvents')
    expect(event.params.result).toMatchObject({ transaction_hash: hash, block_number: 1 })
    expect(event.params.result).not.toHaveProperty('finality_status')
    const head = sent.find((n) => n.params.subscription_id === heads)!
    expect(head.params.result).toHaveProperty('l2_gas_price')
    expect(head.params.result).not.toHaveProperty('event_count')
  })

  it("refuses 0.9's subscriptions (-32601) and `pending` as a subscription block id; answers other methods as 0.8", async () => {
    using chain = testChain()
    await using rpc = memoryClient(chain.sim, '0.8')
    for (const method of ['starknet_subscribeNewTransactions', 'starknet_subscribeNewTransactionReceipts'])
      expect((await rpc.request(method, {})).error?.code).toBe(-32601)
    expect((await rpc.request('starknet_subscribeNewHeads', { block_id: 'pending' })).error?.code).toBe(
      -32602,
    )
    expect(await rpc.ok('starknet_specVersion')).toBe('0.8.1')
    const id = await rpc.ok<string>('starknet_subscribeNewHeads', {})
    expect(await rpc.ok('starknet_unsubscribe', { subscription_id: id })).toBe(true)
  })
})
