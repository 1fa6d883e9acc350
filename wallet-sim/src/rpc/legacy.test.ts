// JSON-RPC 0.8 and 0.7 as adapters over 0.9 (./legacy.ts, ./legacy07.ts): tags, pending shapes, statuses,
// method sets and error texts; and the older transactions only the 0.7 endpoint admits (V1 paid in ETH, V3
// bounding L1 and L2 gas only): accepted there, refused elsewhere, charged as stated.
import { sign } from '@scure/starknet'
import { afterEach, describe, expect, it } from 'vitest'
import { encodeCalls } from '../chain/contracts/calls'
import { Erc20Storage, ETH_ADDRESS, STRK_ADDRESS } from '../chain/contracts/index'
import { selectorOf, toHex } from '../chain/felt'
import { dataFeltsGas, L2_GAS, validationGas } from '../chain/gas'
import { parseTransaction } from '../chain/parseTransaction'
import { Simulator } from '../chain/simulator'
import { signedInvoke } from '../chain/testHelpers'
import { RPC_0_7_TRANSACTION, type RpcTransaction } from '../chain/transaction'
import { transactionHash } from '../chain/transactionHash'
import { inL1Gas } from '../chain/txFee'
import { handleRpc, type RpcVersion } from './handler'

type Answer = { result?: unknown; error?: { code: number; message: string; data?: unknown } }
type J = Record<string, unknown>

const sims: Simulator[] = []
afterEach(() => {
  for (const s of sims.splice(0)) s.close()
})

function setup(options: ConstructorParameters<typeof Simulator>[0] = {}) {
  const sim = new Simulator({ accounts: 2, ...options })
  sims.push(sim)
  const rpc = (v: RpcVersion, method: string, params: unknown = {}) =>
    handleRpc(sim, { jsonrpc: '2.0', id: 1, method, params }, v) as Answer
  const ok = <T = J>(v: RpcVersion, method: string, params: unknown = {}) => {
    const a = rpc(v, method, params)
    if (a.error) throw new Error(`${method}: ${JSON.stringify(a.error)}`)
    return a.result as T
  }
  const [a, b] = sim.accounts.map((x) => ({ address: BigInt(x.address), key: BigInt(x.private_key) }))
  const call = (token: bigint, amount: bigint) => ({
    to: token,
    selector: selectorOf('transfer'),
    calldata: [b!.address, amount, 0n],
  })
  const balance = (token: bigint, who: bigint) =>
    sim.chain.stateAt({ tag: 'pre_confirmed' }).getStorage(token, Erc20Storage.balance(who))
  /** A signed transaction as a 0.7 client builds it (the chain hashes it as it came from /rpc/v0_7). */
  const signed07 = (json: RpcTransaction, key = a!.key): RpcTransaction => {
    const hash = transactionHash(
      parseTransaction({ ...json, [RPC_0_7_TRANSACTION]: true }),
      sim.chain.chainId,
    )
    const sig = sign(toHex(hash), key.toString(16).padStart(64, '0'))
    return { ...json, signature: [toHex(sig.r), toHex(sig.s)] }
  }
  const v1Invoke = (nonce: bigint, maxFee: bigint, amount = 5n, version = '0x1') =>
    signed07({
      type: 'INVOKE',
      version,
      sender_address: toHex(a!.address),
      calldata: encodeCalls([call(STRK_ADDRESS, amount)]).map(toHex),
      max_fee: toHex(maxFee),
      nonce: toHex(nonce),
      signature: [],
    })
  const prices = sim.chain.gasPrices
  const v3Invoke07 = (nonce: bigint, l1Amount: bigint, amount = 5n) =>
    signed07({
      type: 'INVOKE',
      version: '0x3',
      sender_address: toHex(a!.address),
      calldata: encodeCalls([call(ETH_ADDRESS, amount)]).map(toHex),
      nonce: toHex(nonce),
      resource_bounds: {
        l1_gas: { max_amount: toHex(l1Amount), max_price_per_unit: toHex(prices.l1Gas.fri * 2n) },
        l2_gas: { max_amount: '0x0', max_price_per_unit: '0x0' },
      },
      tip: '0x0',
      paymaster_data: [],
      account_deployment_data: [],
      nonce_data_availability_mode: 'L1',
      fee_data_availability_mode: 'L1',
      signature: [],
    })
  const v3Invoke = (nonce: bigint) =>
    signedInvoke({
      sender: a!.address,
      privateKey: a!.key,
      nonce,
      calls: [call(ETH_ADDRESS, 1n)],
      chainId: sim.chain.chainId,
    })
  return { sim, rpc, ok, a: a!, b: b!, balance, v1Invoke, v3Invoke07, v3Invoke }
}

