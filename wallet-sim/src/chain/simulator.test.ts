import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { handleRpc } from '../rpc/handler'
import { Chain } from './chain'
import { ETH_ADDRESS, erc20BalanceOf } from './contracts/index'
import { selectorOf } from './felt'
import { Simulator } from './simulator'
import { signedInvoke } from './test-helpers'

afterEach(() => {
  vi.useRealTimers()
})

const transferFrom = (sim: Simulator, nonce: bigint) => {
  const [a, b] = sim.accounts
  return signedInvoke({
    sender: BigInt(a!.address),
    privateKey: BigInt(a!.private_key),
    nonce,
    calls: [{ to: ETH_ADDRESS, selector: selectorOf('transfer'), calldata: [BigInt(b!.address), 1n, 0n] }],
    chainId: sim.chain.chainId,
  })
}
const rpc = (sim: Simulator, method: string, params: unknown) =>
  (handleRpc(sim, { jsonrpc: '2.0', id: 1, method, params }, '0.10') as { result: Record<string, unknown> })
    .result

describe('Simulator', () => {
  it('with a block time keeps transactions pre_confirmed until the interval commits the block', () => {
    vi.useFakeTimers()
    const sim = new Simulator({ accounts: 2, blockTime: 2000 })
    const { transaction_hash } = rpc(sim, 'starknet_addInvokeTransaction', {
      invoke_transaction: transferFrom(sim, 0n),
    })
    rpc(sim, 'starknet_addInvokeTransaction', { invoke_transaction: transferFrom(sim, 1n) })
    expect(rpc(sim, 'starknet_getTransactionStatus', { transaction_hash })).toMatchObject({
      finality_status: 'PRE_CONFIRMED',
    })
    expect(
      rpc(sim, 'starknet_getNonce', {
        block_id: 'pre_confirmed',
        contract_address: sim.accounts[0]!.address,
      }),
    ).toBe('0x2')
    expect(
      rpc(sim, 'starknet_getNonce', { block_id: 'latest', contract_address: sim.accounts[0]!.address }),
    ).toBe('0x0')
    expect(
      rpc(sim, 'starknet_getBlockWithTxHashes', { block_id: 'pre_confirmed' }).transactions,
    ).toHaveLength(2)
    vi.advanceTimersByTime(2000)
    expect(rpc(sim, 'starknet_getTransactionStatus', { transaction_hash })).toMatchObject({
      finality_status: 'ACCEPTED_ON_L2',
    })
    expect(rpc(sim, 'starknet_getBlockWithTxHashes', { block_id: 'latest' }).transactions).toHaveLength(2)
    sim.close()
  })

  it('persists to --state FILE after blocks and loads it at start', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'wallet-sim-')), 'state.json')
    const first = new Simulator({ accounts: 2, stateFile: file })
    rpc(first, 'starknet_addInvokeTransaction', { invoke_transaction: transferFrom(first, 0n) })
    await new Promise((resolve) => setImmediate(resolve))
    expect(JSON.parse(readFileSync(file, 'utf8')).format).toBe('wallet-sim/dump@1')
    first.close()
    const second = new Simulator({ accounts: 2, stateFile: file })
    expect(second.chain.latest.number).toBe(1)
    expect(second.accounts).toEqual(first.accounts)
    rpc(second, 'starknet_addInvokeTransaction', { invoke_transaction: transferFrom(second, 1n) })
    expect(erc20BalanceOf(second.chain.base, ETH_ADDRESS, BigInt(second.accounts[1]!.address))).toBe(
      10n ** 21n + 2n,
    )
    second.close()
  })

  it('round-trips a chain through a JSON snapshot and fires onCommit', () => {
    const sim = new Simulator({ accounts: 2 })
    const blocks: number[] = []
    sim.chain.onCommit((b) => blocks.push(b.number))
    sim.chain.addTransaction(transferFrom(sim, 0n))
    expect(blocks).toEqual([1])
    const copy = Chain.fromSnapshot(JSON.parse(JSON.stringify(sim.chain.snapshot())))
    expect(copy.snapshot()).toEqual(sim.chain.snapshot())
    expect(copy.getTx(BigInt(copy.latest.txHashes[0]!)).receipt.execution_status).toBe('SUCCEEDED')
  })
})
