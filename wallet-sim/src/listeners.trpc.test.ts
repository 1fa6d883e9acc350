// Hostile inputs to every procedure of the wallet router over HTTP (/trpc/<name>, TRPC_PROCEDURES of
// listeners.ts): as a POST body, in a batch, and in `?input=`. Each answer is a result or a coded error,
// the server answers /is_alive after each procedure, and no state moved.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { HOSTILE_INPUTS } from './hostileInputs'
import { type RunningSim, startSim } from './index'
import { TRPC_PROCEDURES } from './listeners'
import { expectCoded, inParallel, send, stateOf } from './listenersTesting'

let sim: RunningSim
let before: string
beforeAll(async () => {
  sim = await startSim({ accounts: 1, approve: 'reject' })
  before = await stateOf(sim)
})
afterAll(() => sim?.close())

/** In a batch: what a batch adds (its own nesting, prototype keys per call, many calls). */
const IN_BATCH = new Set([
  '100k nested arrays',
  'prototype keys in a batch',
  'batch of batches',
  '10k-call batch',
])
const QUERIES = [
  `input=${'%5B'.repeat(3000)}`,
  `batch=1&input=${encodeURIComponent('{"0":{"__proto__":{"polluted":1}},"constructor":{}}')}`,
  'input=%FF%FE',
  `connectionParams=${encodeURIComponent('{"__proto__":{"token":"x"}}')}`,
]

it('answers every hostile input to every procedure with a result or a coded error', async () => {
  await inParallel(Object.keys(TRPC_PROCEDURES), async (name) => {
    for (const input of HOSTILE_INPUTS) {
      expectCoded(await send(sim.url, 'POST', `/trpc/${name}`, input), `POST /trpc/${name} ← ${input.name}`)
      if (!IN_BATCH.has(input.name)) continue
      const batch = `/trpc/${name},${name}?batch=1`
      expectCoded(await send(sim.url, 'POST', batch, input), `POST ${batch} ← ${input.name}`)
    }
    for (const query of QUERIES)
      expectCoded(
        await send(sim.url, 'GET', `/trpc/${name}?${query}`),
        `GET /trpc/${name}?${query.slice(0, 40)}`,
      )
    expect((await send(sim.url, 'GET', '/is_alive')).status, name).toBe(200)
  })
  expect(await stateOf(sim)).toBe(before)
}, 90_000)