describe('JSON-RPC 0.8 over 0.9', () => {
  it('answers 0.8.1 (0.7.1 on 0.7) and has the 0.8 method set: no getStorageProof on 0.7', () => {
    const { rpc, ok } = setup()
    expect(ok('0.8', 'starknet_specVersion')).toBe('0.8.1')
    expect(ok('0.7', 'starknet_specVersion')).toBe('0.7.1')
    expect(rpc('0.8', 'starknet_getStorageProof', { block_id: 'latest' }).error?.code).toBe(42)
    for (const m of ['getStorageProof', 'getMessagesStatus', 'getCompiledCasm'])
      expect(rpc('0.7', `starknet_${m}`, {}).error?.code).toBe(-32601)
    // getStorageAt's response_flags came with 0.10: a 4th positional param is not read.
    const value = rpc('0.8', 'starknet_getStorageAt', [
      toHex(STRK_ADDRESS),
      '0x0',
      'latest',
      ['INCLUDE_LAST_UPDATE_BLOCK'],
    ])
    expect(typeof value.result).toBe('string')
  })

  it('takes `pending` for the block being built and refuses 0.9 tags', () => {
    const { rpc, ok } = setup()
    const latest = ok('0.8', 'starknet_getBlockWithTxHashes', { block_id: 'latest' })
    const pending = ok('0.8', 'starknet_getBlockWithTxHashes', { block_id: 'pending' })
    expect(pending.parent_hash).toBe(latest.block_hash)
    expect(pending).not.toHaveProperty('block_number')
    expect(pending).not.toHaveProperty('status')
    expect(pending).toHaveProperty('l2_gas_price')
    for (const tag of ['pre_confirmed', 'l1_accepted']) {
      expect(rpc('0.8', 'starknet_getBlockWithTxHashes', { block_id: tag }).error?.code).toBe(-32602)
      expect(rpc('0.7', 'starknet_getNonce', { block_id: tag, contract_address: '0x1' }).error?.code).toBe(
        -32602,
      )
    }
    expect(rpc('0.9', 'starknet_getBlockWithTxHashes', { block_id: 'pending' }).error?.code).toBe(-32602)
  })

  it('shows a pending transaction as ACCEPTED_ON_L2 without block fields (receipt, status, events)', () => {
    const { ok, v3Invoke } = setup({ blockTime: 3_600_000 })
    const { transaction_hash: hash } = ok<{ transaction_hash: string }>(
      '0.8',
      'starknet_addInvokeTransaction',
      {
        invoke_transaction: v3Invoke(0n),
      },
    )
    const r09 = ok('0.9', 'starknet_getTransactionReceipt', { transaction_hash: hash })
    expect(r09.finality_status).toBe('PRE_CONFIRMED')
    expect(r09).toHaveProperty('block_number')
    const r08 = ok('0.8', 'starknet_getTransactionReceipt', { transaction_hash: hash })
    expect(r08.finality_status).toBe('ACCEPTED_ON_L2')
    expect(r08).not.toHaveProperty('block_number')
    expect(r08).not.toHaveProperty('block_hash')
    expect(ok('0.8', 'starknet_getTransactionStatus', { transaction_hash: hash })).toEqual({
      finality_status: 'ACCEPTED_ON_L2',
      execution_status: 'SUCCEEDED',
    })
    const { events } = ok<{ events: J[] }>('0.8', 'starknet_getEvents', {
      filter: { from_block: 'pending', to_block: 'pending', chunk_size: 10 },
    })
    expect(events.length).toBeGreaterThan(0)
    for (const e of events) expect(e).not.toHaveProperty('block_number')
    const block = ok<{ transactions: { receipt: J }[] }>('0.8', 'starknet_getBlockWithReceipts', {
      block_id: 'pending',
    })
    expect(block.transactions[0]!.receipt.finality_status).toBe('ACCEPTED_ON_L2')
  })

  it("words errors as 0.8 does: 52 without data, 58's text", () => {
    const { rpc, v3Invoke } = setup()
    const tx = v3Invoke(5n)
    const e09 = rpc('0.9', 'starknet_addInvokeTransaction', { invoke_transaction: tx }).error!
    expect(e09.code).toBe(52)
    expect(e09.data).toBeDefined()
    const e08 = rpc('0.8', 'starknet_addInvokeTransaction', { invoke_transaction: tx }).error!
    expect(e08).toEqual({ code: 52, message: 'Invalid transaction nonce' })
  })
})

