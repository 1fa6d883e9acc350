import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { COUNTER_ADDRESS, ETH_ADDRESS } from '../chain/contracts/index'
import { selectorOf, toHex } from '../chain/felt'
import { DEFAULT_GAS_PRICES } from '../chain/gas'
import { Simulator } from '../chain/simulator'
import { signedInvoke } from '../chain/testHelpers'
import { handleRpc } from './handler'

type Answer = { result?: unknown; error?: { code: number; message: string; data?: unknown } }
type Prices = Record<'l1_gas_price' | 'l2_gas_price' | 'l1_data_gas_price', Record<string, string>>

const D = DEFAULT_GAS_PRICES
const tempState = () => join(mkdtempSync(join(tmpdir(), 'wallet-sim-gas-')), 'state.json')

function setup(sim = new Simulator({ accounts: 2 })) {
  const rpc = (method: string, params: unknown = {}) =>
    handleRpc(sim, { jsonrpc: '2.0', id: 1, method, params }, '0.10') as Answer
  const ok = <T = Record<string, unknown>>(method: string, params: unknown = {}) => {
    const a = rpc(method, params)
    if (a.error) throw new Error(`${method}: ${JSON.stringify(a.error)}`)
    return a.result as T
  }
  const block = (block_id: unknown) =>
    ok<Prices & { block_number: number }>('starknet_getBlockWithTxHashes', { block_id })
  const l2Fri = (block_id: unknown) => BigInt(block(block_id).l2_gas_price.price_in_fri!)
  const [a, b] = sim.accounts
  const transfer = (nonce: bigint) =>
    signedInvoke({
      sender: BigInt(a!.address),
      privateKey: BigInt(a!.private_key),
      nonce,
      calls: [{ to: ETH_ADDRESS, selector: selectorOf('transfer'), calldata: [BigInt(b!.address), 1n, 0n] }],
      chainId: sim.chain.chainId,
    })
  const estimateL2Price = () =>
    BigInt(
      ok<{ l2_gas_price: string }[]>('starknet_estimateFee', {
        request: [transfer(sim.chain.pending.getNonce(BigInt(a!.address)))],
        simulation_flags: ['SKIP_VALIDATE'],
        block_id: 'pre_confirmed',
      })[0]!.l2_gas_price,
    )
  return { sim, rpc, ok, block, l2Fri, transfer, estimateL2Price }
}

const answerOf = (p: typeof D) => ({
  gas_price_wei: Number(p.l1Gas.wei),
  data_gas_price_wei: Number(p.l1DataGas.wei),
  gas_price_fri: Number(p.l1Gas.fri),
  data_gas_price_fri: Number(p.l1DataGas.fri),
  l2_gas_price_wei: Number(p.l2Gas.wei),
  l2_gas_price_fri: Number(p.l2Gas.fri),
})

