import { readFileSync } from 'node:fs'
import { hash as starknetHash } from 'starknet'
import { describe, expect, it } from 'vitest'
import { COUNTER_ADDRESS, COUNTER_CLASS_HASH } from '../chain/contracts/index'
import { selectorOf, storageVarAddress, toHex } from '../chain/felt'
import { ALLOCATION, ARCHIVAL, L2_GAS } from '../chain/gas'
import { Simulator } from '../chain/simulator'
import { handleRpc } from './handler'

type Answer = { result?: unknown; error?: { code: number; message: string; data?: unknown } }
type Json = Record<string, unknown>

const L1_SENDER = '0x8453fc6cd1bcfe8d4dfc069c400b433054d47bdc'
const counter = toHex(COUNTER_ADDRESS)
const sel = (name: string) => toHex(selectorOf(name))
const message = (over: Json = {}): Json => ({
  l2_contract_address: counter,
  entry_point_selector: sel('increase_from_l1'),
  l1_contract_address: L1_SENDER,
  payload: ['0x5'],
  paid_fee_on_l1: '0x123456abcdef',
  nonce: '0x0',
  ...over,
})

function setup(sim = new Simulator({ accounts: 1 })) {
  const rpc = (method: string, params: unknown = {}, v: '0.9' | '0.10' = '0.10') =>
    handleRpc(sim, { jsonrpc: '2.0', id: 1, method, params }, v) as Answer
  const ok = <T = Json>(method: string, params: unknown = {}, v: '0.9' | '0.10' = '0.10') => {
    const a = rpc(method, params, v)
    if (a.error) throw new Error(`${method}: ${JSON.stringify(a.error)}`)
    return a.result as T
  }
  const send = (over: Json = {}) =>
    ok<{ transaction_hash: string }>('devnet_postmanSendMessageToL2', message(over)).transaction_hash
  const l1Counter = (who = L1_SENDER) =>
    ok<string[]>('starknet_call', {
      request: { contract_address: counter, entry_point_selector: sel('get_l1_counter'), calldata: [who] },
      block_id: 'latest',
    })[0]
  return { sim, rpc, ok, send, l1Counter }
}

