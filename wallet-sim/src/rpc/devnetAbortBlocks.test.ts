// devnet_abortBlocks as starknet-devnet answers it (tests/integration/test_abort_blocks.rs): which blocks go,
// what the chain forgets with them (blocks, transactions, receipts, events, state updates, L1 messages, state
// and nonces), what comes after, and every error.
import { describe, expect, it } from 'vitest'
import type { Call } from '../chain/contract'
import { COUNTER_ADDRESS, COUNTER_CLASS_HASH, STRK_ADDRESS, UDC_ADDRESS } from '../chain/contracts/index'
import { contractAddress, selectorOf, toHex } from '../chain/felt'
import { Simulator, type SimulatorOptions } from '../chain/simulator'
import type { ChainSnapshot } from '../chain/snapshot'
import { signedInvoke } from '../chain/testHelpers'
import { handleRpc } from './handler'

type Json = Record<string, unknown>
type Answer = { result?: unknown; error?: { code: number; message: string; data?: unknown } }
type Version = '0.9' | '0.10'

const FIXED_CLOCK = () => 1_800_000_000_000
const SALT = 7n
const DEPLOYED = toHex(contractAddress(SALT, COUNTER_CLASS_HASH, [], 0n))
const COUNTER = toHex(COUNTER_ADDRESS)
const L1_TX = `0x${'0b'.repeat(32)}`

function setup(options: SimulatorOptions = {}) {
  const sim = new Simulator({ accounts: 2, clock: FIXED_CLOCK, ...options })
  const rpc = (method: string, params: unknown = {}, v: Version = '0.10') =>
    handleRpc(sim, { jsonrpc: '2.0', id: 1, method, params }, v) as Answer
  const ok = <T = Json>(method: string, params: unknown = {}, v: Version = '0.10') => {
    const a = rpc(method, params, v)
    if (a.error) throw new Error(`${method}: ${JSON.stringify(a.error)}`)
    return a.result as T
  }
  const [a, b] = sim.accounts.map((x) => ({ ...x, felt: BigInt(x.address) }))
  const signed = (calls: Call[], nonce = sim.chain.pending.getNonce(a!.felt)) =>
    signedInvoke({
      sender: a!.felt,
      privateKey: BigInt(a!.private_key),
      nonce,
      calls,
      chainId: sim.chain.chainId,
    })
  const send = (json: unknown) =>
    ok<{ transaction_hash: string }>('starknet_addInvokeTransaction', { invoke_transaction: json })
      .transaction_hash
  const abort = (starting_block_id: unknown, v: Version = '0.10') =>
    ok<{ aborted: string[] }>('devnet_abortBlocks', { starting_block_id }, v).aborted
  const createBlock = () => ok<{ block_hash: string }>('devnet_createBlock').block_hash
  const mint = (address = '0x1', amount = 1) =>
    ok<{ tx_hash: string }>('devnet_mint', { address, amount }).tx_hash
  const latest = (v: Version = '0.10') => ok('starknet_blockHashAndNumber', [], v)
  return { sim, rpc, ok, a: a!, b: b!, signed, send, abort, createBlock, mint, latest }
}

/** A deployment, a storage write and a transfer (events, a nonce, balances, a class hash) in one invoke. */
const busyCalls = (to: bigint): Call[] => [
  { to: UDC_ADDRESS, selector: selectorOf('deployContract'), calldata: [COUNTER_CLASS_HASH, SALT, 0n, 0n] },
  { to: COUNTER_ADDRESS, selector: selectorOf('set_value'), calldata: [42n] },
  { to: STRK_ADDRESS, selector: selectorOf('transfer'), calldata: [to, 5n, 0n] },
]

/** The committed chain without what differs by construction (the abort count), state entries sorted. */
function committed(snapshot: ChainSnapshot) {
  const sort = <T extends [string, ...unknown[]]>(rows: T[]) =>
    [...rows].sort((x, y) => x[0].localeCompare(y[0]))
  return {
    blocks: snapshot.blocks,
    txs: [...snapshot.txs].sort((x, y) => x.hash.localeCompare(y.hash)),
    base: sort(snapshot.base).map(([address, classHash, nonce, storage]) => [
      address,
      classHash,
      nonce,
      sort(storage),
    ]),
    pending: snapshot.pending,
    pendingTxs: snapshot.pendingTxs,
  }
}

