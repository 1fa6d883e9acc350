import { describe, expect, it } from 'vitest'
import { Erc20Storage, ETH_ADDRESS, OZ_ACCOUNT_CLASS_HASH, STRK_ADDRESS } from '../chain/contracts/index'
import { selectorOf, toHex } from '../chain/felt'
import { Simulator } from '../chain/simulator'
import { signedInvoke } from '../chain/testHelpers'
import { startSim } from '../index'
import { handleRpc } from './handler'

type Answer = { result?: unknown; error?: { code: number; message: string; data?: unknown } }

function setup(options: ConstructorParameters<typeof Simulator>[0] = {}) {
  const sim = new Simulator({ accounts: 2, ...options })
  const rpc = (method: string, params: unknown = {}, v: '0.9' | '0.10' = '0.10') =>
    handleRpc(sim, { jsonrpc: '2.0', id: 1, method, params }, v) as Answer
  const ok = <T = Record<string, unknown>>(
    method: string,
    params: unknown = {},
    v: '0.9' | '0.10' = '0.10',
  ) => {
    const a = rpc(method, params, v)
    if (a.error) throw new Error(`${method}: ${JSON.stringify(a.error)}`)
    return a.result as T
  }
  const [a, b] = sim.accounts.map((x) => ({ address: BigInt(x.address), key: BigInt(x.private_key) }))
  const transfer = (nonce: bigint, amount = 1n, extra: Partial<Parameters<typeof signedInvoke>[0]> = {}) =>
    signedInvoke({
      sender: a!.address,
      privateKey: a!.key,
      nonce,
      calls: [{ to: ETH_ADDRESS, selector: selectorOf('transfer'), calldata: [b!.address, amount, 0n] }],
      chainId: sim.chain.chainId,
      ...extra,
    })
  return { sim, rpc, ok, a: a!, b: b!, transfer }
}