describe('devnet_setGasPrice', () => {
  it('without generate_block: answers the next block’s prices; the block that commits next shows them, and only then estimates use them', () => {
    const { ok, block, l2Fri, estimateL2Price } = setup()
    expect(ok('devnet_setGasPrice', {})).toEqual(answerOf(D))
    const answer = ok('devnet_setGasPrice', {
      gas_price_wei: 9_000_000_000,
      data_gas_price_fri: 3_000_000_000,
      l2_gas_price_fri: 12_000_000_000,
    })
    expect(answer).toEqual({
      ...answerOf(D),
      gas_price_wei: 9_000_000_000,
      data_gas_price_fri: 3_000_000_000,
      l2_gas_price_fri: 12_000_000_000,
    })
    expect(ok('starknet_blockNumber')).toBe(0)
    expect(l2Fri('pre_confirmed')).toBe(D.l2Gas.fri)
    expect(estimateL2Price()).toBe(D.l2Gas.fri)
    // A second call updates the waiting prices (devnet's next_block_gas), not the current ones.
    expect(ok('devnet_setGasPrice', { l2_gas_price_wei: 900_000 })).toEqual({
      ...answer,
      l2_gas_price_wei: 900_000,
    })

    ok('devnet_createBlock')
    const latest = block('latest')
    expect(latest.block_number).toBe(1)
    expect(latest.l1_gas_price).toEqual({
      price_in_fri: toHex(D.l1Gas.fri),
      price_in_wei: toHex(9_000_000_000n),
    })
    expect(latest.l1_data_gas_price.price_in_fri).toBe(toHex(3_000_000_000n))
    expect(latest.l2_gas_price).toEqual({
      price_in_fri: toHex(12_000_000_000n),
      price_in_wei: toHex(900_000n),
    })
    expect(block({ block_number: 0 }).l2_gas_price.price_in_fri).toBe(toHex(D.l2Gas.fri))
    expect(l2Fri('pre_confirmed')).toBe(12_000_000_000n)
    expect(estimateL2Price()).toBe(12_000_000_000n)
    expect(ok('devnet_setGasPrice', { generate_block: false })).toEqual({
      ...answer,
      l2_gas_price_wei: 900_000,
    })
  })

  it('a transaction sent before the next block runs at the current prices; its block shows the new ones', () => {
    const { ok, l2Fri, transfer } = setup()
    ok('devnet_setGasPrice', { l2_gas_price_fri: 4_000_000_000 })
    const { transaction_hash } = ok<{ transaction_hash: string }>('starknet_addInvokeTransaction', {
      invoke_transaction: transfer(0n),
    })
    const r = ok<{ actual_fee: { amount: string }; execution_resources: Record<string, number> }>(
      'starknet_getTransactionReceipt',
      { transaction_hash },
    )
    const { l2_gas, l1_data_gas } = r.execution_resources
    expect(BigInt(r.actual_fee.amount)).toBe(
      BigInt(l2_gas!) * D.l2Gas.fri + BigInt(l1_data_gas!) * D.l1DataGas.fri,
    )
    expect(l2Fri('latest')).toBe(4_000_000_000n)
  })

  it('generate_block: true commits a block at the new prices at once; transactions and message estimates pay them', () => {
    const { ok, rpc, l2Fri, transfer } = setup()
    const high = D.l2Gas.fri * 3n
    ok('devnet_setGasPrice', {
      l2_gas_price_fri: Number(high),
      l2_gas_price_wei: 2_400_000,
      generate_block: true,
    })
    expect(ok('starknet_blockNumber')).toBe(1)
    expect(l2Fri('latest')).toBe(high)
    expect(l2Fri('pre_confirmed')).toBe(high)
    // The test bounds allow twice the default price: below the block price now.
    expect(rpc('starknet_addInvokeTransaction', { invoke_transaction: transfer(0n) }).error?.code).toBe(53)
    const message = {
      from_address: '0x8453FC6Cd1bCfE8D4dFC069C400B433054d47bDc',
      to_address: toHex(COUNTER_ADDRESS),
      entry_point_selector: toHex(selectorOf('increase_from_l1')),
      payload: ['0x5'],
    }
    expect(ok('starknet_estimateMessageFee', { message, block_id: 'latest' }).l2_gas_price).toBe(
      toHex(2_400_000n),
    )

    ok('devnet_setGasPrice', { l2_gas_price_fri: Number(D.l2Gas.fri / 2n), generate_block: true })
    const { transaction_hash } = ok<{ transaction_hash: string }>('starknet_addInvokeTransaction', {
      invoke_transaction: transfer(0n),
    })
    const r = ok<{ actual_fee: { amount: string }; execution_resources: Record<string, number> }>(
      'starknet_getTransactionReceipt',
      { transaction_hash },
    )
    const { l2_gas, l1_data_gas } = r.execution_resources
    expect(BigInt(r.actual_fee.amount)).toBe(
      BigInt(l2_gas!) * (D.l2Gas.fri / 2n) + BigInt(l1_data_gas!) * D.l1DataGas.fri,
    )
  })

  it('rejects with -32602 what starknet-devnet rejects, and changes nothing', () => {
    const { sim, rpc } = setup()
    for (const bad of [
      { gas_price_strk: 1 },
      { l2_gas_price_fri: 0 },
      { l2_gas_price_fri: -5 },
      { l2_gas_price_fri: 1.5 },
      { l2_gas_price_fri: '0x10' },
      { l2_gas_price_fri: 2 ** 128 },
      { generate_block: 'yes' },
    ]) {
      expect(rpc('devnet_setGasPrice', bad).error?.code).toBe(-32602)
    }
    expect(sim.chain.nextGasPrices).toBeUndefined()
    expect(sim.chain.blocks).toHaveLength(1)
  })

  it('survives --state restarts: a change waiting for its block, and one a block applied', () => {
    const file = tempState()
    const first = setup(new Simulator({ accounts: 2, stateFile: file }))
    first.ok('devnet_setGasPrice', { l2_gas_price_fri: 5_000_000_000 })
    // Reopened without close() (as after a crash): what is on disk is all there is.
    const second = setup(new Simulator({ accounts: 2, stateFile: file }))
    expect(second.l2Fri('pre_confirmed')).toBe(D.l2Gas.fri)
    expect(second.ok('devnet_setGasPrice', {}).l2_gas_price_fri).toBe(5_000_000_000)
    second.ok('devnet_createBlock')
    second.ok('devnet_setGasPrice', { data_gas_price_fri: 1_000_000_000, generate_block: true })
    const third = setup(new Simulator({ accounts: 2, stateFile: file }))
    expect(third.sim.dump()).toEqual(second.sim.dump())
    expect(third.l2Fri('pre_confirmed')).toBe(5_000_000_000n)
    expect(third.block('latest').l1_data_gas_price.price_in_fri).toBe(toHex(1_000_000_000n))
    expect(third.estimateL2Price()).toBe(5_000_000_000n)
    third.sim.close()
  })

  it('devnet_dump / devnet_load carry the current and the waiting prices', () => {
    const { ok, l2Fri } = setup()
    ok('devnet_setGasPrice', { l2_gas_price_fri: 6_000_000_000, generate_block: true })
    ok('devnet_setGasPrice', { l2_gas_price_fri: 7_000_000_000 })
    const dump = ok('devnet_dump')
    const other = setup()
    other.ok('devnet_load', { snapshot: JSON.parse(JSON.stringify(dump)) })
    expect(other.l2Fri('pre_confirmed')).toBe(6_000_000_000n)
    expect(other.ok('devnet_setGasPrice', {}).l2_gas_price_fri).toBe(7_000_000_000)
    other.ok('devnet_createBlock')
    expect(other.l2Fri('latest')).toBe(7_000_000_000n)
    expect(l2Fri('pre_confirmed')).toBe(6_000_000_000n)
  })
})
