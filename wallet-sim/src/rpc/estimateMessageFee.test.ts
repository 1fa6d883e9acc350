import { describe, expect, it } from 'vitest'
import { COUNTER_ADDRESS, COUNTER_CLASS_HASH, UDC_ADDRESS } from '../chain/contracts/index'
import { contractAddress, selectorOf, toHex } from '../chain/felt'
import { ALLOCATION, ARCHIVAL, DATA_GAS_PER_FIELD_ELEMENT, DEFAULT_GAS_PRICES, L2_GAS } from '../chain/gas'
import { Simulator } from '../chain/simulator'
import { signedInvoke } from '../chain/testHelpers'
import { handleRpc } from './handler'

type Answer = { result?: Record<string, unknown>; error?: { code: number; message: string; data?: unknown } }

const VERSIONS = ['0.9', '0.10'] as const
const revertError = (a: Answer) => (a.error?.data as { revert_error?: string } | undefined)?.revert_error
const L1_SENDER = '0x8453fc6cd1bcfe8d4dfc069c400b433054d47bdc'
const counter = toHex(COUNTER_ADDRESS)
const sel = (name: string) => toHex(selectorOf(name))
const message = (over: Record<string, unknown> = {}) => ({
  from_address: L1_SENDER,
  to_address: counter,
  entry_point_selector: sel('increase_from_l1'),
  payload: ['0x5'],
  ...over,
})

function setup() {
  const sim = new Simulator({ accounts: 1 })
  const rpc = (method: string, params: unknown, v: '0.9' | '0.10' = '0.10') =>
    handleRpc(sim, { jsonrpc: '2.0', id: 1, method, params }, v) as Answer
  const estimate = (v: '0.9' | '0.10', over: Record<string, unknown> = {}, block_id: unknown = 'latest') =>
    rpc('starknet_estimateMessageFee', { message: message(over), block_id }, v)
  const l1Counter = (who: string) =>
    rpc('starknet_call', {
      request: { contract_address: counter, entry_point_selector: sel('get_l1_counter'), calldata: [who] },
      block_id: 'pre_confirmed',
    }).result
  return { sim, rpc, estimate, l1Counter }
}