describe.each(['0.9', '0.10'] as const)('devnet_abortBlocks over RPC %s', (v) => {
  it('aborts the starting block and every later one, newest first; they and their transactions are unknown', () => {
    const { ok, rpc, a, b, signed, send, abort, createBlock, mint, latest } = setup()
    const genesis = latest(v)
    const minted = mint()
    const transfer = send(signed(busyCalls(b.felt)))
    const third = createBlock()
    const [h1, h2] = [1, 2].map(
      (n) =>
        ok<{ block_hash: string }>('starknet_getBlockWithTxHashes', { block_id: { block_number: n } })
          .block_hash,
    )

    expect(abort({ block_number: 2 }, v)).toEqual([third, h2])
    expect(latest(v)).toEqual({ block_hash: h1, block_number: 1 })
    for (const block_id of [
      { block_hash: h2 },
      { block_hash: third },
      { block_number: 2 },
      { block_number: 3 },
    ])
      expect(rpc('starknet_getBlockWithTxHashes', { block_id }, v).error).toEqual({
        code: 24,
        message: 'Block not found',
      })
    for (const method of [
      'starknet_getTransactionByHash',
      'starknet_getTransactionReceipt',
      'starknet_getTransactionStatus',
      'starknet_traceTransaction',
    ])
      expect(rpc(method, { transaction_hash: transfer }, v).error).toMatchObject({ code: 29 })
    expect(ok('starknet_getTransactionStatus', { transaction_hash: minted }, v)).toMatchObject({
      finality_status: 'ACCEPTED_ON_L2',
    })
    expect(ok('starknet_getBlockWithTxHashes', { block_id: 'pre_confirmed' }, v)).toMatchObject({
      block_number: 2,
      transactions: [],
    })
    // The block before the starting one stays as it was; aborting the rest down to the genesis block.
    expect(ok('starknet_getBlockWithTxHashes', { block_id: 'latest' }, v)).toMatchObject({
      status: 'ACCEPTED_ON_L2',
      transactions: [minted],
    })
    expect(abort('latest', v)).toEqual([h1])
    expect(latest(v)).toEqual(genesis)
    expect(ok('starknet_getNonce', { block_id: 'latest', contract_address: a.address }, v)).toBe('0x0')
  })

  it('rolls the state back to the parent of the starting block: storage, nonces, class hashes, balances', () => {
    const { sim, ok, rpc, a, b, signed, send, abort, mint } = setup()
    // A twin that never had the aborted block: the same genesis and block 1 (a fixed clock makes equal hashes).
    const twin = setup()
    mint()
    twin.mint()
    const balance = () => ok<{ amount: string }>('devnet_getAccountBalance', { address: b.address }, v).amount
    const before = {
      value: ok('starknet_call', { request: getValue(), block_id: 'latest' }, v),
      balance: balance(),
    }
    send(signed(busyCalls(b.felt)))
    expect(ok('starknet_getNonce', { block_id: 'latest', contract_address: a.address }, v)).toBe('0x1')
    expect(ok('starknet_call', { request: getValue(), block_id: 'latest' }, v)).toEqual(['0x2a'])
    expect(ok('starknet_getClassHashAt', { block_id: 'latest', contract_address: DEPLOYED }, v)).toBe(
      toHex(COUNTER_CLASS_HASH),
    )

    abort({ block_number: 2 }, v)
    for (const block_id of ['latest', 'pre_confirmed']) {
      expect(ok('starknet_getNonce', { block_id, contract_address: a.address }, v)).toBe('0x0')
      expect(ok('starknet_call', { request: getValue(), block_id }, v)).toEqual(before.value)
      expect(rpc('starknet_getClassHashAt', { block_id, contract_address: DEPLOYED }, v).error?.code).toBe(20)
    }
    expect(balance()).toBe(before.balance)
    expect(committed(sim.chain.snapshot())).toEqual(committed(twin.sim.chain.snapshot()))
  })

  it('forgets the aborted blocks in getEvents, getStateUpdate, getBlockWithReceipts and reads at a block number', () => {
    const { ok, rpc, a, b, signed, send, abort, createBlock, mint } = setup()
    mint()
    const eventsBefore = events(ok, v)
    send(signed(busyCalls(b.felt)))
    const aborted = ok<{ block_hash: string }>('starknet_getBlockWithTxHashes', {
      block_id: 'latest',
    }).block_hash
    expect(events(ok, v).length).toBeGreaterThan(eventsBefore.length)
    // Read at block 2 below the latest block now (a replayed state), so a stale copy of it would show below.
    createBlock()
    expect(ok('starknet_getNonce', { block_id: { block_number: 2 }, contract_address: a.address }, v)).toBe(
      '0x1',
    )
    abort({ block_number: 2 }, v)
    expect(events(ok, v)).toEqual(eventsBefore)
    expect(
      rpc('starknet_getEvents', { filter: { from_block: { block_number: 2 }, chunk_size: 10 } }, v).error
        ?.code,
    ).toBe(24)
    expect(rpc('starknet_getStateUpdate', { block_id: { block_hash: aborted } }, v).error?.code).toBe(24)
    expect(rpc('starknet_getBlockWithReceipts', { block_id: { block_hash: aborted } }, v).error?.code).toBe(
      24,
    )
    expect(ok('starknet_getStateUpdate', { block_id: 'latest' }, v)).toMatchObject({
      block_hash: ok<{ block_hash: string }>('starknet_getBlockWithTxHashes', {
        block_id: { block_number: 1 },
      }).block_hash,
    })
    // New blocks at the aborted heights read their own state, not the aborted blocks'.
    createBlock()
    createBlock()
    createBlock()
    expect(ok('starknet_getNonce', { block_id: { block_number: 2 }, contract_address: a.address }, v)).toBe(
      '0x0',
    )
    expect(
      rpc('starknet_getClassHashAt', { block_id: { block_number: 2 }, contract_address: DEPLOYED }, v).error
        ?.code,
    ).toBe(20)
  })
})

