// The devnet_* methods read and answer as starknet-devnet 0.10.1 does (e2e/devnet/devApi.test.ts checks the
// same against the real binary; these run without it).
import { describe, expect, it } from 'vitest'
import { Simulator } from '../chain/simulator'
import { startSim } from '../index'
import { parseJsonKeepingBigIntegers } from './bigJson'
import { handleRpc } from './handler'

type Answer = { result?: unknown; error?: { code: number; message: string; data?: unknown } }

function setup() {
  const sim = new Simulator({ accounts: 2 })
  const rpc = (method: string, params?: unknown) =>
    handleRpc(sim, { jsonrpc: '2.0', id: 1, method, params }, '0.10') as Answer
  const ok = <T = Record<string, unknown>>(method: string, params?: unknown) => {
    const a = rpc(method, params)
    if (a.error) throw new Error(`${method}: ${JSON.stringify(a.error)}`)
    return a.result as T
  }
  const address = sim.accounts[0]!.address
  return { sim, rpc, ok, address }
}

describe('devnet_mint as devnet takes it', () => {
  it('refuses an amount given as a string, decimal or hex, changing nothing', () => {
    const { sim, rpc, address } = setup()
    const before = sim.chain.blocks.length
    for (const amount of ['1000', '0x3e8'])
      expect(rpc('devnet_mint', { address, amount }).error).toEqual({
        code: -32602,
        message: 'Invalid params',
        data: `amount: expected a JSON number, got the string ${JSON.stringify(amount)}`,
      })
    for (const amount of [-1, 1.5, null, true])
      expect(rpc('devnet_mint', { address, amount }).error?.code).toBe(-32602)
    expect(sim.chain.blocks.length).toBe(before)
  })

  it('takes 10^21 written 1e+21 (JSON.stringify of the number), exactly', async () => {
    await using sim = await startSim({ accounts: 1 })
    const body = `{"jsonrpc":"2.0","id":1,"method":"devnet_mint","params":{"address":"0x1234","amount":${JSON.stringify(1e21)}}}`
    expect(body).toContain('1e+21')
    const response = await fetch(sim.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    })
    expect(((await response.json()) as { result: unknown }).result).toMatchObject({
      new_balance: '1000000000000000000000',
      unit: 'FRI',
    })
  })

  it('answers -1 "Minting reverted" naming the reverted transaction, which stays on chain (2^256, an overflow, address 0)', () => {
    const { rpc, ok, address } = setup()
    const reverts = (params: unknown) => {
      const error = rpc('devnet_mint', params).error
      expect(error).toMatchObject({ code: -1, message: 'Minting reverted' })
      const { tx_hash, revert_reason } = (error?.data ?? {}) as { tx_hash: string; revert_reason: string }
      expect(ok('starknet_getTransactionReceipt', { transaction_hash: tx_hash })).toMatchObject({
        type: 'INVOKE',
        execution_status: 'REVERTED',
      })
      return revert_reason
    }
    // Params as the HTTP layer reads big JSON numbers.
    const params = (to: string, amount: bigint) =>
      parseJsonKeepingBigIntegers(`{"address":"${to}","amount":${amount}}`)
    expect(reverts(params(address, 2n ** 256n))).toContain('Option::unwrap failed.')
    ok('devnet_mint', params('0xabc', 2n ** 255n))
    expect(reverts(params('0xabc', 2n ** 255n))).toContain('u256_add Overflow')
    expect(reverts({ address: '0x0', amount: 5 })).toContain('ERC20: mint to 0')
  })

  it('refuses an unknown field, a bad unit, and params that are not an object or an array', () => {
    const { rpc, address } = setup()
    expect(rpc('devnet_mint', { address, amount: 5, foo: 1 }).error).toEqual({
      code: -32602,
      message: 'Invalid params',
      data: 'unknown field foo, expected one of address, amount, unit',
    })
    expect(rpc('devnet_mint', { address, amount: 5, unit: 'wei' }).error?.code).toBe(-32602)
    expect(rpc('devnet_mint', 'abc').error?.code).toBe(-32600)
  })
})

