// Hostile inputs to every HTTP listener of the list (listeners.ts): deep nesting, large bodies, binary,
// invalid UTF-8, prototype keys, batches of batches, huge batches, wrong content types, empty bodies. Each
// answer is a result or a coded error (never a 5xx of our own), the server answers /is_alive after each
// listener, and no state moved (the chain, an account's nonce and balance, Object.prototype).
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HOSTILE_INPUTS, hostileJson, isCodedError, overTheLimit } from './hostileInputs'
import { type RunningSim, startSim } from './index'
import { HTTP_LISTENERS } from './listeners'
import { expectCoded, inParallel, send, stateOf } from './listenersTesting'
import { MAX_MESSAGE_BYTES } from './rpc/wsServer'

let sim: RunningSim
let before: string
beforeAll(async () => {
  sim = await startSim({ accounts: 1, approve: 'reject' })
  before = await stateOf(sim)
})
afterAll(() => sim?.close())

const FILL: Record<string, string> = { ':email': 'ann@example.com', ':network': 'mainnet', ':id': 'x' }

/**
 * Each listener as a request, `:params` filled in: a route as itself, a mount or `ALL` as a POST to its path
 * (once per path: a guard and the route behind it at one path are one target).
 */
function targets(): string[] {
  const fill = (path: string) => path.replace(/:\w+/g, (p) => FILL[p] ?? sim.accounts[0]!.address)
  const rows = HTTP_LISTENERS.map((listener) => listener.split(' ') as [string, string])
  const routed = new Set(rows.filter(([m]) => m !== 'USE').map(([, path]) => path.replace(/\/$/, '')))
  const requests = rows
    .filter(([method, path]) => method !== 'USE' || !routed.has(path))
    .map(([method, path]) => `${method === 'USE' || method === 'ALL' ? 'POST' : method} ${fill(path)}`)
  return [...new Set(requests)]
}

describe('every HTTP listener', () => {
  it('answers every hostile body with a result or a coded error, and the server goes on', async () => {
    await inParallel(targets(), async (target) => {
      const [method, path] = target.split(' ') as [string, string]
      for (const input of HOSTILE_INPUTS)
        expectCoded(await send(sim.url, method, path, input), `${target} ← ${input.name}`)
      expect((await send(sim.url, 'GET', '/is_alive')).status, target).toBe(200)
    })
  }, 90_000)

  it('bodies over the largest limit (20 MiB) are 413 with a code', async () => {
    const huge = overTheLimit(MAX_MESSAGE_BYTES)
    // A procedure that reads its input (tRPC reads a body only then; requestChainId's is never read).
    for (const path of ['/rpc', '/trpc/signTypedData', '/paymaster', '/wallet/api/connect']) {
      const answer = await send(sim.url, 'POST', path, huge)
      expect(answer.status, path).toBe(413)
      expect(isCodedError(JSON.parse(answer.body)), `${path}: ${answer.body}`).toBe(true)
    }
  }, 30_000)

  it('property: any JSON with prototype keys to any listener is a result or a coded error', async () => {
    const all = targets()
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...all), hostileJson, async (target, value) => {
        const [method, path] = target.split(' ') as [string, string]
        const input = {
          name: 'json',
          body: Buffer.from(JSON.stringify(value) ?? 'null'),
          type: 'application/json',
        }
        expectCoded(await send(sim.url, method, path, input), `${target} ← ${input.body}`)
      }),
      { numRuns: 100 },
    )
  }, 60_000)

  it('left the chain, the account and Object.prototype as they were', async () => {
    expect(await stateOf(sim)).toBe(before)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
})