describe('devnet_abortBlocks, then', () => {
  it('runs a transaction re-sent after its block was aborted again: same hash, a new block with a new hash', () => {
    const { ok, a, b, signed, send, abort } = setup()
    const json = signed(busyCalls(b.felt))
    const hash = send(json)
    const first = ok<Json>('starknet_getTransactionReceipt', { transaction_hash: hash })
    expect(abort('latest')).toEqual([first.block_hash])
    expect(send(json)).toBe(hash)
    const again = ok<Json>('starknet_getTransactionReceipt', { transaction_hash: hash })
    expect(again).toMatchObject({
      execution_status: 'SUCCEEDED',
      block_number: 1,
      finality_status: 'ACCEPTED_ON_L2',
    })
    expect(again.block_hash).not.toBe(first.block_hash)
    expect(ok('starknet_getNonce', { block_id: 'latest', contract_address: a.address })).toBe('0x1')
    expect(ok('starknet_call', { request: getValue(), block_id: 'latest' })).toEqual(['0x2a'])
  })

  it('builds new blocks from the new head with new hashes, even in the same second with the same content', () => {
    const { ok, abort, createBlock, latest } = setup()
    const genesis = latest()
    const aborted = createBlock()
    expect(abort({ block_hash: aborted })).toEqual([aborted])
    const next = createBlock()
    expect(next).not.toBe(aborted)
    expect(ok('starknet_getBlockWithTxHashes', { block_id: 'latest' })).toMatchObject({
      block_number: 1,
      block_hash: next,
      parent_hash: genesis.block_hash,
    })
    // Aborted twice at that height: a third hash.
    expect(abort('latest')).toEqual([next])
    expect([aborted, next]).not.toContain(createBlock())
  })

  it('forgets the L1 handler transactions of aborted blocks: getMessagesStatus answers 29, the message runs again', () => {
    const { ok, rpc, abort } = setup()
    const message = {
      l2_contract_address: COUNTER,
      entry_point_selector: toHex(selectorOf('increase_from_l1')),
      l1_contract_address: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
      payload: ['0x3'],
      paid_fee_on_l1: '0x1',
      nonce: '0x0',
      l1_transaction_hash: L1_TX,
    }
    const l1Counter = () =>
      ok('starknet_call', {
        request: {
          contract_address: COUNTER,
          entry_point_selector: toHex(selectorOf('get_l1_counter')),
          calldata: [message.l1_contract_address],
        },
        block_id: 'latest',
      })
    const { transaction_hash } = ok<{ transaction_hash: string }>('devnet_postmanSendMessageToL2', message)
    expect(ok<Json[]>('starknet_getMessagesStatus', { transaction_hash: L1_TX })).toHaveLength(1)
    expect(l1Counter()).toEqual(['0x3'])
    abort('latest')
    expect(rpc('starknet_getMessagesStatus', { transaction_hash: L1_TX }).error?.code).toBe(29)
    expect(rpc('starknet_getTransactionReceipt', { transaction_hash }).error?.code).toBe(29)
    expect(l1Counter()).toEqual(['0x0'])
    expect(ok('devnet_postmanSendMessageToL2', message)).toEqual({ transaction_hash })
    expect(ok<Json[]>('starknet_getMessagesStatus', { transaction_hash: L1_TX })).toEqual([
      { transaction_hash, finality_status: 'ACCEPTED_ON_L2', execution_status: 'SUCCEEDED' },
    ])
  })
})

