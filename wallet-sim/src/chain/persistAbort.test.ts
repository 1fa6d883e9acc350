// `--state FILE` across devnet_abortBlocks and clock moves without a block: each is journaled (fsynced) before
// the answer, so a reopen after a crash (a second simulator on the file while the first is neither closed nor
// saved) gives the chain the first one had; devnet_dump / devnet_load carry aborts too.
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { handleRpc } from '../rpc/handler'
import { ETH_ADDRESS } from './contracts/index'
import { selectorOf } from './felt'
import { Simulator, type SimulatorOptions } from './simulator'
import { signedInvoke } from './testHelpers'

afterEach(() => {
  vi.useRealTimers()
})

type Answer = { result?: Record<string, unknown>; error?: { code: number; data?: unknown } }

const FIXED_CLOCK = () => 1_800_000_000_000
const tempState = () => join(mkdtempSync(join(tmpdir(), 'wallet-sim-abort-')), 'state.json')
const journalKinds = (file: string) =>
  readFileSync(`${file}.journal`, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => (JSON.parse(line) as { entry: { kind: string } }).entry.kind)

function open(file: string, options: SimulatorOptions = {}) {
  const sim = new Simulator({ accounts: 2, clock: FIXED_CLOCK, stateFile: file, ...options })
  const rpc = (method: string, params: unknown = {}) => {
    const answer = handleRpc(sim, { jsonrpc: '2.0', id: 1, method, params }, '0.10') as Answer
    if (answer.error) throw new Error(`${method}: ${JSON.stringify(answer.error)}`)
    return answer.result as Record<string, unknown>
  }
  const transferJson = () => {
    const [a, b] = sim.accounts
    const sender = BigInt(a!.address)
    return signedInvoke({
      sender,
      privateKey: BigInt(a!.private_key),
      nonce: sim.chain.pending.getNonce(sender),
      calls: [{ to: ETH_ADDRESS, selector: selectorOf('transfer'), calldata: [BigInt(b!.address), 1n, 0n] }],
      chainId: sim.chain.chainId,
    })
  }
  const transfer = () => sim.chain.addTransaction(transferJson()).hash
  const mint = () => sim.mint(0x5a1en, 3n, 'FRI').tx_hash
  return { sim, rpc, transferJson, transfer, mint }
}