describe('starknet_ methods', () => {
  it('answers spec versions, chain id, syncing and unknown methods', () => {
    const { rpc, ok } = setup()
    expect(ok('starknet_specVersion', [], '0.9')).toBe('0.9.0')
    expect(ok('starknet_specVersion')).toBe('0.10.0')
    expect(ok('starknet_chainId')).toBe('0x534e5f5345504f4c4941')
    expect(ok('starknet_syncing')).toBe(false)
    expect(rpc('starknet_nope').error?.code).toBe(-32601)
    expect(rpc('starknet_getBlockWithTxHashes', { block_id: { block_number: 99 } }).error).toEqual({
      code: 24,
      message: 'Block not found',
    })
    expect(rpc('starknet_getBlockWithTxHashes', { block_id: 'pending' }).error?.code).toBe(-32602)
  })

  it('serves blocks, receipts, traces and state updates in the shape of each version', () => {
    const { ok, transfer, a } = setup()
    const { transaction_hash } = ok<{ transaction_hash: string }>('starknet_addInvokeTransaction', {
      invoke_transaction: transfer(0n),
    })
    expect(ok('starknet_blockNumber')).toBe(1)
    const b10 = ok('starknet_getBlockWithTxHashes', { block_id: 'latest' })
    expect(b10).toMatchObject({
      status: 'ACCEPTED_ON_L2',
      block_number: 1,
      transactions: [transaction_hash],
      transaction_count: 1,
      l1_da_mode: 'BLOB',
    })
    expect(b10.event_count).toBe(2)
    const b9 = ok('starknet_getBlockWithTxHashes', { block_id: { block_hash: b10.block_hash } }, '0.9')
    expect(b9.block_number).toBe(1)
    expect(b9).not.toHaveProperty('transaction_count')
    const pre = ok('starknet_getBlockWithTxs', { block_id: 'pre_confirmed' })
    expect(pre).toMatchObject({ block_number: 2, transactions: [] })
    expect(pre).not.toHaveProperty('block_hash')
    const withReceipts = ok<{ transactions: { receipt: Record<string, unknown> }[] }>(
      'starknet_getBlockWithReceipts',
      { block_id: { block_number: 1 } },
    )
    expect(withReceipts.transactions[0]!.receipt).toMatchObject({
      execution_status: 'SUCCEEDED',
      finality_status: 'ACCEPTED_ON_L2',
    })
    const receipt = ok('starknet_getTransactionReceipt', { transaction_hash })
    expect(receipt).toMatchObject({
      block_number: 1,
      block_hash: b10.block_hash,
      type: 'INVOKE',
      actual_fee: { unit: 'FRI' },
    })
    expect(ok('starknet_getTransactionStatus', [transaction_hash])).toEqual({
      finality_status: 'ACCEPTED_ON_L2',
      execution_status: 'SUCCEEDED',
    })
    expect(ok('starknet_getTransactionByBlockIdAndIndex', { block_id: 'latest', index: 0 })).toMatchObject({
      transaction_hash,
      type: 'INVOKE',
      version: '0x3',
    })
    expect(ok('starknet_getBlockTransactionCount', { block_id: 'latest' })).toBe(1)
    const trace = ok<Record<string, Record<string, unknown>>>('starknet_traceTransaction', {
      transaction_hash,
    })
    expect(trace.execute_invocation!.entry_point_selector).toBe(toHex(selectorOf('__execute__')))
    expect(trace.fee_transfer_invocation!.contract_address).toBe(toHex(STRK_ADDRESS))
    const blockTraces = ok<unknown[]>('starknet_traceBlockTransactions', { block_id: 'latest' })
    expect(blockTraces).toHaveLength(1)
    const update = ok<{ state_diff: { nonces: unknown[] } }>('starknet_getStateUpdate', {
      block_id: 'latest',
    })
    expect(update.state_diff.nonces).toEqual([{ contract_address: toHex(a.address), nonce: '0x1' }])
  })

  it('maps missing things to the spec codes', () => {
    const { rpc } = setup()
    expect(rpc('starknet_getTransactionReceipt', { transaction_hash: '0x123' }).error).toEqual({
      code: 29,
      message: 'Transaction hash not found',
    })
    expect(
      rpc('starknet_getClassHashAt', { block_id: 'latest', contract_address: '0x999' }).error?.code,
    ).toBe(20)
    expect(rpc('starknet_getClass', { block_id: 'latest', class_hash: '0x999' }).error?.code).toBe(28)
    expect(
      rpc('starknet_getTransactionByBlockIdAndIndex', { block_id: 'latest', index: 5 }).error?.code,
    ).toBe(27)
    const noEntry = rpc('starknet_call', {
      request: {
        contract_address: toHex(ETH_ADDRESS),
        entry_point_selector: toHex(selectorOf('nope')),
        calldata: [],
      },
      block_id: 'latest',
    })
    expect(noEntry.error?.code).toBe(21)
    expect(rpc('starknet_getEvents', { filter: { chunk_size: 5000 } }).error?.code).toBe(31)
    expect(
      rpc('starknet_getEvents', { filter: { chunk_size: 5, continuation_token: 'zzz' } }).error?.code,
    ).toBe(33)
    expect(rpc('starknet_addDeclareTransaction', { declare_transaction: {} }).error?.code).toBe(56)
  })

  it('reads storage, classes and calls; a failing call is a contract error (40)', () => {
    const { ok, rpc, a } = setup()
    const slot = toHex(Erc20Storage.balance(a.address))
    expect(
      BigInt(
        ok<string>('starknet_getStorageAt', {
          contract_address: toHex(ETH_ADDRESS),
          key: slot,
          block_id: 'latest',
        }),
      ),
    ).toBe(10n ** 21n)
    expect(
      BigInt(
        ok<string>('starknet_getClassHashAt', { block_id: 'latest', contract_address: toHex(a.address) }),
      ),
    ).toBe(OZ_ACCOUNT_CLASS_HASH)
    const cls = ok<{ abi: string; entry_points_by_type: { EXTERNAL: unknown[] } }>('starknet_getClassAt', {
      block_id: 'latest',
      contract_address: toHex(a.address),
    })
    expect(JSON.parse(cls.abi).some((e: { name: string }) => e.name === '__execute__')).toBe(true)
    const call = (selector: string, calldata: string[]) =>
      rpc('starknet_call', {
        request: {
          contract_address: toHex(ETH_ADDRESS),
          entry_point_selector: toHex(selectorOf(selector)),
          calldata,
        },
        block_id: 'latest',
      })
    expect(call('decimals', []).result).toEqual(['0x12'])
    const failed = call('transfer', ['0x0', '0x1', '0x0'])
    expect(failed.error?.code).toBe(40)
    expect(JSON.stringify(failed.error?.data)).toContain('ERC20: transfer')
  })

  it('estimates fees (also with SKIP_VALIDATE); bounds from the estimate pass, bounds below it revert', () => {
    const { ok, rpc, transfer } = setup()
    const q = transfer(0n, 1n, { version: 2n ** 128n + 3n })
    const [est] = ok<Record<string, string>[]>('starknet_estimateFee', {
      request: [q],
      simulation_flags: ['SKIP_VALIDATE'],
      block_id: 'pre_confirmed',
    })
    const [est2] = ok<Record<string, string>[]>('starknet_estimateFee', {
      request: [q],
      simulation_flags: [],
      block_id: 'pre_confirmed',
    })
    expect(est).toEqual(est2)
    expect(BigInt(est!.overall_fee!)).toBe(
      BigInt(est!.l2_gas_consumed!) * BigInt(est!.l2_gas_price!) +
        BigInt(est!.l1_data_gas_consumed!) * BigInt(est!.l1_data_gas_price!),
    )
    const bounds = (l2: bigint) => ({
      l1_gas: { max_amount: '0x0', max_price_per_unit: est!.l1_gas_price },
      l2_gas: { max_amount: toHex(l2), max_price_per_unit: est!.l2_gas_price },
      l1_data_gas: { max_amount: est!.l1_data_gas_consumed, max_price_per_unit: est!.l1_data_gas_price },
    })
    const exact = ok<{ transaction_hash: string }>('starknet_addInvokeTransaction', {
      invoke_transaction: transfer(0n, 1n, { resourceBounds: bounds(BigInt(est!.l2_gas_consumed!)) }),
    })
    expect(ok('starknet_getTransactionReceipt', exact).execution_status).toBe('SUCCEEDED')
    const short = ok<{ transaction_hash: string }>('starknet_addInvokeTransaction', {
      invoke_transaction: transfer(1n, 1n, { resourceBounds: bounds(BigInt(est!.l2_gas_consumed!) - 1000n) }),
    })
    const reverted = ok('starknet_getTransactionReceipt', short)
    expect(reverted.execution_status).toBe('REVERTED')
    expect(reverted.revert_reason).toMatch(/Insufficient max L2Gas/)
    const tooLow = rpc('starknet_addInvokeTransaction', {
      invoke_transaction: transfer(2n, 1n, { resourceBounds: bounds(1000n) }),
    })
    expect(tooLow.error?.code).toBe(53)
    const sim = ok<{ fee_estimation: unknown; transaction_trace: { type: string } }[]>(
      'starknet_simulateTransactions',
      {
        block_id: 'latest',
        transactions: [transfer(2n, 1n, { version: 2n ** 128n + 3n })],
        simulation_flags: ['SKIP_FEE_CHARGE'],
      },
    )
    expect(sim[0]!.transaction_trace.type).toBe('INVOKE')
  })

  it('pages events with continuation tokens and filters by keys and address', () => {
    const { ok, transfer } = setup()
    for (let i = 0n; i < 3n; i++)
      ok('starknet_addInvokeTransaction', { invoke_transaction: transfer(i, 10n + i) })
    const filter = {
      address: toHex(ETH_ADDRESS),
      keys: [[toHex(selectorOf('Transfer'))]],
      from_block: { block_number: 1 },
      chunk_size: 2,
    }
    const all: { data: string[] }[] = []
    let token: string | undefined
    do {
      const page = ok<{ events: { data: string[] }[]; continuation_token?: string }>('starknet_getEvents', {
        filter: { ...filter, ...(token ? { continuation_token: token } : {}) },
      })
      all.push(...page.events)
      token = page.continuation_token
    } while (token)
    expect(all.map((e) => e.data[0])).toEqual(['0xa', '0xb', '0xc'])
    const v10 = ok<{ events: Record<string, unknown>[] }>('starknet_getEvents', {
      filter: { ...filter, chunk_size: 10 },
    })
    expect(v10.events[0]).toMatchObject({ transaction_index: 0, event_index: 0, block_number: 1 })
    const v9 = ok<{ events: Record<string, unknown>[] }>(
      'starknet_getEvents',
      { filter: { ...filter, chunk_size: 10 } },
      '0.9',
    )
    expect(v9.events[0]).not.toHaveProperty('event_index')
  })
})

