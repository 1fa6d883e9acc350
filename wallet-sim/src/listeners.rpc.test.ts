// Hostile params to every JSON-RPC method of the list (listeners.ts: RPC_METHODS, RPC_WS_METHODS), over
// HTTP at each /rpc path and on each path of the Starknet WebSocket API, for every spec version: the fixed
// extremes of rpcHostileParams.ts to every method, and params generated with fast-check. Each answer is a
// JSON-RPC result or a coded error (never 63, never an HTTP error, never a socket closed), the server
// answers /is_alive, and a request answered with an error (or by a method that never changes the chain)
// left the chain as it was.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { type RunningSim, startSim } from './index'
import { RPC_CHANGES_STATE, RPC_HTTP_PATHS, RPC_METHODS, RPC_WS_METHODS } from './listeners'
import { send } from './listenersTesting'
import { rpcMethods } from './rpc/handler'
import { STARKNET_WS_PATHS } from './rpc/wsServer'
import {
  digest,
  expectRpcAnswer,
  fixedParams,
  hostileParams,
  paramsText,
  request,
  requestWith,
} from './rpcHostileParams'

let sim: RunningSim
beforeAll(async () => {
  sim = await startSim({ accounts: 1, approve: 'reject' })
})
afterAll(() => sim?.close())

/** The WebSocket API's own methods' params (wsFilters.ts, wsLegacy.ts). */
const WS_NAMES: Readonly<Record<string, readonly string[]>> = {
  starknet_subscribeNewHeads: ['block_id'],
  starknet_subscribeEvents: ['from_address', 'keys', 'block_id', 'finality_status'],
  starknet_subscribeTransactionStatus: ['transaction_hash'],
  starknet_subscribeNewTransactionReceipts: ['finality_status', 'sender_address'],
  starknet_subscribeNewTransactions: ['finality_status', 'sender_address'],
  starknet_subscribePendingTransactions: ['transaction_details', 'sender_address'],
  starknet_unsubscribe: ['subscription_id'],
}

type Version = keyof typeof RPC_METHODS
const namesOf = (version: Version, method: string) =>
  rpcMethods(sim.sim, version)[method]?.names ?? WS_NAMES[method] ?? []

/** Sends one request's text and resolves with its answer. */
type Call = (text: string) => Promise<unknown>

const overHttp =
  (path: string): Call =>
  async (text) => {
    const answer = await send(sim.url, 'POST', path, {
      name: 'rpc',
      body: Buffer.from(text),
      type: 'application/json',
    })
    expect(answer.status, `${path} ← ${text.slice(0, 120)}: ${answer.body.slice(0, 200)}`).toBe(200)
    return JSON.parse(answer.body)
  }

/** One socket of the WebSocket API at `path`, answering one request at a time (notifications skipped). */
async function overWebSocket(path: string): Promise<{ call: Call; close: () => void }> {
  const ws = new WebSocket(`${sim.url.replace(/^http/, 'ws')}${path}`)
  const waiting: ((message: unknown) => void)[] = []
  ws.on('message', (data) => {
    const message = JSON.parse(data.toString()) as { id?: unknown; method?: unknown }
    if (message.id === undefined && message.method !== undefined) return
    waiting.shift()?.(message)
  })
  ws.on('close', (code) => waiting.shift()?.({ closed: code }))
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject))
  const call: Call = (text) =>
    new Promise((resolve) => {
      waiting.push(resolve)
      ws.send(text)
    })
  return { call, close: () => ws.close() }
}

let ids = 0
/**
 * Sends `method` with `params` (or the params' text `text`, from paramsText) and checks the answer and the
 * chain; a subscription it opens is closed again (a socket holds at most 256).
 */
async function check(
  call: Call,
  method: string,
  params: unknown,
  where: string,
  text = paramsText(params),
): Promise<void> {
  const id = ++ids
  const sent = requestWith(id, method, text)
  const said = () => `${where} ${sent.slice(0, 160)}`
  const before = digest(sim.sim)
  const answer = (await call(sent)) as { result?: unknown; error?: unknown }
  expectRpcAnswer(answer, id, () => `${said()} → ${JSON.stringify(answer).slice(0, 200)}`)
  if (answer.error !== undefined || !RPC_CHANGES_STATE.has(method)) {
    const after = digest(sim.sim)
    if (after !== before) expect(after, `${said()} changed the chain`).toBe(before)
  }
  if (method.startsWith('starknet_subscribe') && answer.error === undefined)
    await check(call, 'starknet_unsubscribe', [answer.result], where)
}

