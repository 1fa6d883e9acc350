// Robustness of the WebSocket API: any frame (text that is no JSON, requests of any shape, subscriptions
// with any params) gets a JSON-RPC error of the spec or a result — never 63, never a dropped socket — and
// the socket keeps working.
import fc from 'fast-check'
import { expect, it } from 'vitest'
import { startSim } from '../index'
import { RPC_WS_METHODS } from '../listeners'
import { clientValues } from '../testValues'
import { connect } from './wsTestHelpers'

// The 0.10 WebSocket API's own methods from the one list (listeners.ts), a method it shares with HTTP, one it lacks.
const METHODS = [...RPC_WS_METHODS['0.10'], 'starknet_getBlockWithTxHashes', 'starknet_nonsense']

const value = clientValues(
  [
    'block_id',
    'block_number',
    'from_address',
    'keys',
    'finality_status',
    'transaction_hash',
    'sender_address',
    'subscription_id',
    'tags',
  ],
  ['latest', 'pre_confirmed', 'ACCEPTED_ON_L2', 'PRE_CONFIRMED', '0x1', '0x', ''],
)

it('answers any frame with a spec error or a result and keeps the socket', async () => {
  await using sim = await startSim({ accounts: 1 })
  await using rpc = await connect(sim.rpcWsUrl)
  const codes: Record<string, number> = {}
  await fc.assert(
    fc.asyncProperty(
      fc.oneof(
        fc.string().map((text) => ({ text })),
        fc.record({ method: fc.constantFrom(...METHODS), params: value }).map((r) => ({
          text: JSON.stringify({ jsonrpc: '2.0', id: 1, ...r }),
        })),
        value.map((v) => ({ text: JSON.stringify(v) })),
      ),
      async ({ text }) => {
        const answer = (await rpc.raw(text)) as { error?: { code: number } } | unknown[]
        for (const one of Array.isArray(answer) ? answer : [answer]) {
          const code = (one as { error?: { code: number } }).error?.code
          codes[String(code ?? 'ok')] = (codes[String(code ?? 'ok')] ?? 0) + 1
          expect(code, text).not.toBe(63)
        }
      },
    ),
    { numRuns: 400 },
  )
  expect(await rpc.ok('starknet_chainId')).toBe('0x534e5f5345504f4c4941')
  expect(Object.keys(codes).length).toBeGreaterThan(2)
}, 120_000)
