import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { Simulator } from '../chain/simulator'
import { handleRpc } from './handler'

type Answer = { result?: unknown; error?: { code: number; message: string; data?: unknown } }

function setup(sim = new Simulator({ accounts: 1 })) {
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
  const mint = () => ok<{ tx_hash: string }>('devnet_mint', { address: '0x1', amount: 1 }).tx_hash
  const status = (block_id: unknown, v: '0.9' | '0.10' = '0.10') =>
    ok<{ status: string }>('starknet_getBlockWithTxHashes', { block_id }, v).status
  const finality = (transaction_hash: string, v: '0.9' | '0.10' = '0.10') =>
    ok<{ finality_status: string }>('starknet_getTransactionStatus', { transaction_hash }, v).finality_status
  return { sim, rpc, ok, mint, status, finality }
}

describe('devnet_acceptOnL1', () => {
  it('accepts the named block and those before it on L1: block status, finality, the l1_accepted tag (0.9 and 0.10)', () => {
    const { sim, ok, mint, status, finality } = setup()
    const [tx1, tx2, tx3] = [mint(), mint(), mint()]
    const hashes = sim.chain.blocks.map((b) => b.hash)
    expect(status('latest')).toBe('ACCEPTED_ON_L2')
    expect(ok('starknet_getBlockWithTxHashes', { block_id: 'l1_accepted' }).block_number).toBe(0)

    // The genesis block is on L1 from the start, so blocks 1 and 2 are the ones accepted now.
    expect(ok('devnet_acceptOnL1', { starting_block_id: { block_number: 2 } })).toEqual({
      accepted: [hashes[2], hashes[1]],
    })
    for (const v of ['0.9', '0.10'] as const) {
      expect(status({ block_number: 1 }, v)).toBe('ACCEPTED_ON_L1')
      expect(status({ block_hash: hashes[2] }, v)).toBe('ACCEPTED_ON_L1')
      expect(status('latest', v)).toBe('ACCEPTED_ON_L2')
      expect([finality(tx1, v), finality(tx2, v), finality(tx3, v)]).toEqual([
        'ACCEPTED_ON_L1',
        'ACCEPTED_ON_L1',
        'ACCEPTED_ON_L2',
      ])
      expect(ok('starknet_getTransactionReceipt', { transaction_hash: tx2 }, v).finality_status).toBe(
        'ACCEPTED_ON_L1',
      )
      expect(ok('starknet_getBlockWithTxHashes', { block_id: 'l1_accepted' }, v).block_hash).toBe(hashes[2])
    }
    expect(ok('devnet_acceptOnL1', ['latest'])).toEqual({ accepted: [hashes[3]] })
    expect(finality(tx3)).toBe('ACCEPTED_ON_L1')
  })

  it("answers devnet's -1 for an unknown block, pre_confirmed or a block already on L1, changing nothing", () => {
    const { sim, rpc, mint } = setup(new Simulator({ accounts: 1, blockTime: 60_000 }))
    mint()
    sim.chain.closeBlock()
    mint()
    expect(rpc('devnet_acceptOnL1', { starting_block_id: { block_number: 9 } }).error).toEqual({
      code: -1,
      message: 'No block found',
    })
    expect(rpc('devnet_acceptOnL1', { starting_block_id: 'pre_confirmed' }).error).toEqual({
      code: -1,
      message: 'Pre-confirmed block cannot be accepted on L1',
    })
    expect(rpc('devnet_acceptOnL1', { starting_block_id: { block_number: 0 } }).error).toEqual({
      code: -1,
      message: 'Block already accepted on L1',
    })
    expect(rpc('devnet_acceptOnL1', {}).error?.code).toBe(-32602)
    expect(sim.chain.l1AcceptedNumber).toBe(0)
    expect(sim.chain.pendingTxs).toHaveLength(1)
    sim.close()
  })

  it('survives --state restarts and devnet_dump / devnet_load', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'wallet-sim-l1-')), 'state.json')
    const first = setup(new Simulator({ accounts: 1, stateFile: file }))
    const tx = first.mint()
    first.ok('devnet_acceptOnL1', { starting_block_id: 'latest' })
    first.mint()
    // Reopened without close() (as after a crash).
    const second = setup(new Simulator({ accounts: 1, stateFile: file }))
    expect(second.finality(tx)).toBe('ACCEPTED_ON_L1')
    expect(second.status('latest')).toBe('ACCEPTED_ON_L2')
    expect(second.sim.dump()).toEqual(first.sim.dump())
    const third = setup()
    third.ok('devnet_load', { snapshot: JSON.parse(JSON.stringify(first.ok('devnet_dump'))) })
    expect(third.status({ block_number: 1 })).toBe('ACCEPTED_ON_L1')
    second.sim.close()
  })
})

describe('starknet-devnet dev methods wallet-sim does not serve', () => {
  it("answer -32600 (impersonation: devnet's own -1) naming the method and the reason; unknown names -32601", () => {
    const { rpc } = setup()
    const cases = {
      devnet_impersonateAccount: 'does not fork',
      devnet_stopImpersonateAccount: 'does not fork',
      devnet_autoImpersonate: 'does not fork',
      devnet_stopAutoImpersonate: 'does not fork',
      devnet_postmanLoad: 'no L1 node',
      devnet_postmanFlush: 'no L1 node',
      devnet_postmanConsumeMessageFromL2: 'L2 to L1',
    }
    for (const [method, reason] of Object.entries(cases)) {
      for (const v of ['0.9', '0.10'] as const) {
        const error = rpc(method, {}, v).error
        expect(error).toMatchObject(
          method.includes('mpersonate')
            ? { code: -1, message: 'Account impersonation is supported when forking mode is enabled.' }
            : { code: -32600, message: 'Invalid Request' },
        )
        expect(error?.data).toMatch(new RegExp(`^${method} is not supported by wallet-sim: .*${reason}`))
      }
    }
    expect(rpc('devnet_nope').error).toEqual({ code: -32601, message: 'Method not found' })
  })
})
