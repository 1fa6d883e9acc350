import {
  NotImplementedError,
  ServiceUnreachableError,
  serializeError,
  WalletNotAvailableError,
} from '@webwallet/protocol/errors'
import { reach } from '../http/reach'
import { parseTrpcResponse } from './envelope'
import { readEventStream } from './eventStream'
import type { Channel, Incoming, RequestId, TrpcError } from './types'

/** Options of {@link fromHttp}. */
export type FromHttpOptions = {
  /** The wallet router over HTTP, e.g. wallet-sim's `http://localhost:3005/trpc`. */
  url: string
  /**
   * Calls posted within this many ms of the first travel in one HTTP request per kind (docs/protocol.md, Constants);
   * default {@link HTTP_BATCH_INTERVAL_MS}. 0 still batches the calls of the same task.
   */
  batchIntervalMs?: number | undefined
  /** Headers of every request (e.g. `{ authorization: 'Bearer <login token>' }`), or what returns them. */
  headers?: Record<string, string> | (() => Record<string, string>) | undefined
  /** Defaults to `globalThis.fetch`. */
  fetch?: typeof fetch | undefined
}

/** How long the first call waits for others to share its HTTP request. */
export const HTTP_BATCH_INTERVAL_MS = 10

type Call = { id: RequestId; path: string; input: unknown }

/** A request in flight, its calls, and the ones the caller gave up on (stop by id). */
type Sent = { abort: AbortController; ids: RequestId[]; stopped: Set<RequestId> }

/** What one HTTP request of the channel needs of it. */
type Wire = {
  base: string
  send: typeof fetch
  headers(): Record<string, string> | undefined
  deliver(response: Incoming): void
  closed(): boolean
}

/**
 * The HTTP channel's code, a chunk of its own: `Messenger.fromHttp` (./headless) loads it and says what it
 * does.
 *
 * @example
 * const channel = fromHttp({ url: 'http://localhost:3005/trpc', headers: { authorization: `Bearer ${token}` } })
 */
export function fromHttp(options: FromHttpOptions): Channel {
  const send = options.fetch ?? globalThis.fetch?.bind(globalThis)
  if (!send) throw new WalletNotAvailableError({ cause: 'No fetch implementation: pass options.fetch' })
  const interval = options.batchIntervalMs ?? HTTP_BATCH_INTERVAL_MS
  const listeners = new Set<(response: Incoming) => void>()
  // The request in flight each sent call rides in.
  const sentIn = new Map<RequestId, Sent>()
  const streams = new Map<RequestId, AbortController>()
  let queue: { query: Call[]; mutation: Call[] } = { query: [], mutation: [] }
  let timer: ReturnType<typeof setTimeout> | undefined
  let closed = false
  const wire: Wire = {
    base: options.url.replace(/\/+$/, ''),
    send,
    headers: () => (typeof options.headers === 'function' ? options.headers() : options.headers),
    deliver(response) {
      for (const listener of listeners) listener(response)
    },
    closed: () => closed,
  }
  // A call given up on: one still queued is not sent; a sent request ends once all its calls were given up on,
  // so the wallet sees the client leave and drops the pending approval, as over the WebSocket.
  const stop = (id: RequestId) => {
    streams.get(id)?.abort()
    queue = {
      query: queue.query.filter((call) => call.id !== id),
      mutation: queue.mutation.filter((call) => call.id !== id),
    }
    const sent = sentIn.get(id)
    if (sent === undefined) return
    sent.stopped.add(id)
    if (sent.stopped.size === sent.ids.length) sent.abort.abort()
  }
  const flush = () => {
    timer = undefined
    const { query, mutation } = queue
    queue = { query: [], mutation: [] }
    if (query.length > 0) void batch(wire, sentIn, 'GET', query)
    if (mutation.length > 0) void batch(wire, sentIn, 'POST', mutation)
  }

  return {
    ready: () => (closed ? Promise.reject(new WalletNotAvailableError()) : Promise.resolve()),
    post(request) {
      if (request.method === 'subscription.stop') return stop(request.id)
      if (request.method === 'subscription') {
        const { path, input } = request.params
        if (!STREAMED.has(path))
          throw new NotImplementedError({ cause: `${path}: subscriptions are not served over HTTP` })
        void stream(wire, streams, { id: request.id, path, input })
        return
      }
      queue[request.method].push({ id: request.id, path: request.params.path, input: request.params.input })
      timer ??= setTimeout(flush, interval)
    },
    listen(onResponse) {
      listeners.add(onResponse)
      return () => listeners.delete(onResponse)
    },
    close() {
      closed = true
      clearTimeout(timer)
      timer = undefined
      queue = { query: [], mutation: [] }
      for (const { abort } of sentIn.values()) abort.abort()
      for (const abort of streams.values()) abort.abort()
      listeners.clear()
    },
  }
}