/** Sends `method` with each of the params' texts `params` in one batch, and checks each answer and the chain. */
async function checkBatch(
  call: Call,
  method: string,
  params: readonly (string | undefined)[],
  where: string,
) {
  if (params.length === 0) return
  const first = ids + 1
  const texts = params.map((one) => requestWith(++ids, method, one))
  const before = digest(sim.sim)
  const answers = await call(`[${texts.join(',')}]`)
  expect(Array.isArray(answers), `${where} ${method}: ${JSON.stringify(answers).slice(0, 200)}`).toBe(true)
  const byId = new Map((answers as { id?: unknown }[]).map((answer) => [answer.id, answer]))
  texts.forEach((text, i) => {
    const answer = byId.get(first + i)
    const said = () => `${where} ${text.slice(0, 160)} → ${JSON.stringify(answer).slice(0, 200)}`
    expectRpcAnswer(answer, first + i, said)
  })
  expect(digest(sim.sim), `${where} ${method} changed the chain`).toBe(before)
}

/**
 * Every endpoint: each HTTP path and WebSocket path, its version and the methods it answers; the fixed
 * extremes go to one path per version and wire (`primary`: /rpc and /ws speak what /rpc/v0_10 does).
 */
const ENDPOINTS = [
  ...Object.entries(RPC_HTTP_PATHS).map(([path, version]) => ({
    where: `POST ${path}`,
    path,
    version,
    methods: RPC_METHODS[version],
    ws: false,
    primary: path !== '/rpc',
  })),
  ...Object.entries(STARKNET_WS_PATHS).map(([path, version]) => ({
    where: `WS ${path}`,
    path,
    version: version as Exclude<Version, '0.7'>,
    methods: [...RPC_METHODS[version as Version], ...RPC_WS_METHODS[version as Exclude<Version, '0.7'>]],
    ws: true,
    primary: path.startsWith('/rpc/'),
  })),
]

/** The fixed extremes of a method with param names `names`, each with its text, written once for every endpoint. */
const fixedTexts = new Map<string, { params: unknown; text: string | undefined; deep: boolean }[]>()
const fixedOf = (names: readonly string[]) => {
  const key = names.join()
  let fixed = fixedTexts.get(key)
  if (!fixed) {
    fixed = fixedParams(names).map((params) => ({
      params,
      text: paramsText(params),
      deep: JSON.stringify(params ?? null).includes('@deep'),
    }))
    fixedTexts.set(key, fixed)
  }
  return fixed
}

/** Fast-check runs per method and endpoint (the fixed extremes reach every method on every endpoint). */
const RUNS_PER_METHOD = 2

describe('every JSON-RPC method of every version, over HTTP and the WebSocket API', () => {
  it('devnet_revert with a bad id reverts nothing; with the snapshot id, it does', async () => {
    const call = overHttp('/rpc')
    const { result } = (await call(request(1, 'devnet_snapshot', []))) as { result: { id: number } }
    await call(request(2, 'devnet_createBlock', []))
    const bad = [0, -1, result.id + 1, 1.5, 2 ** 53, '1', '0x', '0xzz', 1e308, null, ['@big'], { id: '@big' }]
    for (const id of bad) await check(call, 'devnet_revert', { id }, 'POST /rpc')
    const created = digest(sim.sim)
    expect(await call(request(3, 'devnet_revert', { id: result.id }))).toMatchObject({
      result: { id: result.id },
    })
    expect(digest(sim.sim)).not.toBe(created)
  })

  it.each(ENDPOINTS.filter((e) => e.primary))(
    '$where ($version): the fixed extremes to every method',
    async (endpoint) => {
      const socket = endpoint.ws ? await overWebSocket(endpoint.path) : undefined
      const call = socket?.call ?? overHttp(endpoint.path)
      for (const method of endpoint.methods) {
        const all = fixedOf(namesOf(endpoint.version, method))
        // A method that cannot change the chain gets its extremes in one batch (but one too deep for a batch).
        const alone = (one: { deep: boolean }) =>
          RPC_CHANGES_STATE.has(method) || method.startsWith('starknet_subscribe') || one.deep
        for (const one of all.filter(alone)) await check(call, method, one.params, endpoint.where, one.text)
        await checkBatch(
          call,
          method,
          all.filter((one) => !alone(one)).map((one) => one.text),
          endpoint.where,
        )
      }
      expect((await send(sim.url, 'GET', '/is_alive')).status).toBe(200)
      socket?.close()
    },
    60_000,
  )

  it.each(ENDPOINTS)(
    '$where ($version): property: generated params to every method',
    async (endpoint) => {
      const socket = endpoint.ws ? await overWebSocket(endpoint.path) : undefined
      const call = socket?.call ?? overHttp(endpoint.path)
      const requests = fc
        .constantFrom(...endpoint.methods)
        .chain((method) =>
          hostileParams(namesOf(endpoint.version, method)).map((params) => ({ method, params })),
        )
      await fc.assert(
        fc.asyncProperty(requests, ({ method, params }) => check(call, method, params, endpoint.where)),
        { numRuns: RUNS_PER_METHOD * endpoint.methods.length },
      )
      expect((await send(sim.url, 'GET', '/is_alive')).status).toBe(200)
      socket?.close()
    },
    120_000,
  )
})
