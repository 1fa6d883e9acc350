import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { COUNTER_ADDRESS } from '../chain/contracts/index'
import { selectorOf, toHex } from '../chain/felt'
import { Simulator, type SimulatorOptions } from '../chain/simulator'
import { handleRpc } from './handler'

type Answer = { result?: unknown; error?: { code: number; message: string; data?: unknown } }
type Json = Record<string, unknown>

const L1_TX = `0x${'0a'.repeat(32)}`
const tempState = () => join(mkdtempSync(join(tmpdir(), 'wallet-sim-l1-handler-')), 'state.json')
const message = (over: Json = {}): Json => ({
  l2_contract_address: toHex(COUNTER_ADDRESS),
  entry_point_selector: toHex(selectorOf('increase_from_l1')),
  l1_contract_address: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
  payload: ['0x3'],
  paid_fee_on_l1: '0x1',
  nonce: '0x0',
  ...over,
})

function setup(options: SimulatorOptions = { accounts: 1 }) {
  const sim = new Simulator(options)
  const rpc = (method: string, params: unknown = {}, v: '0.9' | '0.10' = '0.10') =>
    handleRpc(sim, { jsonrpc: '2.0', id: 1, method, params }, v) as Answer
  const ok = <T = Json>(method: string, params: unknown = {}, v: '0.9' | '0.10' = '0.10') => {
    const a = rpc(method, params, v)
    if (a.error) throw new Error(`${method}: ${JSON.stringify(a.error)}`)
    return a.result as T
  }
  const send = (over: Json = {}) =>
    ok<{ transaction_hash: string }>('devnet_postmanSendMessageToL2', message(over)).transaction_hash
  const statuses = (transaction_hash = L1_TX, v: '0.9' | '0.10' = '0.10') =>
    ok<Json[]>('starknet_getMessagesStatus', { transaction_hash }, v)
  return { sim, rpc, ok, send, statuses }
}

describe.each(['0.9', '0.10'] as const)('starknet_getMessagesStatus over RPC %s', (v) => {
  it('lists the L1 handler transactions of the L1 transaction a message claimed, in order; 29 for others', () => {
    const { rpc, send, statuses } = setup()
    const first = send({ l1_transaction_hash: L1_TX })
    send({ nonce: '0x1' }) // no L1 transaction given: nothing to look up by
    const reverted = send({ nonce: '0x2', payload: ['0x0'], l1_transaction_hash: L1_TX })
    const failure = (rpc('starknet_getTransactionReceipt', { transaction_hash: reverted }).result as Json)
      .revert_reason
    expect(statuses(L1_TX, v)).toEqual([
      { transaction_hash: first, finality_status: 'ACCEPTED_ON_L2', execution_status: 'SUCCEEDED' },
      {
        transaction_hash: reverted,
        finality_status: 'ACCEPTED_ON_L2',
        execution_status: 'REVERTED',
        failure_reason: failure,
      },
    ])
    // The same 256-bit number, however it is written (at most 64 hex digits).
    expect(statuses(`0x${'0A'.repeat(32)}`, v)).toHaveLength(2)
    expect(statuses(`0x${'0a'.repeat(32).slice(1)}`, v)).toHaveLength(2)
    expect(rpc('starknet_getMessagesStatus', { transaction_hash: '0xab' }, v).error).toEqual({
      code: 29,
      message: 'Transaction hash not found',
      data: 'wallet-sim has no L1: no L1 transaction sent messages to it',
    })
    for (const bad of [{}, { transaction_hash: 12 }, { transaction_hash: `0x0${L1_TX.slice(2)}` }])
      expect(rpc('starknet_getMessagesStatus', bad, v).error?.code).toBe(-32602)
  })

  it('follows the transactions: PRE_CONFIRMED with a block time, then ACCEPTED_ON_L2, then ACCEPTED_ON_L1', () => {
    const { sim, ok, send, statuses } = setup({ accounts: 1, blockTime: 60_000 })
    const hash = send({ l1_transaction_hash: L1_TX })
    expect(statuses(L1_TX, v)).toEqual([
      { transaction_hash: hash, finality_status: 'PRE_CONFIRMED', execution_status: 'SUCCEEDED' },
    ])
    expect(ok<Json>('starknet_getTransactionReceipt', { transaction_hash: hash }, v)).toMatchObject({
      finality_status: 'PRE_CONFIRMED',
      block_number: 1,
    })
    ok('devnet_createBlock')
    expect(statuses(L1_TX, v)[0]?.finality_status).toBe('ACCEPTED_ON_L2')
    ok('devnet_acceptOnL1', { starting_block_id: 'latest' })
    expect(statuses(L1_TX, v)[0]?.finality_status).toBe('ACCEPTED_ON_L1')
    sim.close()
  })
})

describe('L1 handler transactions persist', () => {
  it('across --state restarts, without and with a block time (pre_confirmed ones journaled)', () => {
    for (const blockTime of [0, 60_000]) {
      const file = tempState()
      const first = setup({ accounts: 1, stateFile: file, blockTime })
      const hash = first.send({ l1_transaction_hash: L1_TX })
      const receipt = first.ok('starknet_getTransactionReceipt', { transaction_hash: hash })
      const trace = first.ok('starknet_traceTransaction', { transaction_hash: hash })
      // Reopened without close() (as after a crash): what is on disk is all there is.
      const second = setup({ accounts: 1, stateFile: file, blockTime })
      expect(second.sim.dump()).toEqual(first.sim.dump())
      expect(second.ok('starknet_getTransactionReceipt', { transaction_hash: hash })).toEqual(receipt)
      expect(second.ok('starknet_traceTransaction', { transaction_hash: hash })).toEqual(trace)
      expect(second.statuses()).toEqual(first.statuses())
      expect(second.sim.chain.getTx(BigInt(hash)).l1Message).toEqual({
        paidFeeOnL1: '0x1',
        l1TransactionHash: L1_TX,
      })
      // The message and nonce are spent for good.
      expect(second.rpc('devnet_postmanSendMessageToL2', message()).error?.code).toBe(59)
      first.sim.close()
      second.sim.close()
    }
  })

  it('through devnet_dump and devnet_load', () => {
    const { ok, send, statuses } = setup()
    const hash = send({ l1_transaction_hash: L1_TX })
    const dump = ok('devnet_dump')
    const other = setup()
    other.ok('devnet_load', { snapshot: JSON.parse(JSON.stringify(dump)) })
    expect(other.statuses()).toEqual(statuses())
    expect(other.ok('starknet_getTransactionByHash', { transaction_hash: hash })).toMatchObject({
      type: 'L1_HANDLER',
      nonce: '0x0',
    })
    expect(other.ok<Json>('starknet_getTransactionReceipt', { transaction_hash: hash }).message_hash).toMatch(
      /^0x[0-9a-f]{64}$/,
    )
  })
})
