import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { handleRpc } from '../rpc/handler'
import { Chain } from './chain'
import { ETH_ADDRESS, erc20BalanceOf, erc20Mint, STRK_ADDRESS } from './contracts/index'
import { selectorOf } from './felt'
import { Simulator } from './simulator'
import { signedInvoke } from './testHelpers'

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
const tempState = () => join(mkdtempSync(join(tmpdir(), 'wallet-sim-')), 'state.json')
const journalLines = (file: string) =>
  readFileSync(`${file}.journal`, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { seq: number; entry: { kind: string; txs?: unknown[] } })

/** Every way the chain changes: mints and transfers, empty blocks, clock moves, direct writes (welcome funds). */
function busy(sim: Simulator, steps: number, firstNonce = 0n): void {
  let nonce = firstNonce
  for (let i = 0; i < steps; i++) {
    sim.mint(BigInt(0x5a1e0000 + i), BigInt(i + 1), i % 2 ? 'FRI' : 'WEI')
    if (i % 3 === 0) sim.chain.addTransaction(transferFrom(sim, nonce++))
    if (i % 5 === 0) rpc(sim, 'devnet_createBlock', {})
    if (i % 7 === 0) rpc(sim, 'devnet_setTime', { time: 1_800_000_000 + i * 100 })
    if (i % 4 === 0) erc20Mint(sim.chain.pending, STRK_ADDRESS, BigInt(0x7e000000 + i), 5n)
    if (i % 8 === 0) sim.chain.closeBlock()
  }
}

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
    const file = tempState()
    const first = new Simulator({ accounts: 2, stateFile: file })
    rpc(first, 'starknet_addInvokeTransaction', { invoke_transaction: transferFrom(first, 0n) })
    await new Promise((resolve) => setImmediate(resolve))
    expect(journalLines(file).map((line) => line.entry.kind)).toEqual(['block'])
    first.close()
    expect(JSON.parse(readFileSync(file, 'utf8')).state.format).toBe('wallet-sim/dump@1')
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

  // "Crash" below: a second simulator opens the file while the first is neither closed nor saved.
  it('replays snapshot and journal into exactly the chain dump() gives, after many blocks', () => {
    const file = tempState()
    const live = new Simulator({ accounts: 2, stateFile: file })
    busy(live, 30)
    expect(journalLines(file).length).toBeGreaterThan(40)
    expect(new Simulator({ accounts: 2, stateFile: file }).dump()).toEqual(live.dump())
  })

  it('compacts the journal into the snapshot as it grows, and still replays to the same chain', () => {
    const file = tempState()
    const live = new Simulator({ accounts: 2, stateFile: file, compaction: { minJournalBytes: 0 } })
    busy(live, 30)
    const snapshot = JSON.parse(readFileSync(file, 'utf8'))
    expect(snapshot.seq).toBeGreaterThan(0)
    expect(snapshot.state.chain.blocks.length).toBeGreaterThan(1)
    expect(journalLines(file).every((line) => line.seq > snapshot.seq)).toBe(true)
    expect(new Simulator({ accounts: 2, stateFile: file }).dump()).toEqual(live.dump())
    live.close()
    expect(readFileSync(`${file}.journal`, 'utf8')).toBe('')
    expect(new Simulator({ accounts: 2, stateFile: file }).dump()).toEqual(live.dump())
  })

  it('ignores a torn last journal line (a crash mid-append)', () => {
    const file = tempState()
    const live = new Simulator({ accounts: 2, stateFile: file })
    busy(live, 3)
    const before = live.dump()
    appendFileSync(`${file}.journal`, '{"seq":999,"entry":{"kind":"block","block":{"num')
    const reopened = new Simulator({ accounts: 2, stateFile: file })
    expect(reopened.dump()).toEqual(before)
    busy(reopened, 2, 1n)
    expect(new Simulator({ accounts: 2, stateFile: file }).dump()).toEqual(reopened.dump())
  })

  it('loads a state file of the single-file format and keeps journaling on it', () => {
    const file = tempState()
    const old = new Simulator({ accounts: 2 })
    busy(old, 3)
    writeFileSync(file, JSON.stringify(old.dump()))
    const sim = new Simulator({ accounts: 2, stateFile: file })
    expect(sim.dump()).toEqual(old.dump())
    busy(sim, 2, 1n)
    expect(new Simulator({ accounts: 2, stateFile: file }).dump()).toEqual(sim.dump())
  })

  it('with a block time, journals each accepted transaction so the pre_confirmed block survives a crash', () => {
    vi.useFakeTimers()
    const file = tempState()
    const live = new Simulator({ accounts: 2, blockTime: 2000, stateFile: file })
    const { transaction_hash } = rpc(live, 'starknet_addInvokeTransaction', {
      invoke_transaction: transferFrom(live, 0n),
    })
    live.mint(BigInt(live.accounts[1]!.address), 7n, 'FRI')
    expect(journalLines(file).map((line) => line.entry.kind)).toEqual(['tx', 'tx'])
    vi.clearAllTimers() // the crash: the first simulator's block timer dies with it
    const crashed = new Simulator({ accounts: 2, blockTime: 2000, stateFile: file })
    expect(crashed.dump()).toEqual(live.dump())
    expect(rpc(crashed, 'starknet_getTransactionStatus', { transaction_hash })).toMatchObject({
      finality_status: 'PRE_CONFIRMED',
    })
    rpc(crashed, 'starknet_addInvokeTransaction', { invoke_transaction: transferFrom(crashed, 1n) })
    vi.advanceTimersByTime(2000)
    expect(crashed.chain.latest.txHashes).toHaveLength(3)
    // The block's entry does not repeat the transactions journaled when they were accepted.
    expect(journalLines(file).map((line) => [line.entry.kind, line.entry.txs?.length])).toEqual([
      ['tx', undefined],
      ['tx', undefined],
      ['tx', undefined],
      ['block', 0],
    ])
    expect(new Simulator({ accounts: 2, blockTime: 2000, stateFile: file }).dump()).toEqual(crashed.dump())
  })

  it('persists devnet_restart and devnet_load, and stops journaling the chain they replace', () => {
    const file = tempState()
    const sim = new Simulator({ accounts: 2, stateFile: file })
    busy(sim, 2)
    const dumped = sim.dump()
    const replaced = sim.chain
    rpc(sim, 'devnet_restart', {})
    replaced.closeBlock()
    expect(new Simulator({ accounts: 2, stateFile: file }).dump()).toEqual(sim.dump())
    expect(sim.chain.latest.number).toBe(0)
    rpc(sim, 'devnet_load', { snapshot: dumped })
    expect(new Simulator({ accounts: 2, stateFile: file }).dump()).toEqual(dumped)
  })
})
