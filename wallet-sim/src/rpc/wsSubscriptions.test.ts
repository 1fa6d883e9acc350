// Each subscription of the Starknet WebSocket API over a memory session: what it replays, what it hears,
// its filters and its errors (spec 0.9 / 0.10 starknet_ws_api.json).
import { describe, expect, it } from 'vitest'
import { COUNTER_ADDRESS, ETH_ADDRESS, STRK_ADDRESS } from '../chain/contracts/index'
import { selectorOf, toHex } from '../chain/felt'
import { memoryClient, testChain } from './wsTestHelpers'

const ETH = toHex(ETH_ADDRESS)
const STRK = toHex(STRK_ADDRESS)
const TRANSFER = toHex(selectorOf('Transfer'))
const NO_BLOCK_TIME = {}
// A block time the tests never wait for: blocks close when a test calls closeBlock().
const MANUAL_BLOCKS = { blockTime: 3_600_000 }

describe('starknet_subscribeNewHeads', () => {
  it('sends each new header; replays from a block number or hash; none for latest', async () => {
    using chain = testChain(NO_BLOCK_TIME)
    await using rpc = memoryClient(chain.sim)
    const live = await rpc.ok<string>('starknet_subscribeNewHeads', {})
    expect(typeof live).toBe('string')
    chain.transfer()
    const head = await rpc.notification(live)
    expect(head.method).toBe('starknet_subscriptionNewHeads')
    expect(head.params.result).toMatchObject({ block_number: 1, block_hash: chain.sim.chain.blocks[1]!.hash })
    expect(head.params.result).toHaveProperty('event_count', 2) // the 0.10 header
    chain.transfer()
    await rpc.notification(live)

    const fromNumber = await rpc.ok<string>('starknet_subscribeNewHeads', { block_id: { block_number: 1 } })
    const byHash = await rpc.ok<string>('starknet_subscribeNewHeads', [
      { block_hash: chain.sim.chain.blocks[2]!.hash },
    ])
    const latest = await rpc.ok<string>('starknet_subscribeNewHeads', { block_id: 'latest' })
    const sent = await rpc.drain()
    const numbers = (id: string) =>
      sent.filter((n) => n.params.subscription_id === id).map((n) => n.params.result.block_number)
    expect(numbers(fromNumber)).toEqual([1, 2])
    expect(numbers(byHash)).toEqual([2])
    expect(numbers(latest)).toEqual([])
  })

  it('answers 24 for an unknown block, 68 past 1024 blocks back, -32602 for a tag other than latest', async () => {
    using chain = testChain(NO_BLOCK_TIME)
    await using rpc = memoryClient(chain.sim)
    const error = async (params: unknown) => (await rpc.request('starknet_subscribeNewHeads', params)).error
    expect(await error({ block_id: { block_number: 5 } })).toEqual({ code: 24, message: 'Block not found' })
    expect((await error({ block_id: 'l1_accepted' }))?.code).toBe(-32602)
    expect((await error({ block_id: { block_number: -1 } }))?.code).toBe(-32602)
    expect(await rpc.ok('starknet_subscribeNewHeads', { block_id: 'pre_confirmed' })).toEqual(
      expect.any(String),
    )
    for (let i = 0; i < 1025; i++) chain.sim.chain.closeBlock()
    expect(await error({ block_id: { block_number: 0 } })).toEqual({
      code: 68,
      message: 'Cannot go back more than 1024 blocks',
    })
    expect(await rpc.ok('starknet_subscribeNewHeads', { block_id: { block_number: 1 } })).toEqual(
      expect.any(String),
    )
  })

  it('shapes headers as spec 0.9 on a 0.9 session', async () => {
    using chain = testChain(NO_BLOCK_TIME)
    await using rpc = memoryClient(chain.sim, '0.9')
    const id = await rpc.ok<string>('starknet_subscribeNewHeads')
    chain.transfer()
    const { params } = await rpc.notification(id)
    expect(params.result).toMatchObject({ block_number: 1 })
    expect(params.result).not.toHaveProperty('event_count')
  })
})

