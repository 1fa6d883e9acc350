// A property model of devnet_snapshot / devnet_revert: random runs of transactions, mints, blocks, clock moves,
// gas price changes, aborts, snapshots and reverts (Anvil's rules: a revert consumes its id and every later one).
// After a revert the chain's whole dump equals the one taken with the snapshot, and it goes on exactly as a chain
// loaded from that dump (so nothing shared copy-on-write leaked between the live chain and a checkpoint).
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { handleRpc } from '../rpc/handler'
import { ETH_ADDRESS } from './contracts/index'
import { selectorOf } from './felt'
import { Simulator } from './simulator'
import { signedInvoke } from './testHelpers'

const FIXED_CLOCK = () => 1_800_000_000_000

type Op =
  | { kind: 'mint' | 'transfer' | 'close' | 'abortPending' | 'snapshot' }
  | { kind: 'time'; seconds: number }
  | { kind: 'gas'; price: number }
  | { kind: 'revert'; pick: number }

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.constantFrom<Op>(
    { kind: 'mint' },
    { kind: 'transfer' },
    { kind: 'close' },
    { kind: 'abortPending' },
    { kind: 'snapshot' },
  ),
  fc.record({ kind: fc.constant('time' as const), seconds: fc.integer({ min: 1, max: 10_000 }) }),
  fc.record({ kind: fc.constant('gas' as const), price: fc.integer({ min: 1, max: 1_000_000 }) }),
  fc.record({ kind: fc.constant('revert' as const), pick: fc.nat({ max: 5 }) }),
)

function rpcOf(sim: Simulator) {
  return (method: string, params: unknown = {}) => {
    const answer = handleRpc(sim, { jsonrpc: '2.0', id: 1, method, params }, '0.10') as {
      result?: unknown
      error?: { code: number; message: string; data?: unknown }
    }
    if (answer.error)
      throw Object.assign(new Error(`${method}: ${JSON.stringify(answer.error)}`), answer.error)
    return answer.result
  }
}

/** Runs `o`; the snapshots taken so far (id → the dump they saved) follow Anvil's rules. */
function run(sim: Simulator, o: Op, saved: Map<number, string>): void {
  const rpc = rpcOf(sim)
  const chain = sim.chain
  switch (o.kind) {
    case 'mint':
      return void rpc('devnet_mint', { address: '0x5a1e', amount: 3 })
    case 'transfer': {
      const [a, b] = sim.accounts
      const sender = BigInt(a!.address)
      const calls = [
        { to: ETH_ADDRESS, selector: selectorOf('transfer'), calldata: [BigInt(b!.address), 1n, 0n] },
      ]
      const nonce = chain.pending.getNonce(sender)
      const privateKey = BigInt(a!.private_key)
      return void chain.addTransaction(
        signedInvoke({ sender, privateKey, nonce, calls, chainId: chain.chainId }),
      )
    }
    case 'close':
      return void rpc('devnet_createBlock')
    case 'abortPending':
      return void rpc('devnet_abortBlocks', { starting_block_id: 'pre_confirmed' })
    case 'time':
      return void rpc('devnet_increaseTime', { time: o.seconds })
    case 'gas':
      return void rpc('devnet_setGasPrice', { gas_price_fri: o.price })
    case 'snapshot': {
      const dump = JSON.stringify(sim.dump())
      const { id } = rpc('devnet_snapshot') as { id: number }
      expect([...saved.keys()].every((earlier) => earlier < id)).toBe(true)
      saved.set(id, dump)
      return
    }
    case 'revert': {
      const ids = [...saved.keys()]
      const id = ids[o.pick % Math.max(ids.length, 1)]
      if (id === undefined) return
      rpc('devnet_revert', { id })
      expect(JSON.stringify(sim.dump())).toBe(saved.get(id))
      for (const later of ids) if (later >= id) saved.delete(later)
      // The consumed ids are gone: -1 "No snapshot found", and the chain stays as it is.
      expect(() => rpc('devnet_revert', { id })).toThrow(expect.objectContaining({ code: -1 }))
      expect(JSON.stringify(sim.dump())).toBe(saved.get(id) ?? JSON.stringify(sim.dump()))
    }
  }
}

// 40 runs of up to 16 operations on a 2-account genesis: a few seconds, more on a loaded machine.
describe('devnet_snapshot / devnet_revert (property model)', { timeout: 120_000 }, () => {
  for (const blockTime of [0, 3_600_000]) {
    it(`gives back the snapshot's chain, which goes on as a loaded dump does (block time ${blockTime})`, () => {
      fc.assert(
        fc.property(fc.array(op, { minLength: 1, maxLength: 16 }), (ops) => {
          const sim = new Simulator({ accounts: 2, clock: FIXED_CLOCK, blockTime })
          const saved = new Map<number, string>()
          try {
            for (const o of [{ kind: 'snapshot' } as const, ...ops]) run(sim, o, saved)
            const first = Math.min(...saved.keys())
            if (!Number.isFinite(first)) return
            const expected = saved.get(first)!
            rpcOf(sim)('devnet_revert', { id: first })
            expect(JSON.stringify(sim.dump())).toBe(expected)
            const loaded = new Simulator({ accounts: 2, clock: FIXED_CLOCK, blockTime })
            loaded.load(JSON.parse(expected))
            for (const next of [{ kind: 'transfer' }, { kind: 'mint' }, { kind: 'close' }] as const) {
              run(sim, next, new Map())
              run(loaded, next, new Map())
            }
            expect(sim.dump()).toEqual(loaded.dump())
          } finally {
            sim.close()
          }
        }),
        { numRuns: 40 },
      )
    })
  }

  it('with --state FILE, a revert rewrites the file: a restart opens the reverted chain', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'wallet-sim-snapshot-')), 'state.json')
    const sim = new Simulator({ accounts: 2, clock: FIXED_CLOCK, stateFile: file })
    const rpc = rpcOf(sim)
    const { id } = rpc('devnet_snapshot') as { id: number }
    const before = JSON.stringify(sim.dump())
    rpc('devnet_mint', { address: '0x5a1e', amount: 7 })
    rpc('devnet_revert', { id })
    sim.close()
    const reopened = new Simulator({ accounts: 2, clock: FIXED_CLOCK, stateFile: file })
    expect(JSON.stringify(reopened.dump())).toBe(before)
    reopened.close()
  })
})