describe('--state FILE and devnet_abortBlocks', () => {
  it('journals the abort, so a crash-style reopen gives the rolled-back chain and the same next blocks', () => {
    const file = tempState()
    const live = open(file)
    live.mint()
    live.transfer()
    live.mint()
    const { aborted } = live.rpc('devnet_abortBlocks', { starting_block_id: { block_number: 2 } }) as {
      aborted: string[]
    }
    expect(aborted).toHaveLength(2)
    expect(journalKinds(file)).toEqual(['block', 'block', 'block', 'abort'])

    const reopened = open(file)
    expect(reopened.sim.dump()).toEqual(live.sim.dump())
    expect(reopened.sim.chain.latest.number).toBe(1)
    expect(reopened.sim.chain.abortedBlocks).toBe(2)
    // It goes on as the live chain would (a copy of it without the file): the transfer runs again at nonce 0,
    // in a block with the same new hash, which no aborted block had.
    const copy = new Simulator({ accounts: 2, clock: FIXED_CLOCK })
    copy.load(live.sim.dump())
    const json = reopened.transferJson()
    reopened.sim.chain.addTransaction(json)
    copy.chain.addTransaction(json)
    expect(reopened.sim.chain.latest.hash).toBe(copy.chain.latest.hash)
    expect(reopened.sim.chain.latest.number).toBe(2)
    expect(aborted).not.toContain(reopened.sim.chain.latest.hash)
    expect(open(file).sim.dump()).toEqual(reopened.sim.dump())
  })

  it('with a block time, an abort of the pre_confirmed block takes its journaled transactions with it', () => {
    vi.useFakeTimers()
    const file = tempState()
    const live = open(file, { blockTime: 2000 })
    live.mint()
    vi.advanceTimersByTime(2000)
    const dropped = live.transfer()
    expect(journalKinds(file)).toEqual(['tx', 'block', 'tx'])
    live.rpc('devnet_abortBlocks', { starting_block_id: 'pre_confirmed' })
    vi.clearAllTimers() // the crash: the first simulator's block timer dies with it
    const reopened = open(file, { blockTime: 2000 })
    expect(reopened.sim.dump()).toEqual(live.sim.dump())
    expect(reopened.sim.chain.pendingTxs).toEqual([])
    expect(reopened.sim.chain.txs.has(`0x${dropped.toString(16)}`)).toBe(false)
    // The same transfer is admitted again and its block entry carries it (it was not on disk any more).
    expect(reopened.transfer()).toBe(dropped)
    vi.advanceTimersByTime(2000)
    expect(reopened.sim.chain.latest.txHashes).toEqual([`0x${dropped.toString(16)}`])
    expect(open(file, { blockTime: 2000 }).sim.dump()).toEqual(reopened.sim.dump())
  })

  it('replays aborts folded into a compacted snapshot and aborts after it alike', () => {
    const file = tempState()
    const live = open(file, { compaction: { minJournalBytes: 0 } })
    for (let i = 0; i < 6; i++) live.mint()
    live.rpc('devnet_abortBlocks', { starting_block_id: { block_number: 4 } })
    live.mint()
    live.rpc('devnet_abortBlocks', { starting_block_id: 'latest' })
    const snapshot = JSON.parse(readFileSync(file, 'utf8'))
    expect(snapshot.seq).toBeGreaterThan(0)
    expect(open(file).sim.dump()).toEqual(live.sim.dump())
    live.sim.close()
    expect(open(file).sim.dump()).toEqual(live.sim.dump())
  })

  it('devnet_dump / devnet_load carry the rolled-back chain and its count of aborted blocks', () => {
    const first = open(tempState())
    first.mint()
    first.mint()
    first.rpc('devnet_abortBlocks', { starting_block_id: 'latest' })
    const dumped = first.rpc('devnet_dump')
    const second = open(tempState())
    second.rpc('devnet_load', { snapshot: JSON.parse(JSON.stringify(dumped)) })
    expect(second.sim.dump()).toEqual(first.sim.dump())
    expect(second.rpc('devnet_createBlock')).toEqual(first.rpc('devnet_createBlock'))
  })
})

describe('--state FILE and clock moves', () => {
  it('journals devnet_setTime with generate_block: false, so the clock survives a crash', () => {
    const file = tempState()
    const live = open(file)
    live.rpc('devnet_setTime', { time: 1_900_000_000, generate_block: false })
    expect(journalKinds(file)).toEqual(['clock'])
    const reopened = open(file)
    expect(reopened.sim.chain.now()).toBe(1_900_000_000)
    expect(reopened.sim.dump()).toEqual(live.sim.dump())
    // The next block takes the moved clock.
    expect(reopened.rpc('devnet_createBlock')).toEqual(live.rpc('devnet_createBlock'))
    expect(reopened.sim.chain.latest.timestamp).toBe(1_900_000_000)
  })

  it('journals devnet_increaseTime and devnet_setTime with generate_block, clock and block alike', () => {
    const file = tempState()
    const live = open(file)
    live.rpc('devnet_increaseTime', { time: 3600 })
    live.rpc('devnet_setTime', { time: 1_900_000_000, generate_block: true })
    expect(journalKinds(file)).toEqual(['clock', 'block', 'clock', 'block'])
    const reopened = open(file)
    expect(reopened.sim.dump()).toEqual(live.sim.dump())
    expect(reopened.sim.chain.now()).toBe(1_900_000_000)
    expect(reopened.sim.chain.latest.timestamp).toBe(1_900_000_000)
  })
})