describe('the other dev methods as devnet answers them', () => {
  it('devnet_getAccountBalance reads latest or the block named; -1 for a block that is not there', () => {
    const { ok, rpc, address } = setup()
    ok('devnet_mint', { address, amount: 5 })
    expect(ok('devnet_getAccountBalance', { address })).toEqual({
      amount: '1000000000000000000005',
      unit: 'FRI',
    })
    expect(ok('devnet_getAccountBalance', { address, block_id: { block_number: 0 } })).toEqual({
      amount: '1000000000000000000000',
      unit: 'FRI',
    })
    expect(rpc('devnet_getAccountBalance', { address, block_id: { block_number: 99 } }).error).toEqual({
      code: -1,
      message: 'No block found',
    })
    expect(rpc('devnet_getAccountBalance', { address, unit: 'XYZ' }).error?.code).toBe(-32602)
  })

  it('devnet_getPredeployedAccounts answers balance null unless asked, and refuses a with_balance that is not a boolean', () => {
    const { ok, rpc } = setup()
    expect(ok<{ balance: unknown }[]>('devnet_getPredeployedAccounts').map((a) => a.balance)).toEqual([
      null,
      null,
    ])
    expect(
      ok<{ balance: unknown }[]>('devnet_getPredeployedAccounts', { with_balance: true })[0]?.balance,
    ).toEqual({
      eth: { amount: '1000000000000000000000', unit: 'WEI' },
      strk: { amount: '1000000000000000000000', unit: 'FRI' },
    })
    expect(rpc('devnet_getPredeployedAccounts', { with_balance: 'yes' }).error?.code).toBe(-32602)
  })

  it('devnet_setTime makes a block unless generate_block is false (then block_hash is null)', () => {
    const { sim, ok } = setup()
    const blocks = sim.chain.blocks.length
    expect(ok('devnet_setTime', { time: 1_900_000_000 })).toEqual({
      block_timestamp: 1_900_000_000,
      block_hash: sim.chain.latest.hash,
    })
    expect(sim.chain.blocks.length).toBe(blocks + 1)
    expect(ok('devnet_setTime', { time: 1_900_000_100, generate_block: false })).toEqual({
      block_timestamp: 1_900_000_100,
      block_hash: null,
    })
    expect(sim.chain.blocks.length).toBe(blocks + 1)
  })

  it('devnet_getConfig and devnet_getStatus answer in devnet’s shape', () => {
    const { ok, rpc } = setup()
    expect(ok('devnet_getConfig')).toMatchObject({
      seed: 0,
      total_accounts: 2,
      account_contract_class_hash: '0x5b4b537eaa2399e3aa99c4e2e0208ebd6c71bc1467938cd52c798c601e43564',
      predeployed_accounts_initial_balance: '1000000000000000000000',
      chain_id: 'SN_SEPOLIA',
      block_generation_on: 'transaction',
      gas_price_fri: expect.any(Number),
      state_archive: 'full',
    })
    ok('devnet_mint', { address: '0x1', amount: 1 })
    expect(ok('devnet_getStatus')).toEqual({
      block_count: 2,
      transaction_count: 1,
      pre_confirmed_tx_count: 0,
      chain_id: 'SN_SEPOLIA',
      protocol_version: '0.10.0',
      devnet_version: '0.10.1',
      is_forked: false,
      impersonated_accounts: [],
      auto_impersonate: false,
    })
    expect(rpc('devnet_getConfig', { x: 1 }).error?.code).toBe(-32602)
  })

  it('devnet_restart and devnet_load answer {}; devnet_load of a path says it takes a snapshot here', () => {
    const { ok, rpc } = setup()
    const dump = ok('devnet_dump')
    expect(ok('devnet_restart')).toEqual({})
    expect(ok('devnet_load', { snapshot: dump })).toEqual({})
    expect(rpc('devnet_load', { path: '/tmp/dump.json' }).error?.data).toBe(
      'devnet_load takes {snapshot} here (a devnet_dump answer), not a path',
    )
  })
})