describe.each(['0.9', '0.10'] as const)('devnet_postmanSendMessageToL2, read over RPC %s', (v) => {
  it('runs the L1_HANDLER transaction in a block: starknet.js hash, TXN, receipt, trace, events, state', () => {
    const { sim, ok, send, l1Counter } = setup()
    const fee = ok<Json>('starknet_estimateMessageFee', {
      message: {
        from_address: L1_SENDER,
        to_address: counter,
        entry_point_selector: sel('increase_from_l1'),
        payload: ['0x5'],
      },
      block_id: 'latest',
    })
    const transaction_hash = send({ nonce: '0x7' })
    const chainId = toHex(sim.chain.chainId) as '0x534e5f5345504f4c4941'
    expect(transaction_hash).toBe(
      starknetHash.calculateL2MessageTxHash(L1_SENDER, counter, 'increase_from_l1', ['0x5'], chainId, 7),
    )
    expect(ok('starknet_blockNumber', {}, v)).toBe(1)
    expect(l1Counter()).toBe('0x5')

    const tx = {
      transaction_hash,
      type: 'L1_HANDLER',
      version: '0x0',
      nonce: '0x7',
      contract_address: counter,
    }
    const txn = { ...tx, entry_point_selector: sel('increase_from_l1'), calldata: [L1_SENDER, '0x5'] }
    expect(ok('starknet_getTransactionByHash', { transaction_hash }, v)).toEqual(txn)
    expect(ok('starknet_getBlockWithTxs', { block_id: 'latest' }, v).transactions).toEqual([txn])
    expect(ok('starknet_getTransactionByBlockIdAndIndex', { block_id: 'latest', index: 0 }, v)).toEqual(txn)

    const receipt = ok<Json>('starknet_getTransactionReceipt', { transaction_hash }, v)
    const event = { from_address: counter, keys: [sel('IncreasedFromL1'), L1_SENDER], data: ['0x5', '0x5'] }
    expect(receipt).toEqual({
      type: 'L1_HANDLER',
      transaction_hash,
      message_hash: starknetHash.getL2MessageHash(L1_SENDER, counter, sel('increase_from_l1'), ['0x5'], 7),
      // The message paid on L1: nothing is charged on L2 (blockifier zeroes an L1 handler's fee), in WEI.
      actual_fee: { amount: '0x0', unit: 'WEI' },
      execution_status: 'SUCCEEDED',
      finality_status: 'ACCEPTED_ON_L2',
      messages_sent: [],
      events: [event],
      // The same gas starknet_estimateMessageFee answered: both run the one L1-handler path. The receipt's
      // l1_data_gas is the state diff's alone, as starknet-devnet reports it; the estimate adds the newly
      // allocated l1_counters entry.
      execution_resources: {
        l1_gas: 0,
        l2_gas: Number(fee.l2_gas_consumed),
        l1_data_gas: Number(fee.l1_data_gas_consumed) - Number(ALLOCATION.l1DataGas),
      },
      block_hash: sim.chain.latest.hash,
      block_number: 1,
    })
    expect(ok('starknet_getTransactionStatus', { transaction_hash }, v)).toEqual({
      finality_status: 'ACCEPTED_ON_L2',
      execution_status: 'SUCCEEDED',
    })

    const trace = ok<Json>('starknet_traceTransaction', { transaction_hash }, v)
    expect(trace).toMatchObject({
      type: 'L1_HANDLER',
      function_invocation: {
        contract_address: counter,
        entry_point_selector: sel('increase_from_l1'),
        calldata: [L1_SENDER, '0x5'],
        caller_address: '0x0',
        class_hash: toHex(COUNTER_CLASS_HASH),
        entry_point_type: 'L1_HANDLER',
        events: [{ order: 0, keys: event.keys, data: event.data }],
        is_reverted: false,
      },
      execution_resources: receipt.execution_resources,
    })
    // An L1 handler bumps no nonce: its state diff is the handler's storage write alone.
    expect(trace.state_diff).toMatchObject({
      nonces: [],
      storage_diffs: [
        {
          address: counter,
          storage_entries: [
            { key: toHex(storageVarAddress('l1_counters', BigInt(L1_SENDER))), value: '0x5' },
          ],
        },
      ],
    })
    expect(ok<Json[]>('starknet_traceBlockTransactions', { block_id: 'latest' }, v)).toEqual([
      { transaction_hash, trace_root: trace },
    ])
    const events = ok<{ events: Json[] }>(
      'starknet_getEvents',
      { filter: { address: counter, keys: [[sel('IncreasedFromL1')]], chunk_size: 10 } },
      v,
    ).events
    expect(events).toEqual([
      expect.objectContaining({
        ...event,
        transaction_hash,
        block_number: 1,
        block_hash: sim.chain.latest.hash,
      }),
    ])
  })

  it('a handler that panics gives a REVERTED receipt: revert reason, no events or writes, only the fixed gas', () => {
    const { ok, send, l1Counter } = setup()
    const transaction_hash = send({ payload: ['0x0'] })
    const receipt = ok<Json>('starknet_getTransactionReceipt', { transaction_hash }, v)
    expect(receipt).toMatchObject({
      type: 'L1_HANDLER',
      execution_status: 'REVERTED',
      actual_fee: { amount: '0x0', unit: 'WEI' },
      events: [],
      execution_resources: {
        l1_gas: 0,
        l1_data_gas: 0,
        l2_gas: Number(L2_GAS.txBase + 2n * ARCHIVAL.perDataFelt),
      },
    })
    expect(receipt.revert_reason).toMatch(
      /^Transaction execution has failed:\n0: Error in the called contract/,
    )
    expect(receipt.revert_reason).toContain("('Counter: amount is zero')")
    expect(ok('starknet_getTransactionStatus', { transaction_hash }, v)).toEqual({
      finality_status: 'ACCEPTED_ON_L2',
      execution_status: 'REVERTED',
      failure_reason: receipt.revert_reason,
    })
    const trace = ok<Json>('starknet_traceTransaction', { transaction_hash }, v)
    expect(trace.function_invocation).toEqual({ revert_reason: receipt.revert_reason })
    expect((trace.state_diff as Json).storage_diffs).toEqual([])
    expect(l1Counter()).toBe('0x0')
  })
})

