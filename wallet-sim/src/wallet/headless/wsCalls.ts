// The queries and mutations a WebSocket connection has in flight, each with a signal that fires when its client
// gives up on it (tRPC's stop message for its id, or the socket's close). tRPC's ws adapter (v11) cannot: it keeps
// only subscriptions by id, aborts only those and the connection's signal on close, and its per-call controller is
// private. So each connection reads messages before tRPC into its own registry (a stop on one socket never reaches
// another's call) and runs each call in an AsyncLocalStorage scope its procedure reads (`currentCallSignal`).
import { AsyncLocalStorage } from 'node:async_hooks'
import { type Encoder, jsonEncoder } from '@trpc/server/adapters/ws'
import type { RawData, WebSocket } from 'ws'
import { MAX_JSON_DEPTH, nestedDeeperThan } from '../../infra/json/depth'

export type RequestId = number | string
type MessageListener = (data: RawData, isBinary: boolean) => void

interface Call {
  id: RequestId
  controller: AbortController
  /** Leaves the registry (answered, stopped, or the socket closed). */
  end(): void
}

const current = new AsyncLocalStorage<Call>()

/**
 * The signal of the WebSocket query or mutation being handled; undefined outside one.
 *
 * @example
 * createContext: ({ req }) => ({ origin: 'headless', callSignal: currentCallSignal })
 */
export const currentCallSignal = (): AbortSignal | undefined => current.getStore()?.controller.signal

/**
 * tRPC's JSON encoder, which also ends the call whose answer it encodes (tRPC answers a call within its
 * scope), so an answered id leaves the registry. Pass it as `experimental_encoder`.
 */
export const callEndingEncoder: Encoder = {
  encode(data) {
    const call = current.getStore()
    if (call !== undefined && headerOf(data)?.id === call.id) call.end()
    return jsonEncoder.encode(data)
  },
  decode: (data) => jsonEncoder.decode(data),
}

/**
 * The message as JSON (a batch is an array), undefined when it is not JSON text, or 'too deep' when it
 * nests deeper than MAX_JSON_DEPTH (a batch's calls are written out again one by one, and JSON.stringify
 * overflows the stack on deep nesting).
 */
function parsed(data: RawData, isBinary: boolean): { json: unknown } | 'too deep' | undefined {
  if (isBinary || !Buffer.isBuffer(data)) return undefined
  const text = data.toString('utf8')
  if (nestedDeeperThan(text)) return 'too deep'
  try {
    return { json: JSON.parse(text) as unknown }
  } catch {
    return undefined
  }
}

/** Most calls one message may batch: past it the whole batch is refused, as tRPC's `maxBatchSize` does. */
export const MAX_BATCH_CALLS = 1000

export interface TrackCallsOptions {
  /**
   * Answers a message refused before tRPC reads it with a coded error for each of its `ids` (id null when
   * it has none; ws.ts: tRPC's error shape, PARSE_ERROR or BAD_REQUEST); the socket stays open. `code`:
   * PARSE_ERROR for a message nested deeper than MAX_JSON_DEPTH, BAD_REQUEST for a batch over
   * MAX_BATCH_CALLS.
   */
  refuse(code: 'PARSE_ERROR' | 'BAD_REQUEST', reason: string, ids: readonly RequestId[]): void
}

/** A JSON-RPC message's id and method, when it has both. */
function headerOf(message: unknown): { id: RequestId; method: unknown } | undefined {
  if (typeof message !== 'object' || message === null) return undefined
  const { id, method } = message as { id?: unknown; method?: unknown }
  return typeof id === 'number' || typeof id === 'string' ? { id, method } : undefined
}

/**
 * Serves `client` with `serve` (tRPC's connection handler) and makes its queries and mutations stoppable: ours
 * calls tRPC's message listener, each call of a batch on its own inside its scope.
 *
 * @example
 * wss.handleUpgrade(req, socket, head, (ws) =>
 *   trackCalls(ws, () => wss.emit('connection', ws, req), { refuse: (code, reason, ids) => answer(ids) }),
 * )
 */
export function trackCalls(client: WebSocket, serve: () => void, options: TrackCallsOptions): void {
  const running = new Map<RequestId, Set<Call>>()
  const before = new Set(client.listeners('message'))
  serve()
  const listeners = client.listeners('message').filter((l) => !before.has(l)) as MessageListener[]
  for (const listener of listeners) client.off('message', listener)
  const deliver = (data: RawData, isBinary: boolean) => {
    for (const listener of listeners) listener.call(client, data, isBinary)
  }

  const start = (id: RequestId, handle: () => void) => {
    const calls = running.get(id) ?? new Set<Call>()
    running.set(id, calls)
    const call: Call = {
      id,
      controller: new AbortController(),
      end: () => {
        calls.delete(call)
        if (calls.size === 0 && running.get(id) === calls) running.delete(id)
      },
    }
    calls.add(call)
    current.run(call, handle)
  }
  const stop = (id: RequestId) => {
    for (const call of running.get(id) ?? []) call.controller.abort()
    running.delete(id)
  }
  const route = (message: unknown, handle: () => void) => {
    const header = headerOf(message)
    if (header?.method === 'query' || header?.method === 'mutation') return start(header.id, handle)
    // tRPC still gets the stop: it stops a subscription of that id.
    if (header?.method === 'subscription.stop') stop(header.id)
    handle()
  }

  const receive = (data: RawData, isBinary: boolean) => {
    const message = parsed(data, isBinary)
    if (message === 'too deep')
      return options.refuse('PARSE_ERROR', `the message nests deeper than ${MAX_JSON_DEPTH} levels`, [])
    // Not JSON (PING, a binary frame): tRPC answers it as it would.
    if (message === undefined) return deliver(data, isBinary)
    if (!Array.isArray(message.json)) return route(message.json, () => deliver(data, isBinary))
    if (message.json.length > MAX_BATCH_CALLS) {
      const ids = message.json.flatMap((call) => {
        const header = headerOf(call)
        return header && header.method !== 'subscription.stop' ? [header.id] : []
      })
      return options.refuse('BAD_REQUEST', `a batch may hold at most ${MAX_BATCH_CALLS} calls`, ids)
    }
    // A batch: each call on its own, so each runs in its own scope.
    for (const call of message.json) route(call, () => deliver(Buffer.from(JSON.stringify(call)), false))
  }
  client.on('message', (data, isBinary) => {
    // A throw here would leave ws's receiver and end the process: this one socket closes instead (1011).
    try {
      receive(data, isBinary)
    } catch (error) {
      console.error('wallet-sim /trpc: a message failed', error)
      client.close(1011, 'internal error')
    }
  })
  client.once('close', () => {
    for (const id of [...running.keys()]) stop(id)
  })
}