describe('historical state', () => {
  it('reads storage, nonces and calls as of an older block', () => {
    const { ok, transfer, a, b } = setup()
    ok('starknet_addInvokeTransaction', { invoke_transaction: transfer(0n, 100n) })
    ok('starknet_addInvokeTransaction', { invoke_transaction: transfer(1n, 100n) })
    const nonceAt = (block_id: unknown) =>
      ok('starknet_getNonce', { block_id, contract_address: toHex(a.address) })
    expect([nonceAt({ block_number: 0 }), nonceAt({ block_number: 1 }), nonceAt('latest')]).toEqual([
      '0x0',
      '0x1',
      '0x2',
    ])
    const balanceAt = (block_id: unknown) =>
      ok<string[]>('starknet_call', {
        request: {
          contract_address: toHex(ETH_ADDRESS),
          entry_point_selector: toHex(selectorOf('balance_of')),
          calldata: [toHex(b.address)],
        },
        block_id,
      })[0]
    expect(BigInt(balanceAt({ block_number: 1 })!)).toBe(10n ** 21n + 100n)
    const slot = toHex(Erc20Storage.balance(b.address))
    const withFlag = (block_id: unknown) =>
      ok('starknet_getStorageAt', {
        contract_address: toHex(ETH_ADDRESS),
        key: slot,
        block_id,
        response_flags: ['INCLUDE_LAST_UPDATE_BLOCK'],
      })
    expect(withFlag('latest')).toEqual({ value: toHex(10n ** 21n + 200n), last_update_block: 2 })
    expect(withFlag({ block_number: 1 })).toEqual({ value: toHex(10n ** 21n + 100n), last_update_block: 1 })
    expect(BigInt(balanceAt('latest')!)).toBe(10n ** 21n + 200n)
  })
})