describe('starknet_subscribeEvents', () => {
  it('filters by emitter and keys, replays from block_id, adds the finality status', async () => {
    using chain = testChain(NO_BLOCK_TIME)
    await using rpc = memoryClient(chain.sim)
    const first = chain.transfer(5n)
    const all = await rpc.ok<string>('starknet_subscribeEvents', { block_id: { block_number: 0 } })
    const eth = await rpc.ok<string>('starknet_subscribeEvents', { from_address: ETH })
    const toB = await rpc.ok<string>('starknet_subscribeEvents', { keys: [[TRANSFER], [], [chain.b.hex]] })
    const none = await rpc.ok<string>('starknet_subscribeEvents', { from_address: [ETH], keys: [['0x1234']] })
    const second = chain.transfer(6n)
    const sent = await rpc.drain()
    const of = (id: string) => sent.filter((n) => n.params.subscription_id === id).map((n) => n.params.result)
    expect(of(all).map((e) => [e.transaction_hash, e.from_address])).toEqual([
      [first, ETH],
      [first, STRK], // the fee transfer
      [second, ETH],
      [second, STRK],
    ])
    // The default block_id is latest: the latest block's events come first, then the new ones.
    expect(of(eth).map((e) => e.transaction_hash)).toEqual([first, second])
    expect(of(toB)).toEqual([of(eth)[0], of(eth)[1]])
    expect(of(none)).toEqual([])
    expect(of(all)[2]).toEqual({
      from_address: ETH,
      keys: [TRANSFER, chain.a.hex, chain.b.hex],
      data: ['0x6', '0x0'],
      block_hash: chain.sim.chain.blocks[2]!.hash,
      block_number: 2,
      transaction_hash: second,
      transaction_index: 0,
      event_index: 0,
      finality_status: 'ACCEPTED_ON_L2',
    })
    expect(sent[0]?.method).toBe('starknet_subscriptionEvents')
  })

  it('with PRE_CONFIRMED sends pre_confirmed events, then each again once accepted', async () => {
    using chain = testChain(MANUAL_BLOCKS)
    await using rpc = memoryClient(chain.sim)
    const pre = await rpc.ok<string>('starknet_subscribeEvents', {
      from_address: ETH,
      finality_status: 'PRE_CONFIRMED',
    })
    const l2 = await rpc.ok<string>('starknet_subscribeEvents', { from_address: ETH })
    const hash = chain.transfer()
    const admitted = await rpc.drain()
    expect(admitted.map((n) => [n.params.subscription_id, n.params.result.finality_status])).toEqual([
      [pre, 'PRE_CONFIRMED'],
    ])
    expect(admitted[0]!.params.result).toMatchObject({ transaction_hash: hash, block_number: 1 })
    expect(admitted[0]!.params.result).not.toHaveProperty('block_hash')
    chain.sim.chain.closeBlock()
    const committed = await rpc.drain()
    expect(committed.map((n) => [n.params.subscription_id, n.params.result.finality_status])).toEqual([
      [pre, 'ACCEPTED_ON_L2'],
      [l2, 'ACCEPTED_ON_L2'],
    ])
    // Subscribing while a transaction is pre_confirmed replays it with PRE_CONFIRMED only.
    chain.transfer()
    await rpc.drain()
    const late = await rpc.ok<string>('starknet_subscribeEvents', {
      from_address: ETH,
      finality_status: 'PRE_CONFIRMED',
    })
    const replay = (await rpc.drain()).filter((n) => n.params.subscription_id === late)
    expect(replay.map((n) => n.params.result.finality_status)).toEqual(['ACCEPTED_ON_L2', 'PRE_CONFIRMED'])
  })

  it('answers 34 for too many keys, 67 for too many addresses, -32602 for bad filters', async () => {
    using chain = testChain(NO_BLOCK_TIME)
    await using rpc = memoryClient(chain.sim)
    const error = async (params: unknown) => (await rpc.request('starknet_subscribeEvents', params)).error
    expect(await error({ keys: Array.from({ length: 17 }, () => []) })).toMatchObject({
      code: 34,
      message: 'Too many keys provided in a filter',
    })
    expect(await error({ keys: [Array.from({ length: 1025 }, (_, i) => toHex(BigInt(i)))] })).toMatchObject({
      code: 34,
    })
    expect(
      await error({ from_address: Array.from({ length: 129 }, (_, i) => toHex(BigInt(i))) }),
    ).toMatchObject({
      code: 67,
      message: 'Too many addresses in filter sender_address filter',
    })
    expect((await error({ keys: ['0x1'] }))?.code).toBe(-32602)
    expect((await error({ from_address: 'not a felt' }))?.code).toBe(-32602)
    expect((await error({ finality_status: 'ACCEPTED_ON_L1' }))?.code).toBe(-32602)
    expect((await error('not params'))?.code).toBe(-32600) // not a structured value: an invalid request
  })
})