describe('devnet_postmanSendMessageToL2 errors', () => {
  it('-32602 for each bad or missing field, and changes nothing', () => {
    const { sim, rpc } = setup()
    const bad: Json[] = [
      { l2_contract_address: undefined },
      { l2_contract_address: 'nope' },
      { entry_point_selector: undefined },
      { l1_contract_address: `0x1${'0'.repeat(40)}` },
      { l1_contract_address: 5 },
      { payload: undefined },
      { payload: ['0x5', 'x'] },
      { paid_fee_on_l1: '0x0' },
      { paid_fee_on_l1: `0x1${'0'.repeat(32)}` },
      { paid_fee_on_l1: undefined },
      { nonce: undefined },
      { l1_transaction_hash: `0x1${'0'.repeat(64)}` },
      { l1_transaction_hash: 'abc' },
      { l1_tx_hash: '0x1' },
    ]
    for (const over of bad) {
      const answer = rpc('devnet_postmanSendMessageToL2', message(over))
      expect(answer.error, JSON.stringify(over)).toMatchObject({ code: -32602, message: 'Invalid params' })
    }
    expect(rpc('devnet_postmanSendMessageToL2', message({ paid_fee_on_l1: '0x0' })).error?.data).toMatch(
      /^paid_fee_on_l1: expected a nonzero u128/,
    )
    expect(sim.chain.blocks).toHaveLength(1)
    expect(sim.chain.txs.size).toBe(0)
  })

  it('20 for no contract at l2_contract_address, 40 for a selector that is no L1 handler, 59 for a message sent twice', () => {
    const { sim, rpc, send } = setup()
    expect(rpc('devnet_postmanSendMessageToL2', message({ l2_contract_address: '0x1234' })).error).toEqual({
      code: 20,
      message: 'Contract not found',
    })
    expect(
      rpc('devnet_postmanSendMessageToL2', message({ entry_point_selector: sel('increment') })).error,
    ).toEqual({
      code: 40,
      message: 'Contract error',
      data: {
        revert_error: `Entry point ${sel('increment')} not found in contract with class hash ${toHex(COUNTER_CLASS_HASH)} (L1_HANDLER).`,
      },
    })
    expect(sim.chain.txs.size).toBe(0)
    send()
    expect(rpc('devnet_postmanSendMessageToL2', message()).error).toMatchObject({ code: 59 })
    // Another nonce is another message, with its own hash.
    send({ nonce: '0x1' })
    expect(sim.chain.txs.size).toBe(2)
  })

  it('takes positional params in MessageToL2 order', () => {
    const { ok, l1Counter } = setup()
    const m = message({ payload: ['0x2'] })
    ok('devnet_postmanSendMessageToL2', [
      m.l2_contract_address,
      m.entry_point_selector,
      m.l1_contract_address,
      m.payload,
      m.paid_fee_on_l1,
      m.nonce,
    ])
    expect(l1Counter()).toBe('0x2')
  })
})

describe('docs/chain.md', () => {
  it('devnet_postmanSendMessageToL2 request runs as written', () => {
    const readme = readFileSync(new URL('../../../docs/chain.md', import.meta.url), 'utf8')
    const section = readme.slice(readme.indexOf('### Messages from L1'))
    const json = /```json\n([\s\S]*?)```/.exec(section)?.[1]
    const { ok, l1Counter } = setup()
    const { transaction_hash } = ok<{ transaction_hash: string }>(
      'devnet_postmanSendMessageToL2',
      JSON.parse(json ?? 'null').params,
    )
    expect(ok<Json>('starknet_getTransactionReceipt', { transaction_hash }).execution_status).toBe(
      'SUCCEEDED',
    )
    expect(l1Counter('0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512')).toBe('0x5')
    expect(
      ok<Json[]>('starknet_getMessagesStatus', { transaction_hash: `0x${'5e'.repeat(32)}` }),
    ).toHaveLength(1)
  })
})
