// starknet_subscriptionReorg after devnet_abortBlocks, as the WebSocket spec (0.9 / 0.10) lists it for every
// subscription and starknet-devnet sends it (test_subscription_reorg.rs): over a real socket, in memory with a
// block time, and through starknet.js v10's unmodified WebSocketChannel.
import './wsTestGlobal' // first: Node 20 has no global WebSocket, which WebSocketChannel looks for
import { WebSocketChannel } from 'starknet'
import { describe, expect, it } from 'vitest'
import { startSim } from '../index'
import { connect, memoryClient, type RpcClient, testChain } from './wsTestHelpers'

const SUBSCRIPTIONS = [
  ['starknet_subscribeNewHeads', {}],
  ['starknet_subscribeEvents', {}],
  ['starknet_subscribeTransactionStatus', { transaction_hash: '0x1' }],
  ['starknet_subscribeNewTransactions', {}],
  ['starknet_subscribeNewTransactionReceipts', {}],
] as const

async function subscribeToEverything(rpc: RpcClient): Promise<string[]> {
  const ids: string[] = []
  for (const [method, params] of SUBSCRIPTIONS) ids.push(await rpc.ok<string>(method, params))
  return ids
}

const reorg = (subscription_id: string, result: Record<string, unknown>) => ({
  jsonrpc: '2.0',
  method: 'starknet_subscriptionReorg',
  params: { subscription_id, result },
})

describe.each([
  ['0.10', '/rpc'],
  ['0.9', '/rpc/v0_9'],
])('starknet_subscriptionReorg over a socket (spec %s at %s)', (_version, path) => {
  it('reaches every subscription once per abort, with the first and last block of the orphaned chain', async () => {
    await using sim = await startSim({ accounts: 1 })
    await using rpc = await connect(`${sim.url.replace(/^http/, 'ws')}${path}`)
    const ids = await subscribeToEverything(rpc)
    const first = (await rpc.ok<{ block_hash: string }>('devnet_createBlock')).block_hash
    await rpc.ok('devnet_mint', { address: '0x1', amount: 1 })
    const second = sim.chain.latest.hash
    await rpc.drain()

    expect(await rpc.ok('devnet_abortBlocks', { starting_block_id: { block_number: 1 } })).toEqual({
      aborted: [second, first],
    })
    const orphaned = {
      starting_block_hash: first,
      starting_block_number: 1,
      ending_block_hash: second,
      ending_block_number: 2,
    }
    expect(await rpc.drain()).toEqual(ids.map((id) => reorg(id, orphaned)))

    // The new head is announced as usual; an unsubscribed id hears nothing more.
    const next = (await rpc.ok<{ block_hash: string }>('devnet_createBlock')).block_hash
    expect(await rpc.notification(ids[0])).toMatchObject({
      method: 'starknet_subscriptionNewHeads',
      params: { result: { block_number: 1, block_hash: next } },
    })
    await rpc.drain()
    expect(await rpc.ok('starknet_unsubscribe', { subscription_id: ids[0] })).toBe(true)
    await rpc.ok('devnet_abortBlocks', { starting_block_id: 'latest' })
    const single = {
      starting_block_hash: next,
      starting_block_number: 1,
      ending_block_hash: next,
      ending_block_number: 1,
    }
    expect(await rpc.drain()).toEqual(ids.slice(1).map((id) => reorg(id, single)))
  })

  it('sends nothing when only the pre_confirmed block is aborted (no announced block goes)', async () => {
    await using sim = await startSim({ accounts: 1 })
    await using rpc = await connect(`${sim.url.replace(/^http/, 'ws')}${path}`)
    await subscribeToEverything(rpc)
    await rpc.ok('devnet_abortBlocks', { starting_block_id: 'pre_confirmed' })
    expect(await rpc.drain()).toEqual([])
  })
})

describe('starknet_subscriptionReorg with a block time', () => {
  it('drops pre_confirmed transactions silently; a committed block aborted with them is a reorg', async () => {
    using chain = testChain({ blockTime: 3_600_000 })
    await using rpc = memoryClient(chain.sim)
    const pending = chain.transfer()
    const status = await rpc.ok<string>('starknet_subscribeTransactionStatus', { transaction_hash: pending })
    const heads = await rpc.ok<string>('starknet_subscribeNewHeads', {})
    expect(await rpc.notification(status)).toMatchObject({
      params: { result: { status: { finality_status: 'PRE_CONFIRMED' } } },
    })
    await rpc.ok('devnet_abortBlocks', { starting_block_id: 'pre_confirmed' })
    expect(await rpc.drain()).toEqual([])
    expect(
      (await rpc.request('starknet_getTransactionStatus', { transaction_hash: pending })).error?.code,
    ).toBe(29)

    chain.transfer()
    const block = chain.sim.chain.closeBlock()
    chain.transfer()
    await rpc.drain()
    await rpc.ok('devnet_abortBlocks', { starting_block_id: 'latest' })
    const orphaned = {
      starting_block_hash: block.hash,
      starting_block_number: 1,
      ending_block_hash: block.hash,
      ending_block_number: 1,
    }
    expect(await rpc.drain()).toEqual([reorg(status, orphaned), reorg(heads, orphaned)])
    expect(chain.sim.chain.pendingTxs).toEqual([])
  })
})

describe('starknet.js v10 WebSocketChannel', () => {
  it('hands the REORG_DATA to the subscription handler (it has no reorg API) and the raw message to `message`', async () => {
    await using sim = await startSim({ accounts: 1 })
    const channel = new WebSocketChannel({ nodeUrl: sim.rpcWsUrl })
    const rpc = (method: string, params: unknown = {}) =>
      fetch(sim.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      }).then((r) => r.json() as Promise<{ result: Record<string, unknown> }>)
    try {
      await channel.waitForConnection()
      const methods: string[] = []
      channel.on('message', (event) => methods.push(JSON.parse(String(event.data)).method))
      const heads = await channel.subscribeNewHeads()
      const received: unknown[] = []
      let arrived: () => void = () => {}
      heads.on((data) => {
        received.push(data)
        arrived()
      })
      const next = () =>
        new Promise<void>((resolve) => {
          if (received.length > 0) resolve()
          else arrived = resolve
        }).then(() => received.shift())

      const { block_hash } = (await rpc('devnet_createBlock')).result
      expect(await next()).toMatchObject({ block_number: 1, block_hash })
      expect((await rpc('devnet_abortBlocks', { starting_block_id: 'latest' })).result).toEqual({
        aborted: [block_hash],
      })
      expect(await next()).toEqual({
        starting_block_hash: block_hash,
        starting_block_number: 1,
        ending_block_hash: block_hash,
        ending_block_number: 1,
      })
      expect(methods.filter(Boolean)).toEqual(['starknet_subscriptionNewHeads', 'starknet_subscriptionReorg'])
    } finally {
      channel.disconnect()
      await channel.waitForDisconnection()
    }
  })
})