describe('starknet_subscribeTransactionStatus', () => {
  it('sends the status of a known transaction at once, of an unknown one when it arrives', async () => {
    using chain = testChain(NO_BLOCK_TIME)
    await using rpc = memoryClient(chain.sim)
    const known = chain.transfer()
    const sub = await rpc.ok<string>('starknet_subscribeTransactionStatus', { transaction_hash: known })
    expect((await rpc.notification(sub)).params.result).toEqual({
      transaction_hash: known,
      status: { finality_status: 'ACCEPTED_ON_L2', execution_status: 'SUCCEEDED' },
    })
    // What the next transaction's hash will be: ask for a revert (no such entry point) and see it land.
    const reverting = [{ to: COUNTER_ADDRESS, selector: selectorOf('no_such_entry_point'), calldata: [] }]
    const unknownSub = await rpc.ok<string>('starknet_subscribeTransactionStatus', ['0x123'])
    const hash = chain.invoke(reverting)
    const later = await rpc.ok<string>('starknet_subscribeTransactionStatus', {
      transaction_hash: hash,
      block_id: 'latest',
    })
    const sent = await rpc.drain()
    expect(sent.filter((n) => n.params.subscription_id === unknownSub)).toEqual([])
    const status = sent.find((n) => n.params.subscription_id === later)!.params.result
    expect(status).toMatchObject({
      transaction_hash: hash,
      status: {
        finality_status: 'ACCEPTED_ON_L2',
        execution_status: 'REVERTED',
        failure_reason: expect.any(String),
      },
    })
    expect((await rpc.request('starknet_subscribeTransactionStatus', {})).error?.code).toBe(-32602)
  })

  it('follows a transaction from PRE_CONFIRMED to ACCEPTED_ON_L2 with a block time', async () => {
    using chain = testChain(MANUAL_BLOCKS)
    await using rpc = memoryClient(chain.sim)
    const hash = chain.transfer()
    const sub = await rpc.ok<string>('starknet_subscribeTransactionStatus', { transaction_hash: hash })
    expect((await rpc.notification(sub)).params.result).toMatchObject({
      status: { finality_status: 'PRE_CONFIRMED' },
    })
    chain.sim.chain.closeBlock()
    expect((await rpc.notification(sub)).params.result).toMatchObject({
      status: { finality_status: 'ACCEPTED_ON_L2' },
    })
  })
})

describe('starknet_subscribeNewTransactionReceipts and starknet_subscribeNewTransactions', () => {
  it('send receipts and transactions of the finality statuses asked, from the senders asked', async () => {
    using chain = testChain(MANUAL_BLOCKS)
    await using rpc = memoryClient(chain.sim)
    const receipts = await rpc.ok<string>('starknet_subscribeNewTransactionReceipts', {})
    const both = await rpc.ok<string>('starknet_subscribeNewTransactionReceipts', {
      finality_status: ['PRE_CONFIRMED', 'ACCEPTED_ON_L2'],
      sender_address: [chain.a.hex],
    })
    const fromB = await rpc.ok<string>('starknet_subscribeNewTransactions', { sender_address: [chain.b.hex] })
    const received = await rpc.ok<string>('starknet_subscribeNewTransactions', {
      finality_status: ['RECEIVED'],
    })
    const hash = chain.transfer()
    chain.sim.chain.closeBlock()
    const sent = await rpc.drain()
    const of = (id: string) => sent.filter((n) => n.params.subscription_id === id)
    expect(of(receipts).map((n) => [n.method, n.params.result.finality_status])).toEqual([
      ['starknet_subscriptionNewTransactionReceipts', 'ACCEPTED_ON_L2'],
    ])
    expect(of(receipts)[0]!.params.result).toMatchObject({
      transaction_hash: hash,
      block_hash: chain.sim.chain.blocks[1]!.hash,
      block_number: 1,
      execution_status: 'SUCCEEDED',
    })
    expect(of(both).map((n) => n.params.result.finality_status)).toEqual(['PRE_CONFIRMED', 'ACCEPTED_ON_L2'])
    expect(of(fromB)).toEqual([])
    // RECEIVED reads as PRE_CONFIRMED: a transaction joins the pre_confirmed block when admitted.
    expect(of(received).map((n) => [n.method, n.params.result.finality_status])).toEqual([
      ['starknet_subscriptionNewTransaction', 'PRE_CONFIRMED'],
    ])
    expect(of(received)[0]!.params.result).toMatchObject({
      transaction_hash: hash,
      type: 'INVOKE',
      sender_address: chain.a.hex,
    })
    chain.transfer(1n, chain.b)
    chain.sim.chain.closeBlock()
    expect((await rpc.notification(fromB)).params.result).toMatchObject({ finality_status: 'ACCEPTED_ON_L2' })
  })

  it('replay the latest block on subscribing, as starknet-devnet does; answer 67 and -32602', async () => {
    using chain = testChain(NO_BLOCK_TIME)
    await using rpc = memoryClient(chain.sim, '0.9')
    const hash = chain.transfer()
    const sub = await rpc.ok<string>('starknet_subscribeNewTransactions')
    expect((await rpc.notification(sub)).params.result).toMatchObject({ transaction_hash: hash })
    const many = Array.from({ length: 129 }, (_, i) => toHex(BigInt(i + 1)))
    for (const method of ['starknet_subscribeNewTransactions', 'starknet_subscribeNewTransactionReceipts']) {
      expect((await rpc.request(method, { sender_address: many })).error?.code).toBe(67)
      expect((await rpc.request(method, { sender_address: chain.a.hex })).error?.code).toBe(-32602)
      expect((await rpc.request(method, { finality_status: 'ACCEPTED_ON_L2' })).error?.code).toBe(-32602)
      expect((await rpc.request(method, { finality_status: ['ACCEPTED_ON_L1'] })).error?.code).toBe(-32602)
    }
  })
})
