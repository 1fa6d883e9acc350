// Robustness past the parameter checks: a valid transaction with one field made wrong answers a JSON-RPC
// error of the spec or a result (never 63 "unexpected error", which means our code threw on input it did not
// check). Hostile params to every method of every version: listeners.rpc.test.ts, from the one list.
import fc from 'fast-check'
import { expect, it } from 'vitest'
import { ETH_ADDRESS } from '../chain/contracts/index'
import { selectorOf } from '../chain/felt'
import { Simulator } from '../chain/simulator'
import { signedInvoke } from '../chain/testHelpers'
import { clientValues } from '../testValues'
import { handleRpc } from './handler'

type Answer = { result?: unknown; error?: { code: number; message: string; data?: unknown } }

const sim = new Simulator({ accounts: 1 })

const value = clientValues(
  [
    'block_id',
    'block_hash',
    'block_number',
    'type',
    'version',
    'calldata',
    'address',
    'keys',
    'from_block',
    'to_block',
    'chunk_size',
    'continuation_token',
    'contract_address',
    'entry_point_selector',
    'sender_address',
    'signature',
    'nonce',
    'resource_bounds',
  ],
  ['latest', 'pre_confirmed', 'l1_accepted', '0x0', '0x1', '0x', '0xzz', '', 'INVOKE', '0x3'],
)

/** Replaces the value at a random path of `json` (objects and arrays, any depth) with `replacement`. */
function mutate(json: unknown, path: readonly number[], replacement: unknown): unknown {
  if (path.length === 0 || json === null || typeof json !== 'object') return replacement
  const [step, ...rest] = path as [number, ...number[]]
  if (Array.isArray(json)) {
    if (json.length === 0) return [replacement]
    const i = step % (json.length + 1)
    const copy = [...json]
    if (i === json.length) copy.splice(step % json.length, 1)
    else copy[i] = mutate(json[i], rest, replacement)
    return copy
  }
  const keys = Object.keys(json)
  const key = keys[step % keys.length]!
  const copy: Record<string, unknown> = { ...(json as Record<string, unknown>) }
  if (step % 7 === 6) delete copy[key]
  else copy[key] = mutate(copy[key], rest, replacement)
  return copy
}

it('answers a valid transaction with one field made wrong with a spec error or a result, never an unexpected one', () => {
  const account = sim.accounts[0]!
  let nonce = 0n
  const fresh = () =>
    signedInvoke({
      sender: BigInt(account.address),
      privateKey: BigInt(account.private_key),
      nonce: BigInt(
        (
          handleRpc(
            sim,
            {
              jsonrpc: '2.0',
              id: 1,
              method: 'starknet_getNonce',
              params: ['pre_confirmed', account.address],
            },
            '0.10',
          ) as { result: string }
        ).result,
      ),
      calls: [{ to: ETH_ADDRESS, selector: selectorOf('transfer'), calldata: [0x1234n, ++nonce, 0n] }],
      chainId: sim.chain.chainId,
    })
  /** Answers seen, by error code ('ok' for a result). */
  const counts: Record<string, number> = {}
  fc.assert(
    fc.property(
      fc.array(fc.nat(), { minLength: 1, maxLength: 4 }),
      value,
      fc.constantFrom('add', 'estimate', 'simulate'),
      fc.constantFrom('0.9' as const, '0.10' as const),
      (path, replacement, kind, version) => {
        const tx = mutate(fresh(), path, replacement)
        const request =
          kind === 'add'
            ? { method: 'starknet_addInvokeTransaction', params: { invoke_transaction: tx } }
            : kind === 'estimate'
              ? {
                  method: 'starknet_estimateFee',
                  params: { request: [tx], simulation_flags: [], block_id: 'pre_confirmed' },
                }
              : {
                  method: 'starknet_simulateTransactions',
                  params: {
                    block_id: 'pre_confirmed',
                    transactions: [tx],
                    simulation_flags: ['SKIP_FEE_CHARGE'],
                  },
                }
        const answer = handleRpc(sim, { jsonrpc: '2.0', id: 1, ...request }, version) as Answer
        const k = answer.error ? String(answer.error.code) : 'ok'
        counts[k] = (counts[k] ?? 0) + 1
        if (answer.error)
          expect(answer.error.code, `${kind} ${JSON.stringify(tx)} ${JSON.stringify(answer.error)}`).not.toBe(
            63,
          )
      },
    ),
    { numRuns: 1500 },
  )
  // The mutations reach past parameter checks: some transactions still run, others fail deep inside.
  expect(counts.ok ?? 0).toBeGreaterThan(0)
  expect(Object.keys(counts).length).toBeGreaterThan(3)
}, 180_000)

it('refuses a devnet_load of anything but a dump with -32602 and keeps the chain', () => {
  const before = handleRpc(sim, { jsonrpc: '2.0', id: 1, method: 'starknet_blockHashAndNumber' }, '0.10')
  for (const snapshot of [{}, { format: 'wallet-sim/dump@1' }, { format: 'wallet-sim/dump@1', chain: 1 }]) {
    const answer = handleRpc(
      sim,
      { jsonrpc: '2.0', id: 1, method: 'devnet_load', params: { snapshot } },
      '0.10',
    ) as Answer
    expect(answer.error?.code).toBe(-32602)
    expect(String(answer.error?.data)).toMatch(/^snapshot: /)
  }
  expect(handleRpc(sim, { jsonrpc: '2.0', id: 1, method: 'starknet_blockHashAndNumber' }, '0.10')).toEqual(
    before,
  )
})