/** One batch of queries (GET) or mutations (POST) in one HTTP request; each call gets its own answer. */
async function batch(wire: Wire, sentIn: Map<RequestId, Sent>, method: 'GET' | 'POST', calls: Call[]) {
  const inputs: Record<number, unknown> = {}
  calls.forEach((call, i) => {
    if (call.input !== undefined) inputs[i] = call.input
  })
  const body = JSON.stringify(inputs)
  let url = `${wire.base}/${calls.map((call) => encodeURIComponent(call.path)).join(',')}?batch=1`
  if (method === 'GET') url += `&input=${encodeURIComponent(body)}`
  const abort = new AbortController()
  const sent = { abort, ids: calls.map(({ id }) => id), stopped: new Set<RequestId>() }
  for (const id of sent.ids) sentIn.set(id, sent)
  let answer: unknown
  try {
    const headers = wire.headers()
    const response = await reach(
      'wallet',
      url,
      {
        method,
        headers: method === 'POST' ? { ...headers, 'content-type': 'application/json' } : { ...headers },
        ...(method === 'POST' ? { body } : {}),
        signal: abort.signal,
      },
      wire.send,
    )
    answer = await response.json().catch(() => undefined)
  } catch (error) {
    // Aborted because every call of it was stopped: nobody waits for an answer.
    if (!wire.closed() && sent.stopped.size < calls.length)
      failAll(wire, calls, wireError(notAvailable(error)))
    return
  } finally {
    for (const id of sent.ids) if (sentIn.get(id) === sent) sentIn.delete(id)
  }
  if (wire.closed()) return
  if (Array.isArray(answer) && answer.length === calls.length) {
    calls.forEach(({ id }, i) => {
      const item = answer[i]
      wire.deliver(
        parseTrpcResponse(typeof item === 'object' && item !== null ? { ...item, id } : { id }) ?? {
          id,
          malformed: true,
        },
      )
    })
    return
  }
  // One error for the whole request (e.g. tRPC refusing the batch): every call gets it.
  const whole = parseTrpcResponse(typeof answer === 'object' && answer !== null ? { ...answer, id: 0 } : {})
  failAll(wire, calls, whole && 'error' in whole ? whole.error : undefined)
}

/** One subscription: its events, as the WebSocket wire would carry them (started, data, stopped, error). */
async function stream(wire: Wire, streams: Map<RequestId, AbortController>, call: Call) {
  const { id, path, input } = call
  const abort = new AbortController()
  streams.set(id, abort)
  let url = `${wire.base}/${encodeURIComponent(path)}`
  if (input !== undefined) url += `?input=${encodeURIComponent(JSON.stringify(input))}`
  const dropped = (cause: unknown) =>
    !abort.signal.aborted && !wire.closed() && failAll(wire, [call], wireError(notAvailable(cause)))
  const { deliver } = wire
  try {
    const init = { method: 'GET', headers: { ...wire.headers(), accept: 'text/event-stream' } }
    const response = await reach('wallet', url, { ...init, signal: abort.signal }, wire.send)
    if (!response.ok || !response.body) {
      const answer = (await response.json().catch(() => undefined)) as { error?: unknown } | undefined
      const refused = parseTrpcResponse({ id, error: answer?.error })
      if (refused && 'error' in refused) deliver(refused)
      else dropped(`HTTP ${response.status}`)
      return
    }
    for await (const { event, data } of readEventStream(response.body)) {
      if (abort.signal.aborted || wire.closed()) return
      if (event === 'connected') deliver({ id, result: { type: 'started' } })
      else if (event === 'return') return deliver({ id, result: { type: 'stopped' } })
      else if (event === 'serialized-error') {
        const failure = parseTrpcResponse({ id, error: parseJson(data) })
        return deliver(failure && 'error' in failure ? failure : { id, malformed: true })
      } else if (event === undefined) {
        const value = { id, result: { type: 'data', data: parseJson(data) } }
        deliver(parseTrpcResponse(value) ?? { id, malformed: true })
      }
    }
    dropped('the event stream ended')
  } catch (error) {
    dropped(error)
  } finally {
    streams.delete(id)
  }
}

/** A failure of the request itself reaches each call as the wallet router would have sent it. */
function failAll(wire: Wire, calls: Call[], error: TrpcError | undefined): void {
  for (const { id } of calls) wire.deliver(error ? { id, error } : { id, malformed: true })
}

/**
 * The subscriptions the wallet serves over HTTP (server-sent events): protocol's WALLET_EVENTS_PROCEDURE,
 * written out here because its module also holds a zod schema, which the shim's bundle never carries.
 */
const STREAMED = new Set(['walletEvents'])

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** A coded error in the router's error shape, so `Messenger.create` rebuilds it like the wallet's own. */
// No answer at all is SERVICE_UNREACHABLE (the wallet's server is down); anything else 'Wallet not available'.
const notAvailable = (cause: unknown) =>
  cause instanceof ServiceUnreachableError ? cause : new WalletNotAvailableError({ cause })

function wireError(error: Error & { code: string }): TrpcError {
  return { code: -32603, message: error.message, data: { webwalletError: serializeError(error) } }
}