describe('devnet_ methods', () => {
  it('mints, moves time, creates blocks, dumps, loads and restarts', () => {
    const { ok, sim, a, transfer } = setup({ seed: 7 })
    const again = new Simulator({ accounts: 2, seed: 7 })
    expect(again.accounts).toEqual(sim.accounts)
    expect(new Simulator({ accounts: 1, seed: 8 }).accounts[0]!.address).not.toBe(sim.accounts[0]!.address)
    const mint = ok<{ new_balance: string; unit: string; tx_hash: string }>('devnet_mint', {
      address: toHex(a.address),
      amount: 5,
      unit: 'FRI',
    })
    expect(mint).toMatchObject({ new_balance: (10n ** 21n + 5n).toString(), unit: 'FRI' })
    const mintReceipt = ok<{ execution_status: string; events: { keys: string[] }[] }>(
      'starknet_getTransactionReceipt',
      { transaction_hash: mint.tx_hash },
    )
    expect(mintReceipt.execution_status).toBe('SUCCEEDED')
    expect(mintReceipt.events[0]!.keys).toEqual([toHex(selectorOf('Transfer')), '0x0', toHex(a.address)])
    ok('devnet_setTime', { time: 2_000_000_000, generate_block: true })
    expect(ok('starknet_getBlockWithTxHashes', { block_id: 'latest' }).timestamp).toBe(2_000_000_000)
    ok('devnet_increaseTime', { time: 100 })
    expect(ok('starknet_getBlockWithTxHashes', { block_id: 'latest' }).timestamp).toBeGreaterThanOrEqual(
      2_000_000_100,
    )
    ok('starknet_addInvokeTransaction', { invoke_transaction: transfer(0n) })
    const dump = ok('devnet_dump')
    const height = ok<number>('starknet_blockNumber')
    ok('devnet_restart')
    expect(ok('starknet_blockNumber')).toBe(0)
    ok('devnet_load', { snapshot: JSON.parse(JSON.stringify(dump)) })
    expect(ok('starknet_blockNumber')).toBe(height)
    expect(ok('starknet_getNonce', { block_id: 'latest', contract_address: toHex(a.address) })).toBe('0x1')
    ok('starknet_addInvokeTransaction', { invoke_transaction: transfer(1n) })
    const accounts = ok<{ balance: { strk: { amount: string } } }[]>('devnet_getPredeployedAccounts', {
      with_balance: true,
    })
    expect(BigInt(accounts[0]!.balance.strk.amount)).toBeLessThan(10n ** 21n)
  })
})

describe('HTTP endpoint', () => {
  it('answers batches and parse errors', async () => {
    await using sim = await startSim({ accounts: 1 })
    const post = async (body: string) =>
      (
        await fetch(`${sim.url}/rpc/v0_9`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        })
      ).json()
    const batch = await post(
      JSON.stringify([
        { jsonrpc: '2.0', id: 1, method: 'starknet_specVersion' },
        { jsonrpc: '2.0', id: 2, method: 'starknet_blockNumber' },
      ]),
    )
    expect(batch).toEqual([
      { jsonrpc: '2.0', id: 1, result: '0.9.0' },
      { jsonrpc: '2.0', id: 2, result: 0 },
    ])
    expect(await post('{oops')).toMatchObject({ error: { code: -32700 } })
  })
})