describe('devnet_abortBlocks with a block time', () => {
  const MANUAL_BLOCKS = { blockTime: 3_600_000 }

  it('pre_confirmed aborts the pre_confirmed block alone: its transactions go, the committed blocks stay', () => {
    const { sim, ok, rpc, abort, createBlock, mint } = setup(MANUAL_BLOCKS)
    mint('0x1', 1)
    const block = createBlock()
    const pending = mint('0x1', 1)
    const balance = (block_id: string) =>
      ok('starknet_call', {
        request: {
          contract_address: toHex(STRK_ADDRESS),
          entry_point_selector: toHex(selectorOf('balance_of')),
          calldata: ['0x1'],
        },
        block_id,
      })
    expect(balance('pre_confirmed')).toEqual(['0x2', '0x0'])
    const aborted = abort('pre_confirmed')
    expect(aborted).toHaveLength(1)
    expect(aborted[0]).not.toBe(block)
    expect(ok('starknet_blockHashAndNumber')).toEqual({ block_hash: block, block_number: 1 })
    expect(balance('pre_confirmed')).toEqual(['0x1', '0x0'])
    expect(rpc('starknet_getTransactionStatus', { transaction_hash: pending }).error?.code).toBe(29)
    expect(ok('starknet_getBlockWithTxHashes', { block_id: 'pre_confirmed' })).toMatchObject({
      block_number: 2,
      transactions: [],
    })
    expect(sim.chain.pendingTxs).toEqual([])
    // The hash answered is spent: the next block at that height has another one.
    mint('0x1', 1)
    expect(createBlock()).not.toBe(aborted[0])
  })

  it('a committed starting block takes the pre_confirmed block with it', () => {
    const { ok, rpc, abort, createBlock, mint } = setup(MANUAL_BLOCKS)
    const committedTx = mint()
    const block = createBlock()
    const pendingTx = mint()
    expect(abort({ block_number: 1 })).toEqual([block])
    for (const transaction_hash of [committedTx, pendingTx])
      expect(rpc('starknet_getTransactionStatus', { transaction_hash }).error?.code).toBe(29)
    expect(ok('starknet_getBlockWithTxHashes', { block_id: 'pre_confirmed' })).toMatchObject({
      block_number: 1,
      transactions: [],
    })
  })

  it('without a block time, pre_confirmed aborts an empty block and leaves the chain as it was', () => {
    const { ok, abort, mint, latest } = setup()
    mint()
    const head = latest()
    expect(abort('pre_confirmed')).toEqual([expect.stringMatching(/^0x[0-9a-f]+$/)])
    expect(latest()).toEqual(head)
    expect(ok('starknet_getBlockWithTxHashes', { block_id: 'pre_confirmed' })).toMatchObject({
      block_number: 2,
    })
  })
})