describe('JSON-RPC 0.7 over 0.9', () => {
  it('shapes blocks, receipts, traces and statuses as 0.7 does', () => {
    const { ok, v1Invoke } = setup()
    const { transaction_hash: hash } = ok<{ transaction_hash: string }>(
      '0.7',
      'starknet_addInvokeTransaction',
      {
        invoke_transaction: v1Invoke(0n, 10n ** 16n),
      },
    )
    const block = ok<J & { transactions: J[] }>('0.7', 'starknet_getBlockWithTxs', { block_id: 'latest' })
    expect(block).not.toHaveProperty('l2_gas_price')
    expect(block).toHaveProperty('l1_data_gas_price')
    const receipt = ok<J & { execution_resources: J }>('0.7', 'starknet_getTransactionReceipt', {
      transaction_hash: hash,
    })
    expect(Object.keys(receipt.execution_resources).sort()).toEqual(['data_availability', 'steps'])
    expect(receipt.execution_resources.steps).toBeGreaterThan(1)
    const trace = ok<J & { execute_invocation: J; execution_resources: J }>(
      '0.7',
      'starknet_traceTransaction',
      {
        transaction_hash: hash,
      },
    )
    expect(trace.execute_invocation).not.toHaveProperty('is_reverted')
    expect(Object.keys(trace.execute_invocation.execution_resources as J)).toEqual(['steps'])
    expect(trace.execution_resources).toHaveProperty('data_availability')
  })

  it('admits a V1 invoke on 0.7 only: Pedersen hash, ETH fee as estimated, receipt in WEI', () => {
    const { rpc, ok, a, b, balance, v1Invoke } = setup()
    const tx = v1Invoke(0n, 10n ** 16n, 9n)
    expect(rpc('0.9', 'starknet_addInvokeTransaction', { invoke_transaction: tx }).error?.code).toBe(61)
    expect(rpc('0.8', 'starknet_addInvokeTransaction', { invoke_transaction: tx }).error?.code).toBe(61)
    const query = { ...v1Invoke(0n, 0n, 9n, toHex(2n ** 128n + 1n)) }
    const [estimate] = ok<J[]>('0.7', 'starknet_estimateFee', {
      request: [query],
      simulation_flags: [],
      block_id: 'pending',
    })
    expect(Object.keys(estimate!).sort()).toEqual(
      ['data_gas_consumed', 'data_gas_price', 'gas_consumed', 'gas_price', 'overall_fee', 'unit'].sort(),
    )
    expect(estimate!.unit).toBe('WEI')
    const eth = balance(ETH_ADDRESS, a.address)
    const strk = balance(STRK_ADDRESS, b.address)
    const { transaction_hash: hash } = ok<{ transaction_hash: string }>(
      '0.7',
      'starknet_addInvokeTransaction',
      {
        invoke_transaction: tx,
      },
    )
    const receipt = ok<{ actual_fee: { amount: string; unit: string }; execution_status: string }>(
      '0.7',
      'starknet_getTransactionReceipt',
      { transaction_hash: hash },
    )
    expect(receipt.execution_status).toBe('SUCCEEDED')
    expect(receipt.actual_fee).toEqual({ amount: estimate!.overall_fee, unit: 'WEI' })
    expect(balance(ETH_ADDRESS, a.address)).toBe(eth - BigInt(estimate!.overall_fee as string))
    expect(balance(STRK_ADDRESS, b.address)).toBe(strk + 9n)
    const shown = ok('0.9', 'starknet_getTransactionByHash', { transaction_hash: hash })
    expect(shown).toMatchObject({ version: '0x1', max_fee: toHex(10n ** 16n), type: 'INVOKE' })
    expect(shown).not.toHaveProperty('resource_bounds')
  })

  it('refuses a V1 below the minimal fee (53, 0.7 text) or above the ETH balance (54); reverts over max_fee', () => {
    const { rpc, ok, a, balance, v1Invoke } = setup()
    const low = rpc('0.7', 'starknet_addInvokeTransaction', { invoke_transaction: v1Invoke(0n, 1n) }).error!
    expect(low).toEqual({
      code: 53,
      message: 'Max fee is smaller than the minimal transaction cost (validation plus fee transfer)',
    })
    const rich = rpc('0.7', 'starknet_addInvokeTransaction', { invoke_transaction: v1Invoke(0n, 10n ** 40n) })
    expect(rich.error?.code).toBe(54)
    const [estimate] = ok<J[]>('0.7', 'starknet_estimateFee', {
      request: [v1Invoke(0n, 0n, 5n, toHex(2n ** 128n + 1n))],
      simulation_flags: [],
      block_id: 'pending',
    })
    const fee = BigInt(estimate!.overall_fee as string)
    const eth = balance(ETH_ADDRESS, a.address)
    const tight = fee - fee / 10n
    const { transaction_hash: hash } = ok<{ transaction_hash: string }>(
      '0.7',
      'starknet_addInvokeTransaction',
      {
        invoke_transaction: v1Invoke(0n, tight),
      },
    )
    const receipt = ok<J>('0.7', 'starknet_getTransactionReceipt', { transaction_hash: hash })
    expect(receipt.execution_status).toBe('REVERTED')
    expect(receipt.revert_reason).toMatch(/^Insufficient max fee: max fee: \d+, actual fee: \d+\.$/)
    // As a V3 over its bounds: the reverted work is charged (validation, fee transfer), at most max_fee.
    const charged = BigInt((receipt.actual_fee as { amount: string }).amount)
    expect((receipt.actual_fee as { unit: string }).unit).toBe('WEI')
    expect(charged).toBeGreaterThan(0n)
    expect(charged).toBeLessThanOrEqual(tight)
    expect(balance(ETH_ADDRESS, a.address)).toBe(eth - charged)
    // 0.7's TXN_STATUS has no failure_reason.
    expect(ok('0.7', 'starknet_getTransactionStatus', { transaction_hash: hash })).toEqual({
      finality_status: 'ACCEPTED_ON_L2',
      execution_status: 'REVERTED',
    })
  })

  it('admits a V3 bounding L1 and L2 gas only: 0.7 hash, charged in L1 gas (STRK), 53 below the minimum', () => {
    const { rpc, ok, a, balance, v3Invoke07, sim } = setup()
    const tx = v3Invoke07(0n, 100_000n)
    // Elsewhere the missing l1_data_gas bound is a zero bound (refused: no L2 gas either), and hashed.
    expect(rpc('0.9', 'starknet_addInvokeTransaction', { invoke_transaction: tx }).error?.code).toBe(53)
    const chainId = sim.chain.chainId
    expect(transactionHash(parseTransaction({ ...tx, [RPC_0_7_TRANSACTION]: true }), chainId)).not.toBe(
      transactionHash(parseTransaction(tx), chainId),
    )
    const low = rpc('0.7', 'starknet_addInvokeTransaction', { invoke_transaction: v3Invoke07(0n, 10n) }).error
    expect(low?.code).toBe(53)
    const strk = balance(STRK_ADDRESS, a.address)
    const [estimate] = ok<J[]>('0.7', 'starknet_estimateFee', {
      request: [{ ...tx, version: toHex(2n ** 128n + 3n) }],
      simulation_flags: ['SKIP_VALIDATE'],
      block_id: 'pending',
    })
    expect(estimate!.unit).toBe('FRI')
    const { transaction_hash: hash } = ok<{ transaction_hash: string }>(
      '0.7',
      'starknet_addInvokeTransaction',
      {
        invoke_transaction: tx,
      },
    )
    const receipt = ok<J & { actual_fee: { amount: string; unit: string } }>(
      '0.7',
      'starknet_getTransactionReceipt',
      {
        transaction_hash: hash,
      },
    )
    expect(receipt.execution_status).toBe('SUCCEEDED')
    expect(receipt.actual_fee.unit).toBe('FRI')
    expect(balance(STRK_ADDRESS, a.address)).toBe(strk - BigInt(receipt.actual_fee.amount))
    // The fee: L2 gas converted into L1 gas (rounded up) at the block's prices, L1 data gas apart.
    const r09 = ok<{ execution_resources: { l2_gas: number } }>('0.9', 'starknet_getTransactionReceipt', {
      transaction_hash: hash,
    })
    const prices = sim.chain.gasPrices
    const asL1 = inL1Gas(
      { l1Gas: 0n, l2Gas: BigInt(r09.execution_resources.l2_gas), l1DataGas: 0n },
      prices,
      'fri',
    )
    expect(BigInt(receipt.actual_fee.amount)).toBeGreaterThanOrEqual(asL1.l1Gas * prices.l1Gas.fri)
    const shown07 = ok<{ resource_bounds: J }>('0.7', 'starknet_getTransactionByHash', {
      transaction_hash: hash,
    })
    expect(Object.keys(shown07.resource_bounds).sort()).toEqual(['l1_gas', 'l2_gas'])
    const shown09 = ok<{ resource_bounds: J }>('0.9', 'starknet_getTransactionByHash', {
      transaction_hash: hash,
    })
    expect(shown09.resource_bounds.l1_data_gas).toEqual({ max_amount: '0x0', max_price_per_unit: '0x0' })
  })

  it('reverts a V3 whose L1 gas bound does not cover the work, charging at most the bound', () => {
    const { ok, sim, v3Invoke07 } = setup()
    const prices = sim.chain.gasPrices
    // Enough for the fixed part (validation, calldata, signature), not for the transfer's execution and data.
    const calldata = (v3Invoke07(0n, 0n).calldata as unknown[]).length
    const fixedL2 = L2_GAS.txBase + dataFeltsGas(calldata, 2) + validationGas(2)
    const fixed = inL1Gas({ l1Gas: 0n, l2Gas: fixedL2, l1DataGas: 0n }, prices, 'fri').l1Gas
    const { transaction_hash: hash } = ok<{ transaction_hash: string }>(
      '0.7',
      'starknet_addInvokeTransaction',
      {
        invoke_transaction: v3Invoke07(0n, fixed + 1n),
      },
    )
    const receipt = ok<J & { actual_fee: { amount: string } }>('0.7', 'starknet_getTransactionReceipt', {
      transaction_hash: hash,
    })
    expect(receipt.execution_status).toBe('REVERTED')
    expect(receipt.revert_reason).toMatch(/^Insufficient max L1Gas: max amount: \d+, actual used: \d+\.$/)
    expect(BigInt(receipt.actual_fee.amount)).toBeLessThanOrEqual((fixed + 1n) * prices.l1Gas.fri)
  })

  it('answers a call to a missing entry point with 40 and a string revert_error (no 21 in 0.7)', () => {
    const { rpc } = setup()
    const e = rpc('0.7', 'starknet_call', {
      request: {
        contract_address: toHex(STRK_ADDRESS),
        entry_point_selector: toHex(selectorOf('nope')),
        calldata: [],
      },
      block_id: 'latest',
    }).error!
    expect(e.code).toBe(40)
    expect(typeof (e.data as { revert_error: unknown }).revert_error).toBe('string')
    expect(
      rpc('0.8', 'starknet_call', {
        request: {
          contract_address: toHex(STRK_ADDRESS),
          entry_point_selector: toHex(selectorOf('nope')),
          calldata: [],
        },
        block_id: 'latest',
      }).error?.code,
    ).toBe(21)
  })
})
