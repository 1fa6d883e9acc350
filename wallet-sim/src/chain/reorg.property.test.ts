// A property model of devnet_abortBlocks with `--state FILE`: random runs of transactions, blocks, aborts (of
// committed blocks and of the pre_confirmed block), clock moves, gas price changes and L1 acceptance. After an
// abort the committed state is the one the kept head had when it was the latest; a crash-style reopen of the
// file gives the live chain, and both go on alike.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { handleRpc } from '../rpc/handler'
import { ETH_ADDRESS } from './contracts/index'
import { selectorOf } from './felt'
import { Simulator } from './simulator'
import type { State } from './state'
import { signedInvoke } from './testHelpers'

const FIXED_CLOCK = () => 1_800_000_000_000

type Op =
  | { kind: 'mint' | 'transfer' | 'close' | 'abortPending' | 'acceptOnL1' }
  | { kind: 'abort'; back: number }
  | { kind: 'time'; seconds: number }
  | { kind: 'gas'; price: number; generate: boolean }

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.constantFrom<Op>(
    { kind: 'mint' },
    { kind: 'transfer' },
    { kind: 'close' },
    { kind: 'abortPending' },
    { kind: 'acceptOnL1' },
  ),
  fc.record({ kind: fc.constant('abort' as const), back: fc.nat({ max: 4 }) }),
  fc.record({ kind: fc.constant('time' as const), seconds: fc.integer({ min: 1, max: 10_000 }) }),
  fc.record({
    kind: fc.constant('gas' as const),
    price: fc.integer({ min: 1, max: 1_000_000 }),
    generate: fc.boolean(),
  }),
)

/** A layer's contents, independent of the order its maps were filled in. */
function contents(state: State): string {
  const rows: string[] = []
  for (const [a, m] of state.storage) for (const [k, v] of m) if (v !== 0n) rows.push(`s:${a}:${k}=${v}`)
  for (const [a, c] of state.classHashes) rows.push(`c:${a}=${c}`)
  for (const [a, n] of state.nonces) rows.push(`n:${a}=${n}`)
  return rows.sort().join('\n')
}

function open(file: string, blockTime: number) {
  const sim = new Simulator({ accounts: 2, clock: FIXED_CLOCK, stateFile: file, blockTime })
  const rpc = (method: string, params: unknown = {}) => {
    const answer = handleRpc(sim, { jsonrpc: '2.0', id: 1, method, params }, '0.10') as {
      result?: unknown
      error?: unknown
    }
    if (answer.error) throw new Error(`${method}: ${JSON.stringify(answer.error)}`)
    return answer.result
  }
  return { sim, rpc }
}

function run(host: ReturnType<typeof open>, o: Op, baseAt: Map<string, string>): void {
  const { sim, rpc } = host
  const chain = sim.chain
  switch (o.kind) {
    case 'mint':
      sim.mint(0x5a1en, 3n, 'FRI')
      break
    case 'transfer': {
      const [a, b] = sim.accounts
      const sender = BigInt(a!.address)
      chain.addTransaction(
        signedInvoke({
          sender,
          privateKey: BigInt(a!.private_key),
          nonce: chain.pending.getNonce(sender),
          calls: [
            { to: ETH_ADDRESS, selector: selectorOf('transfer'), calldata: [BigInt(b!.address), 1n, 0n] },
          ],
          chainId: chain.chainId,
        }),
      )
      break
    }
    case 'close':
      rpc('devnet_createBlock')
      break
    case 'abortPending':
      rpc('devnet_abortBlocks', { starting_block_id: 'pre_confirmed' })
      break
    case 'abort': {
      const number = chain.latest.number - o.back
      if (number <= chain.l1AcceptedNumber) return
      rpc('devnet_abortBlocks', { starting_block_id: { block_number: number } })
      // The state is the kept head's, as it was when that block was the latest.
      expect(contents(chain.base)).toBe(baseAt.get(chain.latest.hash))
      expect(contents(chain.pending)).toBe('')
      break
    }
    case 'acceptOnL1':
      if (chain.latest.number > chain.l1AcceptedNumber)
        rpc('devnet_acceptOnL1', { starting_block_id: { block_number: chain.latest.number } })
      break
    case 'time':
      rpc('devnet_increaseTime', { time: o.seconds })
      break
    case 'gas':
      rpc('devnet_setGasPrice', { gas_price_wei: o.price, generate_block: o.generate })
      break
  }
  baseAt.set(sim.chain.latest.hash, contents(sim.chain.base))
}

// 30 runs of up to 14 operations, each writing and reopening a state file: seconds alone, many times that on
// a loaded machine. Not a timing test, so a generous limit instead of Vitest's 5 s default.
describe('devnet_abortBlocks with --state FILE (property model)', { timeout: 120_000 }, () => {
  for (const blockTime of [0, 3_600_000]) {
    it(`rolls back to the kept head's state and reopens as the live chain (block time ${blockTime})`, () => {
      fc.assert(
        fc.property(fc.array(op, { minLength: 1, maxLength: 14 }), (ops) => {
          const file = join(mkdtempSync(join(tmpdir(), 'wallet-sim-reorg-')), 'state.json')
          const live = open(file, blockTime)
          const baseAt = new Map<string, string>([
            [live.sim.chain.latest.hash, contents(live.sim.chain.base)],
          ])
          try {
            for (const o of ops) run(live, o, baseAt)
            const reopened = open(file, blockTime)
            try {
              expect(reopened.sim.dump()).toEqual(live.sim.dump())
              expect(contents(reopened.sim.chain.pending)).toBe(contents(live.sim.chain.pending))
              // Both go on alike: the same next block, hash included.
              run(live, { kind: 'mint' }, baseAt)
              run(reopened, { kind: 'mint' }, new Map())
              run(live, { kind: 'close' }, baseAt)
              run(reopened, { kind: 'close' }, new Map())
              expect(reopened.sim.chain.latest.hash).toBe(live.sim.chain.latest.hash)
              expect(reopened.sim.dump()).toEqual(live.sim.dump())
            } finally {
              reopened.sim.close()
            }
          } finally {
            live.sim.close()
          }
        }),
        { numRuns: 30 },
      )
    })
  }
})