describe('devnet_abortBlocks errors', () => {
  it("answers devnet's -1 for an unknown or already aborted block and for the genesis block, changing nothing", () => {
    const { sim, rpc, abort, createBlock } = setup()
    const [first, second] = [createBlock(), createBlock()]
    expect(abort({ block_hash: first })).toEqual([second, first])
    const dumped = sim.dump()
    const error = (starting_block_id: unknown, v: Version = '0.10') =>
      rpc('devnet_abortBlocks', { starting_block_id }, v).error
    for (const v of ['0.9', '0.10'] as const) {
      for (const id of [
        { block_hash: first },
        { block_hash: second },
        { block_hash: '0x42' },
        { block_number: 1 },
      ])
        expect(error(id, v)).toEqual({ code: -1, message: 'No block found' })
      for (const id of [
        { block_number: 0 },
        'latest',
        'l1_accepted',
        { block_hash: sim.chain.blocks[0]!.hash },
      ])
        expect(error(id, v)).toEqual({ code: -1, message: "Genesis block can't be aborted" })
    }
    expect(sim.dump()).toEqual(dumped)
  })

  it('aborts the latest block until only the genesis block is left (starknet-devnet abort_latest_blocks)', () => {
    const { rpc, abort, createBlock } = setup()
    for (let i = 0; i < 3; i++) createBlock()
    for (let i = 0; i < 3; i++) expect(abort('latest')).toHaveLength(1)
    expect(rpc('devnet_abortBlocks', { starting_block_id: 'latest' }).error?.message).toBe(
      "Genesis block can't be aborted",
    )
  })

  it('aborts a block accepted on L1 as starknet-devnet does: the blocks before it stay on L1', () => {
    const { ok, abort, createBlock } = setup()
    const [first, second, third] = [createBlock(), createBlock(), createBlock()]
    ok('devnet_acceptOnL1', { starting_block_id: { block_hash: second } })
    expect(abort({ block_number: 2 })).toEqual([third, second])
    expect(ok('starknet_getBlockWithTxHashes', { block_id: 'latest' })).toMatchObject({
      block_hash: first,
      status: 'ACCEPTED_ON_L1',
    })
    expect(ok('starknet_getBlockWithTxHashes', { block_id: 'l1_accepted' })).toMatchObject({
      block_hash: first,
    })
    // The block built next is on L2 only.
    const next = createBlock()
    expect(ok('starknet_getBlockWithTxHashes', { block_id: 'latest' })).toMatchObject({
      block_hash: next,
      status: 'ACCEPTED_ON_L2',
    })
    expect(abort('l1_accepted')).toEqual([next, first])
  })

  it('answers -32602 for a missing, malformed or unknown param; takes the block id by position too', () => {
    const { sim, rpc, createBlock } = setup()
    const block = createBlock()
    const dumped = sim.dump()
    for (const params of [
      {},
      { starting_block_id: 'pending' },
      { starting_block_id: { block_number: -1 } },
      { starting_block_id: 'latest', extra: true },
      { starting_block_hash: block }, // starknet-devnet's removed legacy parameter
    ])
      expect(rpc('devnet_abortBlocks', params).error?.code).toBe(-32602)
    expect(sim.dump()).toEqual(dumped)
    expect(rpc('devnet_abortBlocks', [{ block_hash: block }]).result).toEqual({ aborted: [block] })
  })
})

const getValue = () => ({
  contract_address: COUNTER,
  entry_point_selector: toHex(selectorOf('get_value')),
  calldata: [],
})

function events(ok: <T>(method: string, params?: unknown, v?: Version) => T, v: Version): Json[] {
  return ok<{ events: Json[] }>(
    'starknet_getEvents',
    { filter: { from_block: { block_number: 0 }, to_block: 'latest', chunk_size: 1024 } },
    v,
  ).events
}
