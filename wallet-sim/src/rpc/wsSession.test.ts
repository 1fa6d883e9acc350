// A session of the Starknet WebSocket API over memory: JSON-RPC framing and errors, other methods answered
// as over HTTP, starknet_unsubscribe, the per-connection limit and what devnet_restart / devnet_load do.
import { describe, expect, it } from 'vitest'
import { MAX_SUBSCRIPTIONS } from './wsSession'
import { memoryClient, testChain } from './wsTestHelpers'

describe('a WebSocket API session', () => {
  it('answers any starknet_ / devnet_ method as HTTP does, single and batched', async () => {
    using chain = testChain()
    await using rpc = memoryClient(chain.sim)
    expect(await rpc.ok('starknet_chainId')).toBe('0x534e5f5345504f4c4941')
    expect(await rpc.ok('starknet_specVersion')).toBe('0.10.0')
    await using rpc9 = memoryClient(chain.sim, '0.9')
    expect(await rpc9.ok('starknet_specVersion')).toBe('0.9.0')
    expect(await rpc.ok('devnet_createBlock')).toEqual({ block_hash: chain.sim.chain.blocks[1]!.hash })
    const batch = await rpc.raw(
      JSON.stringify([
        { jsonrpc: '2.0', id: 'a', method: 'starknet_blockNumber' },
        { jsonrpc: '2.0', method: 'starknet_blockNumber' }, // a notification: no answer
        { jsonrpc: '2.0', id: 'b', method: 'starknet_subscribeNewHeads' },
        { jsonrpc: '2.0', id: 'c', method: 'starknet_nope' },
      ]),
    )
    expect(batch).toEqual([
      { jsonrpc: '2.0', id: 'a', result: 1 },
      { jsonrpc: '2.0', id: 'b', result: expect.any(String) },
      { jsonrpc: '2.0', id: 'c', error: { code: -32601, message: 'Method not found' } },
    ])
  })

  it('answers -32700 for bad JSON and -32600 for what is not a request, and goes on', async () => {
    using chain = testChain()
    await using rpc = memoryClient(chain.sim)
    const invalid = { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request' } }
    expect(await rpc.raw('{"jsonrpc":')).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700, message: 'Parse error' },
    })
    expect(await rpc.raw('[]')).toEqual(invalid)
    expect(await rpc.raw('1')).toEqual(invalid)
    expect(await rpc.raw('[1]')).toEqual([invalid])
    expect(await rpc.raw('{"jsonrpc":"2.0","id":{},"method":"starknet_chainId"}')).toEqual(invalid)
    expect(await rpc.raw('{"id":7,"method":"starknet_subscribeNewHeads"}')).toEqual({ ...invalid, id: 7 })
    expect(
      await rpc.raw('{"jsonrpc":"2.0","id":8,"method":"starknet_subscribeNewHeads","params":5}'),
    ).toEqual({
      jsonrpc: '2.0',
      id: 8,
      error: { code: -32600, message: 'Invalid Request', data: 'params must be an object or an array' },
    })
    expect(await rpc.ok('starknet_blockNumber')).toBe(0)
  })

  it('unsubscribes: true, then no more notifications; 66 for an unknown id; -32602 without one', async () => {
    using chain = testChain()
    await using rpc = memoryClient(chain.sim)
    const id = await rpc.ok<string>('starknet_subscribeNewHeads')
    const kept = await rpc.ok<string>('starknet_subscribeNewHeads')
    expect(await rpc.ok('starknet_unsubscribe', { subscription_id: id })).toBe(true)
    chain.transfer()
    expect((await rpc.drain()).map((n) => n.params.subscription_id)).toEqual([kept])
    expect((await rpc.request('starknet_unsubscribe', [id])).error).toEqual({
      code: 66,
      message: 'Invalid subscription id',
    })
    expect((await rpc.request('starknet_unsubscribe', {})).error?.code).toBe(-32602)
    // Another connection's subscription is not this one's to end.
    await using other = memoryClient(chain.sim)
    expect((await other.request('starknet_unsubscribe', [kept])).error?.code).toBe(66)
  })

  it(`holds at most ${MAX_SUBSCRIPTIONS} subscriptions per connection`, async () => {
    using chain = testChain()
    await using rpc = memoryClient(chain.sim)
    const ids: string[] = []
    for (let i = 0; i < MAX_SUBSCRIPTIONS; i++) ids.push(await rpc.ok<string>('starknet_subscribeNewHeads'))
    expect(new Set(ids).size).toBe(MAX_SUBSCRIPTIONS)
    expect((await rpc.request('starknet_subscribeNewHeads')).error).toMatchObject({
      code: 63,
      data: expect.stringContaining(`at most ${MAX_SUBSCRIPTIONS} subscriptions`),
    })
    await rpc.ok('starknet_unsubscribe', [ids[0]])
    expect(await rpc.ok('starknet_subscribeNewHeads')).toEqual(expect.any(String))
  })

  it('answers a subscription before its notifications, also within a batch that changes the chain', async () => {
    using chain = testChain()
    await using rpc = memoryClient(chain.sim)
    const [subscribed] = (await rpc.raw(
      JSON.stringify([
        {
          jsonrpc: '2.0',
          id: 1,
          method: 'starknet_subscribeNewHeads',
          params: { block_id: { block_number: 0 } },
        },
        { jsonrpc: '2.0', id: 2, method: 'devnet_createBlock' },
      ]),
    )) as { result: string }[]
    const sent = await rpc.drain()
    expect(sent.map((n) => [n.params.subscription_id, n.params.result.block_number])).toEqual([
      [subscribed!.result, 0],
      [subscribed!.result, 1],
    ])
  })

  it('ends every subscription on devnet_restart and devnet_load, as starknet-devnet does', async () => {
    using chain = testChain()
    await using rpc = memoryClient(chain.sim)
    await using other = memoryClient(chain.sim)
    const dump = await rpc.ok('devnet_dump')
    const heads = await rpc.ok<string>('starknet_subscribeNewHeads')
    const status = await other.ok<string>('starknet_subscribeTransactionStatus', ['0x1'])
    expect(await rpc.ok('devnet_restart')).toEqual({})
    chain.transfer()
    expect(await rpc.drain()).toEqual([])
    expect((await rpc.request('starknet_unsubscribe', [heads])).error?.code).toBe(66)
    expect((await other.request('starknet_unsubscribe', [status])).error?.code).toBe(66)
    // The connections stay open, and a new subscription hears the new chain.
    const again = await rpc.ok<string>('starknet_subscribeNewHeads')
    chain.transfer()
    expect((await rpc.notification(again)).params.result).toMatchObject({ block_number: 2 })
    expect(await other.ok('devnet_load', { snapshot: dump })).toEqual({})
    chain.transfer()
    expect(await rpc.drain()).toEqual([])
  })
})