describe.each(VERSIONS)('starknet_estimateMessageFee over RPC %s', (v) => {
  it('runs the L1 handler and answers a MESSAGE_FEE_ESTIMATE in WEI, changing nothing', () => {
    const { sim, estimate, l1Counter } = setup()
    const blocks = sim.chain.blocks.length
    // The entry point, [from_address, amount] as calldata, one storage read and write, one event
    // (2 keys, 2 data felts: 2 × 2 + 2 archival felts); 1 contract and 1 storage entry in the state diff,
    // that entry new (0 -> 5), so allocated.
    const l2Gas =
      L2_GAS.txBase +
      2n * ARCHIVAL.perDataFelt +
      L2_GAS.call +
      L2_GAS.storageRead +
      L2_GAS.storageWrite +
      L2_GAS.event +
      6n * ARCHIVAL.perDataFelt +
      ALLOCATION.l2Gas
    const l1DataGas = 4n * DATA_GAS_PER_FIELD_ELEMENT + ALLOCATION.l1DataGas
    const p = DEFAULT_GAS_PRICES
    expect(estimate(v)).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: {
        l1_gas_consumed: '0x0',
        l1_gas_price: toHex(p.l1Gas.wei),
        l2_gas_consumed: toHex(l2Gas),
        l2_gas_price: toHex(p.l2Gas.wei),
        l1_data_gas_consumed: toHex(l1DataGas),
        l1_data_gas_price: toHex(p.l1DataGas.wei),
        overall_fee: toHex(l2Gas * p.l2Gas.wei + l1DataGas * p.l1DataGas.wei),
        unit: 'WEI',
      },
    })
    expect(l1Counter(L1_SENDER)).toEqual(['0x0'])
    expect(sim.chain.blocks.length).toBe(blocks)
    expect(sim.chain.pendingTxs).toEqual([])
  })

  it('takes the payload length into the L2 gas and accepts short and mixed-case L1 addresses', () => {
    const { estimate } = setup()
    const base = BigInt(estimate(v).result?.l2_gas_consumed as string)
    const longer = estimate(v, { payload: ['0x5', '0x9', '0x9'], from_address: '0xABC' })
    expect(BigInt(longer.result?.l2_gas_consumed as string)).toBe(base + 2n * ARCHIVAL.perDataFelt)
  })

  it('answers 40 "entry point not found" for an external function given as the L1 handler', () => {
    const { estimate } = setup()
    expect(estimate(v, { entry_point_selector: sel('increment'), payload: [] }).error).toEqual({
      code: 40,
      message: 'Contract error',
      data: {
        revert_error: `Entry point ${sel('increment')} not found in contract with class hash ${toHex(COUNTER_CLASS_HASH)} (L1_HANDLER).`,
      },
    })
  })

  it('answers 40 with the revert reason when the handler panics', () => {
    const { estimate } = setup()
    const zero = estimate(v, { payload: ['0x0'] })
    expect(zero.error).toMatchObject({ code: 40, message: 'Contract error' })
    const reason = revertError(zero)
    expect(reason).toMatch(
      /^Transaction execution has failed:\n0: Error in the called contract \(contract address: /,
    )
    expect(reason).toContain(`selector: ${sel('increase_from_l1')}`)
    expect(reason).toContain("('Counter: amount is zero')")
    expect(revertError(estimate(v, { payload: [] }))).toContain("('Failed to deserialize param #2')")
  })

  it.each([
    ['2^160 (41 hex digits)', `0x1${'0'.repeat(40)}`],
    ['42 hex digits, even with leading zeros', `0x00${L1_SENDER.slice(2)}`],
    ['no 0x', L1_SENDER.slice(2)],
    ['not hex', '0xzz'],
    ['a number', 5],
    ['missing', undefined],
  ])('answers -32602 for a from_address that is %s', (_what, from_address) => {
    const { estimate } = setup()
    expect(estimate(v, { from_address }).error).toMatchObject({ code: -32602, message: 'Invalid params' })
  })

  it('answers -32602 without a payload array', () => {
    const { estimate } = setup()
    expect(estimate(v, { payload: undefined }).error?.code).toBe(-32602)
  })

  it('answers 20 for an undeployed contract and 24 for an unknown block', () => {
    const { estimate } = setup()
    expect(estimate(v, { to_address: '0x1234' }).error).toEqual({ code: 20, message: 'Contract not found' })
    expect(estimate(v, {}, { block_number: 99 }).error).toEqual({ code: 24, message: 'Block not found' })
    expect(estimate(v, {}, { block_hash: '0x1' }).error?.code).toBe(24)
  })

  it('runs on the state of the given block', () => {
    const { sim, estimate } = setup()
    const [a] = sim.accounts
    const salt = 7n
    const deploy = signedInvoke({
      sender: BigInt(a!.address),
      privateKey: BigInt(a!.private_key),
      nonce: 0n,
      calls: [
        {
          to: UDC_ADDRESS,
          selector: selectorOf('deployContract'),
          calldata: [COUNTER_CLASS_HASH, salt, 0n, 0n],
        },
      ],
      chainId: sim.chain.chainId,
    })
    sim.chain.addTransaction(deploy)
    const second = toHex(contractAddress(salt, COUNTER_CLASS_HASH, [], 0n))
    expect(estimate(v, { to_address: second }, { block_number: 0 }).error?.code).toBe(20)
    expect(estimate(v, { to_address: second }, { block_number: 1 }).result?.unit).toBe('WEI')
  })
})

describe('the L1 handler of the demo counter', () => {
  it('is not an external entry point: starknet_call answers 21 and an invoke reverts', () => {
    const { sim, rpc } = setup()
    const call = rpc('starknet_call', {
      request: {
        contract_address: counter,
        entry_point_selector: sel('increase_from_l1'),
        calldata: [L1_SENDER, '0x5'],
      },
      block_id: 'latest',
    })
    expect(call.error).toEqual({ code: 21, message: 'Requested entry point does not exist in the contract' })
    const [a] = sim.accounts
    const { hash } = sim.chain.addTransaction(
      signedInvoke({
        sender: BigInt(a!.address),
        privateKey: BigInt(a!.private_key),
        nonce: 0n,
        calls: [{ to: COUNTER_ADDRESS, selector: selectorOf('increase_from_l1'), calldata: [1n, 5n] }],
        chainId: sim.chain.chainId,
      }),
    )
    const receipt = sim.chain.getTx(hash).receipt
    expect(receipt.execution_status).toBe('REVERTED')
    expect(receipt.revert_reason).toContain("('ENTRYPOINT_NOT_FOUND')")
  })

  it('is listed under L1_HANDLER by getClass, with its ABI entry', () => {
    const { rpc } = setup()
    for (const v of VERSIONS) {
      const cls = rpc('starknet_getClass', { block_id: 'latest', class_hash: toHex(COUNTER_CLASS_HASH) }, v)
        .result as {
        abi: string
        entry_points_by_type: Record<string, { selector: string; function_idx: number }[]>
      }
      const { EXTERNAL, L1_HANDLER } = cls.entry_points_by_type
      expect(L1_HANDLER).toEqual([{ selector: sel('increase_from_l1'), function_idx: EXTERNAL!.length + 1 }])
      expect(EXTERNAL!.map((e) => e.selector)).not.toContain(sel('increase_from_l1'))
      expect(JSON.parse(cls.abi)).toContainEqual(
        expect.objectContaining({ type: 'l1_handler', name: 'increase_from_l1' }),
      )
    }
  })
})
